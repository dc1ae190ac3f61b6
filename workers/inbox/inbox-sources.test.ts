import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { publishOn } from "./published.test-helper";

/**
 * Each of an account's inbox sources is read on its own (ADR 101): when the network refuses one (a 5xx, a rate
 * limit, a timeout, a missing permission) the others still come in, the refused one says why on the sources
 * list, and the next check catches it up from where it stood. TikTok and Pinterest say why nothing comes.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
const tag = () => crypto.randomUUID().slice(0, 6);
const json = { "Content-Type": "application/json" };

async function newWorkspace(owner: User, name: string) {
  const id = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name } })).body.data
    .id as string;
  return { id, as: { token: owner.token, headers: { "X-Workspace-Id": id } } };
}

type In = Awaited<ReturnType<typeof newWorkspace>>["as"];
const sync = (as: In) => call<"POST /api/inbox/sync">("/api/inbox/sync", { ...as, method: "POST" });
const texts = async (as: In) =>
  (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", as)).body.data.items.map((i) => i.text);
const sourcesOf = async (as: In) => (await call<"GET /api/inbox/sources">("/api/inbox/sources", as)).body.data.accounts;
const sandbox = async (path: string, body: unknown) => {
  const res = await raw(path, { method: "POST", body: JSON.stringify(body), headers: json });
  expect(res.status).toBe(201);
  return res.json() as Promise<{ review?: { name: string } }>;
};

afterEach(clearFaults);

describe("an X account's sources, each on its own", () => {
  let owner: User;
  let x: In;
  let handle: string;
  let tweetId: string;
  beforeAll(async () => {
    owner = await registerUser();
    const ws = await newWorkspace(owner, "Sources X");
    x = ws.as;
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws.id}`, "twitter");
    const account = (await call<"GET /api/accounts">("/api/accounts", x)).body.data.accounts[0] as {
      _id: string;
      username: string;
    };
    handle = account.username;
    const published = await publishOn(
      { workspaceId: ws.id, userId: owner.user.id, accountId: account._id, platform: "twitter" },
      `Sources post ${tag()}`,
    );
    tweetId = published.remoteId;
  });

  it.each([
    ["comments", "500", "/2/tweets/search/recent", /^Comments could not be read: .* The next check tries again/],
    ["mentions", "429", "/mentions", /^Mentions are waiting: the network is limiting requests/],
    ["messages", "timeout", "/2/dm_events", /^Direct messages could not be read: /],
  ] as const)(
    "X refusing its %s read (%s) stops none of the others, and is caught up",
    async (source, mode, path, why) => {
      const t = tag();
      const expected = { comments: `Nice post ${t}`, mentions: `Look what @${handle} made ${t}`, messages: `Hi ${t}` };
      await sandbox("/sandbox/comments", {
        platform: "twitter",
        postId: tweetId,
        author: "reader",
        text: expected.comments,
      });
      await sandbox("/sandbox/comments", { platform: "twitter", author: "fan", text: expected.mentions });
      await sandbox("/sandbox/messages", { platform: "twitter", from: `Robin ${t}`, text: expected.messages });
      await armFault("twitter", mode, 5, { method: "GET", path });
      expect((await sync(x)).status).toBe(200);
      const taken = await texts(x);
      for (const [s, text] of Object.entries(expected))
        if (s === source) expect(taken).not.toContain(text);
        else expect(taken).toContain(text);
      const [account] = await sourcesOf(x);
      for (const s of account!.sources)
        if (s.source === source) expect(s).toMatchObject({ state: "failing", reason: expect.stringMatching(why) });
        else expect(s).toMatchObject({ state: "ok", reason: null });

      await clearFaults();
      await sync(x);
      expect(await texts(x)).toContain(expected[source]);
      const [after] = await sourcesOf(x);
      expect(after!.sources.find((s) => s.source === source)).toMatchObject({ state: "ok", reason: null });
    },
  );
});

describe("sources with the network's own cursor", () => {
  it("a Mastodon instance limiting its notifications read leaves the comments read fine, and says so", async () => {
    const owner = await registerUser();
    const ws = await newWorkspace(owner, "Sources Mastodon");
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws.id}`, "mastodon");
    await armFault("mastodon", "429", 5, { method: "GET", path: "/api/v1/notifications" });
    await sync(ws.as);
    const [account] = await sourcesOf(ws.as);
    expect(account!.sources.find((s) => s.source === "notifications")).toMatchObject({
      label: "Replies and mentions",
      state: "failing",
      reason: expect.stringMatching(/^Replies and mentions are waiting: /),
    });
    expect(account!.sources.find((s) => s.source === "comments")).toMatchObject({ state: "ok" });
  });

  it("a Business Profile reviews read that fails keeps its place, and the review arrives at the next check", async () => {
    const owner = await registerUser();
    const ws = await newWorkspace(owner, "Sources Kitchen");
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws.id}`, "google_business");
    await sync(ws.as);
    const text = `Good bread ${tag()}`;
    await sandbox("/sandbox/comments", { platform: "google_business", author: "Ines", text, rating: 5 });
    await armFault("google_business", "timeout", 5, { method: "GET", path: "/reviews\\?" });
    await sync(ws.as);
    expect(await texts(ws.as)).not.toContain(text);
    const [account] = await sourcesOf(ws.as);
    expect(account!.sources.find((s) => s.source === "reviews")).toMatchObject({
      state: "failing",
      reason: expect.stringMatching(/^Reviews could not be read: .* The next check tries again/),
    });
    await clearFaults();
    await sync(ws.as);
    expect(await texts(ws.as)).toContain(text);
  });
});

describe("networks whose API offers no comments", () => {
  it.each([
    ["tiktok", /^TikTok's Content Posting and Display APIs, .* answer them in the TikTok app\.$/],
    ["pinterest", /^Pinterest's API v5 has no comments endpoint .* answer them on Pinterest\.$/],
  ] as const)("a %s account says plainly why nothing comes in", async (platform, why) => {
    const owner = await registerUser();
    const ws = await newWorkspace(owner, `Sources ${platform}`);
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws.id}`, platform);
    expect((await sync(ws.as)).status).toBe(200);
    const [account] = await sourcesOf(ws.as);
    expect(account).toMatchObject({ platform, sources: [{ source: null, state: "unavailable" }] });
    expect(account!.sources[0]!.reason).toMatch(why);
  });
});
