import { describe, expect, it } from "vitest";
import type { PublishRequest } from "../platforms/types";
import { trackLinks } from "./publish";
import {
  CODE_PATTERN,
  clickDay,
  finalUrls,
  findLinks,
  isHumanClick,
  linkPlan,
  newCode,
  type PostLinkChoices,
  replaceLinks,
  withUtm,
} from "./rules";
import type { LinkSettingsRow, LinkStore, NewShortLink } from "./store";
import { clickSummary } from "./view";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const req = (headers: Record<string, string>, method = "GET") => ({ method, headers: new Headers(headers) });

describe("finding links in a post", () => {
  it("takes http(s) links up to whitespace and leaves the sentence's punctuation out", () => {
    const text = 'New menu (https://a.example/menu?x=1). Also http://b.example/path, and https://c.example/q?x="y"!';
    expect(findLinks(text).map((l) => l.url)).toEqual([
      "https://a.example/menu?x=1",
      "http://b.example/path",
      "https://c.example/q?x=",
    ]);
    expect(findLinks("no links here, just www.example.com and ftp://x")).toEqual([]);
  });

  it("replaces links left to right, keeping the ones the callback leaves alone", () => {
    const text = "a https://one.example b https://two.example. c";
    expect(replaceLinks(text, (url, i) => (i === 0 ? null : `<${url}>`))).toBe(
      "a https://one.example b <https://two.example>. c",
    );
  });
});

describe("UTM parameters", () => {
  const utm = { source: "twitter", medium: "social", campaign: "spring" };
  it("are added to the destination; the author's own are kept", () => {
    expect(withUtm("https://shop.example/p?id=3#top", utm)).toBe(
      "https://shop.example/p?id=3&utm_source=twitter&utm_medium=social&utm_campaign=spring#top",
    );
    expect(withUtm("https://shop.example/?utm_source=mail", utm)).toBe(
      "https://shop.example/?utm_source=mail&utm_medium=social&utm_campaign=spring",
    );
    expect(withUtm("https://shop.example/", null)).toBe("https://shop.example/");
  });
});

describe("who counts as a click", () => {
  it("a person's GET does; HEAD, prefetches, link-preview crawlers and agent-less scripts do not", () => {
    expect(isHumanClick(req({ "User-Agent": BROWSER }))).toBe(true);
    expect(isHumanClick(req({ "User-Agent": BROWSER }, "HEAD"))).toBe(false);
    expect(isHumanClick(req({ "User-Agent": BROWSER, "Sec-Purpose": "prefetch" }))).toBe(false);
    expect(isHumanClick(req({ "User-Agent": BROWSER, Purpose: "prefetch" }))).toBe(false);
    expect(isHumanClick(req({ "User-Agent": BROWSER, "X-Moz": "prefetch" }))).toBe(false);
    for (const bot of [
      "Twitterbot/1.0",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
      "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)",
      "curl/8.5.0",
    ])
      expect(isHumanClick(req({ "User-Agent": bot })), bot).toBe(false);
    expect(isHumanClick(req({}))).toBe(false);
  });

  it("is counted on its UTC day", () => {
    expect(clickDay(Date.UTC(2026, 2, 29, 23, 59))).toBe("2026-03-29");
  });
});

it("codes are 10 letters and digits", () => {
  expect(newCode()).toMatch(CODE_PATTERN);
  expect(newCode(new Uint8Array(10).fill(61))).toBe("9999999999");
});

it("sums clicks per channel and per post, most clicked first", () => {
  const s = clickSummary([
    { postId: "p1", postText: "Spring menu", platform: "twitter", clicks: 2 },
    { postId: "p2", postText: "Opening hours", platform: "linkedin", clicks: 5 },
    { postId: "p1", postText: "Spring menu", platform: "linkedin", clicks: 1 },
  ]);
  expect(s).toEqual({
    total: 8,
    byChannel: [
      { platform: "linkedin", clicks: 6 },
      { platform: "twitter", clicks: 2 },
    ],
    byPost: [
      { postId: "p2", excerpt: "Opening hours", clicks: 5 },
      { postId: "p1", excerpt: "Spring menu", clicks: 3 },
    ],
    bio: { total: 0, items: [] },
  });
});

