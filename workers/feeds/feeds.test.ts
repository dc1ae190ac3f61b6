import { afterEach, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { servicesOn, withReplaced } from "../test/shards";
import { feedDeps } from "./deps";
import { runFeedChecks } from "./jobs";

type User = Awaited<ReturnType<typeof registerUser>>;

const blog = (ext: "xml" | "atom" | "json", name = `bakery-${crypto.randomUUID().slice(0, 8)}`) =>
  `https://feeds.example/${name}.${ext}`;

async function withAccount(platform = "linkedin") {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, platform);
  const account = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts[0]!;
  return { u, accountId: account._id };
}

const addFeed = (u: User, body: Record<string, unknown>) =>
  call<"POST /api/feeds">("/api/feeds", { token: u.token, body });
const check = (u: User, id: string) =>
  call<"POST /api/feeds/:id/check">(`/api/feeds/${id}/check`, { token: u.token, method: "POST" });
const posts = async (u: User) =>
  (await call<"GET /api/posts">("/api/posts?limit=100", { token: u.token })).body.data.posts.map((p) => ({
    content: p.content,
    status: p.status,
  }));

/** A new article on the sandbox blog, as its author would publish it. */
async function publishArticle(url: string, title: string, image?: "enclosure" | "page") {
  const name = new URL(url).pathname.slice(1).replace(/\.\w+$/, "");
  const res = await raw(`/sandbox/feeds.example/${name}/items`, {
    method: "POST",
    body: JSON.stringify({ title, summary: `${title}, in detail.`, image }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
}

afterEach(clearFaults);

describe("adding a feed", () => {
  it("takes https feeds on public hosts only, and a queue needs channels", async () => {
    const { u, accountId } = await withAccount();
    for (const [url, message] of [
      ["http://blog.example.org/feed.xml", "Feed URLs must start with https://"],
      [
        "https://localhost/feed.xml",
        "Feed URLs must be on a public host (not localhost, a private address or a local name)",
      ],
      [
        "https://192.168.1.10/feed.xml",
        "Feed URLs must be on a public host (not localhost, a private address or a local name)",
      ],
      [
        "https://intranet/feed",
        "Feed URLs must be on a public host (not localhost, a private address or a local name)",
      ],
      ["feed.xml", "Please enter the feed's full URL, like https://example.com/feed.xml"],
    ]) {
      const res = await addFeed(u, { url });
      expect([res.status, res.body.message], url).toEqual([400, message]);
    }
    const noChannel = await addFeed(u, { url: blog("xml"), mode: "queue" });
    expect([noChannel.status, noChannel.body.message]).toEqual([400, "Choose at least one channel for the queue"]);
    const foreign = await addFeed(u, { url: blog("xml"), accountIds: ["not-mine"] });
    expect([foreign.status, foreign.body.message]).toEqual([400, "Choose channels connected to this workspace"]);
    const badTemplate = await addFeed(u, { url: blog("xml"), accountIds: [accountId], template: "Hello" });
    expect(badTemplate.body.message).toBe("The template must use {title}, {link} or {summary}");
    expect((await call<"GET /api/feeds">("/api/feeds", { token: u.token })).body.data.feeds).toEqual([]);
  });
});

describe("checking feeds", () => {
  it("tells the workspace's webhooks of each item that became a post", async () => {
    const { u, accountId } = await withAccount();
    const url = blog("xml");
    const id = (await addFeed(u, { url, accountIds: [accountId] })).body.data.id;
    // The events as the webhook service is handed them (its delivery has its own suite).
    const sent: Array<{ type: string; data: Record<string, unknown> }> = [];
    const services = await servicesOn(u.user.id);
    const webhooks = {
      emit: async (_workspace: string, type: string, data: Record<string, unknown>) => void sent.push({ type, data }),
    } as unknown as typeof services.webhooks;
    await runFeedChecks(feedDeps(withReplaced(services, { webhooks })));
    const made = (await call<"GET /api/posts">("/api/posts?limit=10", { token: u.token })).body.data.posts;
    expect(made).toHaveLength(3);
    const mine = sent.filter((e) => e.data.feedId === id);
    expect(mine.map((e) => e.type)).toEqual(Array(3).fill("feed.item_posted"));
    expect(mine.map((e) => e.data.postId).sort()).toEqual(made.map((p) => p._id).sort());
    expect(mine[0]!.data).toMatchObject({ feedUrl: url, mode: "draft", link: expect.stringMatching(/^https:/) });
  });

  it.each(["xml", "atom", "json"] as const)(
    "a %s feed's newest items become drafts once, and only new ones later",
    async (ext) => {
      const { u, accountId } = await withAccount();
      const url = blog(ext);
      const added = await addFeed(u, { url, accountIds: [accountId], template: "{title} → {link}" });
      expect(added.status).toBe(201);
      expect(added.body.message).toBe("Feed added: it is checked within a minute, then every 15 minutes");
      const id = added.body.data.id;

      const first = await check(u, id);
      expect(first.body.message).toBe("Feed checked: 3 new posts");
      expect(first.body.data.feed).toMatchObject({ lastError: null, posted: 3, title: expect.stringMatching(/blog$/) });
      const drafts = await posts(u);
      expect(drafts.map((p) => p.content.split(" → ")[0]).sort()).toEqual([
        "Meet our new baker",
        "Opening hours for the holidays",
        "Spring menu is here",
      ]);
      expect(drafts.every((p) => p.status === "draft" && p.content.includes("https://feeds.example/"))).toBe(true);

      // Unchanged: the feed answers 304 to the validators it gave, and nothing is posted again.
      expect((await check(u, id)).body.message).toBe("Feed checked: 0 new posts");
      await publishArticle(url, "Sourdough class");
      expect((await check(u, id)).body.message).toBe("Feed checked: 1 new post");
      expect((await check(u, id)).body.message).toBe("Feed checked: 0 new posts");
      expect(await posts(u)).toHaveLength(4);

      // Forever: the same feed removed and added again brings none of its items back.
      expect((await call(`/api/feeds/${id}`, { token: u.token, method: "DELETE" })).status).toBe(200);
      const again = await addFeed(u, { url, accountIds: [accountId] });
      expect((await check(u, again.body.data.id)).body.message).toBe("Feed checked: 0 new posts");
      expect(await posts(u)).toHaveLength(4);
    },
  );

  it("items beyond one check's five are posted by the next check, though the feed has not changed since", async () => {
    const { u, accountId } = await withAccount();
    const url = blog("xml");
    const id = (await addFeed(u, { url, accountIds: [accountId], template: "{title}" })).body.data.id;
    expect((await check(u, id)).body.message).toBe("Feed checked: 3 new posts");
    const titles = ["Rye", "Spelt", "Barley", "Oat", "Millet", "Buckwheat", "Einkorn"];
    for (const title of titles) await publishArticle(url, title);
    expect((await check(u, id)).body.message).toBe("Feed checked: 5 new posts");
    // The feed answers as before (nothing published since): the two waiting items are the next check's.
    expect((await check(u, id)).body.message).toBe("Feed checked: 2 new posts");
    expect((await check(u, id)).body.message).toBe("Feed checked: 0 new posts");
    const made = (await posts(u)).map((p) => p.content);
    expect(made.filter((c) => titles.includes(c)).sort()).toEqual([...titles].sort());
    expect(made).toHaveLength(10);
  });

  it.each(["xml", "atom", "json"] as const)(
    "a %s item's picture comes with it into the media library: its own, else the one its page names",
    async (ext) => {
      const { u, accountId } = await withAccount();
      const url = blog(ext);
      const id = (await addFeed(u, { url, accountIds: [accountId], template: "{title}" })).body.data.id;
      await check(u, id);
      await publishArticle(url, "Rye loaf", "enclosure");
      await publishArticle(url, "Plum cake", "page");
      expect((await check(u, id)).body.message).toBe("Feed checked: 2 new posts");
      const made = (await call<"GET /api/posts">("/api/posts?limit=10", { token: u.token })).body.data.posts;
      const pictured = made
        .filter((p) => p.images.length > 0)
        .map((p) => [p.content, p.images.map((i) => [i.mimeType, i.folder])]);
      expect(pictured.sort()).toEqual([
        ["Plum cake", [["image/png", "feeds"]]],
        ["Rye loaf", [["image/png", "feeds"]]],
      ]);
    },
  );

  it("a queue feed puts items into the channel's next slots, and says why an item could not be posted", async () => {
    const { u, accountId } = await withAccount("linkedin");
    const slots = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, time: "09:00" }));
    await call(`/api/queue/${accountId}/slots`, { token: u.token, method: "PUT", body: { slots } });
    const added = await addFeed(u, { url: blog("json"), mode: "queue", accountIds: [accountId] });
    // Every post needs media in a new workspace, and the sandbox blog's articles have no picture.
    const refused = await check(u, added.body.data.id);
    expect(refused.body.data.feed.lastError).toMatch(
      /^"[^"]+" could not become a post: Images are required for all posts$/,
    );
    await call(`/api/workspaces/${u.user.id}`, { token: u.token, method: "PATCH", body: { mediaRequired: false } });
    await publishArticle(added.body.data.url, "Bread of the week");
    const queued = await check(u, added.body.data.id);
    expect(queued.body.message).toBe("Feed checked: 1 new post");
    expect(queued.body.data.feed.lastError).toBeNull();
    expect(await posts(u)).toEqual([{ content: expect.stringMatching(/^Bread of the week/), status: "scheduled" }]);
  });

  it("two queue feeds on one channel, checked by the same cron run, give their items different slots", async () => {
    const { u, accountId } = await withAccount("linkedin");
    await call(`/api/workspaces/${u.user.id}`, { token: u.token, method: "PATCH", body: { mediaRequired: false } });
    const slots = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, time: "09:00" }));
    await call(`/api/queue/${accountId}/slots`, { token: u.token, method: "PUT", body: { slots } });
    for (const ext of ["xml", "json"] as const)
      expect((await addFeed(u, { url: blog(ext), mode: "queue", accountIds: [accountId] })).status).toBe(201);
    await runFeedChecks(feedDeps(await servicesOn(u.user.id)));
    const queued = (await call<"GET /api/posts">("/api/posts?limit=100", { token: u.token })).body.data.posts;
    expect(queued).toHaveLength(6);
    expect(new Set(queued.map((p) => p.scheduledDate)).size).toBe(6);
  });

  it("a broken, missing or failing feed says why on its card and never holds up the others", async () => {
    const { u, accountId } = await withAccount();
    const ids: Record<string, string> = {};
    for (const [name, url] of [
      ["broken", "https://feeds.example/broken.xml"],
      ["missing", "https://feeds.example/missing.xml"],
      ["good", blog("xml")],
    ])
      ids[name] = (await addFeed(u, { url, accountIds: [accountId] })).body.data.id;
    const result = await runFeedChecks(feedDeps(await servicesOn(u.user.id)));
    expect(result.checked).toBeGreaterThanOrEqual(3);
    const feeds = (await call<"GET /api/feeds">("/api/feeds", { token: u.token })).body.data.feeds;
    const byId = (id: string) => feeds.find((f) => f.id === id)!;
    expect(byId(ids.broken!).lastError).toMatch(/^This is not an RSS, Atom or JSON feed/);
    expect(byId(ids.missing!).lastError).toBe("The feed answered HTTP 404 Not Found.");
    expect(byId(ids.good!)).toMatchObject({ lastError: null, posted: 3 });
    // A failing feed waits longer before its next check; a good one is back in 15 minutes.
    const nextCheck = (id: string) => Date.parse(byId(id).nextCheckAt);
    expect(nextCheck(ids.broken!) - nextCheck(ids.good!)).toBeGreaterThan(10 * 60_000);

    await armFault("feeds", "500", 1);
    const failed = await check(u, ids.good!);
    expect(failed.body.data.error).toMatch(/^The feed answered HTTP 500/);
    expect(failed.body.data.feed.failures).toBe(1);
    expect((await check(u, ids.good!)).body.data.feed).toMatchObject({ failures: 0, lastError: null });
  });
});