it("adds the bio page's clicks to the total and a grid post's to its post, naming each item", () => {
  const s = clickSummary(
    [{ postId: "p1", postText: "Spring menu", platform: "twitter", clicks: 2 }],
    [
      { item: "link-ab12", clicks: 4, postId: null, postText: null },
      { item: "post-t1", clicks: 3, postId: "p1", postText: "Spring menu" },
      { item: "link-gone", clicks: 1, postId: null, postText: null },
      { item: "post-t9", clicks: 1, postId: null, postText: null },
    ],
    new Map([["ab12", "Order online"]]),
  );
  expect(s.total).toBe(11);
  expect(s.byChannel).toEqual([{ platform: "twitter", clicks: 2 }]);
  expect(s.byPost).toEqual([{ postId: "p1", excerpt: "Spring menu", clicks: 5 }]);
  expect(s.bio).toEqual({
    total: 9,
    items: [
      { item: "link-ab12", label: "Order online", postId: null, clicks: 4 },
      { item: "post-t1", label: "Spring menu", postId: "p1", clicks: 3 },
      { item: "link-gone", label: "(a link since removed)", postId: null, clicks: 1 },
      { item: "post-t9", label: "(a post since deleted)", postId: null, clicks: 1 },
    ],
  });
});

describe("links in what a channel publishes", () => {
  const settings: LinkSettingsRow = {
    workspaceId: "w",
    enabled: true,
    utm: true,
    utmMedium: "social",
    utmCampaign: "c",
    updatedAt: 0,
  };
  /** A store that hands out codes by slot, as the database would on a first publish. */
  const store = (
    made: NewShortLink[] = [],
    post: { options?: PostLinkChoices; labels?: string[]; earlier?: Map<string, string> } = {},
  ) =>
    ({
      settings: async () => settings,
      postOptions: async () => post.options,
      labelNames: async () => post.labels ?? [],
      ensureForTarget: async (_id: string, rows: NewShortLink[]) => {
        made.push(...rows);
        return post.earlier ?? new Map(rows.map((r, i) => [r.slot, `code${String(i).padStart(6, "0")}`]));
      },
    }) as unknown as LinkStore;
  /** The directory holds every code for this workspace (no collision). */
  const allNames = { claim: async (_kind: string, names: readonly string[]) => new Set(names) };
  const target = { id: "t", postId: "p", workspaceId: "w", platform: "bluesky" as const };
  const request = (text: string, more: Partial<PublishRequest> = {}): PublishRequest => ({
    marker: "t",
    text,
    media: [],
    ...more,
  });

  it("replaces the text's, the thread's and the first comment's links, each in its own slot", async () => {
    const made: NewShortLink[] = [];
    const out = await trackLinks(
      store(made),
      allNames,
      "https://app.example",
      target,
      request("Read https://a.example", { thread: ["and https://b.example"], firstComment: "https://c.example" }),
    );
    expect(made.map((r) => r.slot)).toEqual(["text:0", "thread:1:0", "comment:0"]);
    expect(made[1]!.destination).toBe("https://b.example/?utm_source=bluesky&utm_medium=social&utm_campaign=c");
    expect(out.text).toBe("Read https://app.example/l/code000000");
    expect(out.thread).toEqual(["and https://app.example/l/code000001"]);
    expect(out.firstComment).toBe("https://app.example/l/code000002");
  });

  it("keeps a part's links as written when short links would take it over the channel's limit", async () => {
    const made: NewShortLink[] = [];
    const full = `${"x".repeat(280)} https://a.co`;
    const out = await trackLinks(store(made), allNames, "https://app.example", target, request(full));
    expect(out.text).toBe(full);
    expect(made).toEqual([]);
  });

  it("leaves links already on the app's short-link path alone", async () => {
    const made: NewShortLink[] = [];
    const text = "again https://app.example/l/abcdefghij";
    expect((await trackLinks(store(made), allNames, "https://app.example", target, request(text))).text).toBe(text);
    expect(made).toEqual([]);
  });

  it("tags links with the post's own campaign, else its first label, and makes none for a post that opted out", async () => {
    const made: NewShortLink[] = [];
    const own = { shorten: true, utmCampaign: "launch", utmMedium: "paid social" };
    await trackLinks(
      store(made, { options: own, labels: ["Spring"] }),
      allNames,
      "https://app.example",
      target,
      request("https://a.example"),
    );
    await trackLinks(
      store(made, { labels: ["Spring sale", "Tips"] }),
      allNames,
      "https://app.example",
      target,
      request("https://a.example"),
    );
    expect(made.map((r) => r.destination)).toEqual([
      "https://a.example/?utm_source=bluesky&utm_medium=paid+social&utm_campaign=launch",
      "https://a.example/?utm_source=bluesky&utm_medium=social&utm_campaign=Spring+sale",
    ]);
    const out: NewShortLink[] = [];
    const optedOut = { shorten: false, utmCampaign: null, utmMedium: null };
    const text = "Read https://a.example";
    expect(
      (await trackLinks(store(out, { options: optedOut }), allNames, "https://app.example", target, request(text)))
        .text,
    ).toBe(text);
    expect(out).toEqual([]);
    // An earlier attempt's links are sent again even if the post opted out since: a retry sends the same text.
    const earlier = new Map([["text:0", "abcdefghij"]]);
    const again = await trackLinks(
      store([], { options: optedOut, earlier }),
      allNames,
      "https://app.example",
      target,
      request(text),
    );
    expect(again.text).toBe("Read https://app.example/l/abcdefghij");
  });
});

describe("the link plan of a post on a channel", () => {
  const workspace = { enabled: true, utm: true, utmMedium: "social", utmCampaign: "postline" };
  it("shortens only when the workspace tracks links and the post did not opt out", () => {
    expect(linkPlan({ ...workspace, enabled: false }, null, "x").shorten).toBe(false);
    expect(linkPlan(workspace, { shorten: false, utmCampaign: "a", utmMedium: null }, "x")).toEqual({
      shorten: false,
      utm: null,
    });
    expect(linkPlan({ ...workspace, utm: false }, null, "x")).toEqual({ shorten: true, utm: null });
  });
  it("takes the source from the network and the campaign from the post, its label or the workspace", () => {
    expect(linkPlan(workspace, null, "linkedin").utm).toEqual({
      source: "linkedin",
      medium: "social",
      campaign: "postline",
    });
    expect(linkPlan(workspace, null, "linkedin", ["Spring"]).utm?.campaign).toBe("Spring");
    const own = { shorten: true, utmCampaign: "Launch", utmMedium: "email" };
    expect(linkPlan(workspace, own, "threads", ["Spring"]).utm).toEqual({
      source: "threads",
      medium: "email",
      campaign: "Launch",
    });
  });
  it("previews each link's final URL: tagged when shortened, as typed when not", () => {
    const text = "See https://shop.example/menu?utm_medium=newsletter.";
    expect(finalUrls(text, linkPlan(workspace, null, "x"))).toEqual([
      {
        url: "https://shop.example/menu?utm_medium=newsletter",
        final: "https://shop.example/menu?utm_medium=newsletter&utm_source=x&utm_campaign=postline",
      },
    ]);
    expect(finalUrls(text, { shorten: false, utm: null })[0]!.final).toBe(
      "https://shop.example/menu?utm_medium=newsletter",
    );
  });
});
