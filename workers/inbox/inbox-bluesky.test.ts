import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { armFault, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOf, servicesOn } from "../test/shards";
import { publishOn } from "./published.test-helper";
import { REPLY_LEASE_MS } from "./rules";

/**
 * Bluesky in the inbox (ADR 091): replies and mentions arrive from listNotifications (paged by its cursor back to
 * the position kept, caught up after an outage), are answered once with reply refs under a record key chosen
 * before the call, and liked with a like record. The account is jordan.bsky.social, which no other test
 * file signs in.
 */
const HANDLE = "jordan.bsky.social";
type User = Awaited<ReturnType<typeof registerUser>>;
let ws: string;
let postUri: string;
let postId: string;
let did: string;
let owner: User;
const as = () => ({ token: owner.token, headers: { "X-Workspace-Id": ws } });
const tag = () => crypto.randomUUID().slice(0, 6);

/** Someone on Bluesky posts now: a reply to `replyTo` (an at-uri), or a post of their own. */
async function visitor(author: string, text: string, replyTo?: string) {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform: "bluesky", postId: replyTo, author, text }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const sync = async () => (await servicesOn(ws)).inbox.syncNow(ws);
const itemOf = async (text: string) =>
  (await call<"GET /api/inbox">("/api/inbox?status=all&platform=bluesky&limit=100", as())).body.data.items.find(
    (i) => i.text === text,
  )!;
const reply = (itemId: string, text: string) =>
  call<"POST /api/inbox/:id/reply">(`/api/inbox/${itemId}/reply`, { ...as(), body: { text } });

/** The account's posts with exactly this text, with the parent and root each names. */
async function repliesOnBluesky(text: string) {
  const { results } = await env.DB.prepare(
    "SELECT json_extract(data, '$.value.reply.parent.uri') AS parent, json_extract(data, '$.value.reply.root.uri') AS root FROM emu_objects WHERE platform = 'bluesky' AND kind = 'app.bsky.feed.post' AND owner = ? AND json_extract(data, '$.value.text') = ?",
  )
    .bind(did, text)
    .all<{ parent: string; root: string }>();
  return results;
}

afterEach(clearFaults);

describe("Bluesky in the inbox", () => {
  beforeAll(async () => {
    owner = await registerUser();
    ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Jordan" } })).body
      .data.id as string;
    const connected = await call<"POST /api/auth/:platform/app-password">("/api/auth/bluesky/app-password", {
      ...as(),
      body: { identifier: HANDLE, appPassword: "jrdn-riva-bsky-apps" },
    });
    expect(connected.status).toBe(201);
    const accountId = connected.body.data.accounts[0]!.id;
    ({ postId, remoteId: postUri } = await publishOn(
      { workspaceId: ws, userId: owner.user.id, accountId, platform: "bluesky" },
      `New mural in progress ${tag()}`,
    ));
    did = postUri.split("/")[2]!;
  });

  it("takes in a reply as a comment on our post and a mention as a mention, once", async () => {
    const replyText = `What paint do you use? ${tag()}`;
    const mentionText = `Go see the wall by @${HANDLE} ${tag()}`;
    await visitor("Paint Fan", replyText, postUri);
    await visitor("City Guide", mentionText);
    const [first] = await sync();
    expect(first!.error).toBeNull();
    expect(first!.added).toBeGreaterThanOrEqual(2);
    expect((await sync())[0]!.added).toBe(0);
    expect(await itemOf(replyText)).toMatchObject({
      platform: "bluesky",
      kind: "comment",
      author: "paint-fan.bsky.social",
      post: { id: postId },
    });
    expect(await itemOf(mentionText)).toMatchObject({ kind: "mention", author: "city-guide.bsky.social", post: null });
  });

  it("an outage of listNotifications is caught up from the position kept, over more than one page", async () => {
    const texts = Array.from({ length: 52 }, (_, i) => `@${HANDLE} sketch ${i} ${tag()}`);
    await armFault("bluesky", "500", 1, { method: "GET", path: "listNotifications" });
    await visitor("Early", texts[0]!);
    const [failed] = await sync();
    expect(failed!.error).toMatch(/Internal Server Error/);
    for (const text of texts.slice(1)) await visitor("Regular", text);
    expect((await sync())[0]!.error).toBeNull();
    for (const text of [texts[0]!, texts[51]!]) expect(await itemOf(text)).toMatchObject({ kind: "mention" });
    const all = (await call<"GET /api/inbox">("/api/inbox?status=all&platform=bluesky&limit=100", as())).body.data
      .items;
    expect(texts.filter((t) => !all.some((i) => i.text === t))).toEqual([]);
  });

  it("a reply names the root and the item, goes out once under a lost answer, and a crash finds it", async () => {
    const text = `Can I help paint? ${tag()}`;
    const remote = await visitor("Helper", text, postUri);
    await sync();
    const item = await itemOf(text);
    const answer = `Saturday at ten ${tag()}`;
    await armFault("bluesky", "drop", 1, { method: "POST", path: "createRecord" });
    expect((await reply(item.id, answer)).body.data.reply).toMatchObject({ state: "sent", text: answer });
    expect(await repliesOnBluesky(answer)).toEqual([{ parent: remote, root: postUri }]);
    await (await dbOf(ws))
      .prepare("UPDATE inbox_items SET reply_state = 'sending', status = 'open', reply_started_at = ? WHERE id = ?")
      .bind(Date.now() - REPLY_LEASE_MS, item.id)
      .run();
    expect((await reply(item.id, "Another try")).body.data.reply).toMatchObject({ state: "sent", text: answer });
    expect(await repliesOnBluesky(answer)).toHaveLength(1);
    expect(await repliesOnBluesky("Another try")).toEqual([]);
  });

  it.each([
    ["429", 429, /^Bluesky is limiting requests: /],
    ["500", 502, /^Bluesky did not take the reply: Internal Server Error/],
    ["timeout", 502, /^Bluesky did not take the reply: /],
  ] as const)(
    "a reply refused with %s is said in the network's words; the retry writes it once",
    async (mode, status, words) => {
      const text = `Fault ${mode}: which colours? ${tag()}`;
      await visitor("Curious", text, postUri);
      await sync();
      const item = await itemOf(text);
      const answer = `Blues and ochre ${tag()}`;
      await armFault("bluesky", mode, 1, { method: "POST", path: "createRecord" });
      const failed = await reply(item.id, answer);
      expect(failed.status).toBe(status);
      expect(failed.body.message).toMatch(words);
      expect(await repliesOnBluesky(answer)).toEqual([]);
      expect((await reply(item.id, answer)).status).toBe(200);
      expect(await repliesOnBluesky(answer)).toHaveLength(1);
    },
  );

  it("like writes a like record of the item and unlike deletes it", async () => {
    const text = `Beautiful work ${tag()}`;
    const remote = await visitor("Admirer", text, postUri);
    await sync();
    const item = await itemOf(text);
    const likes = async () =>
      (await env.DB.prepare(
        "SELECT count(*) AS n FROM emu_objects WHERE platform = 'bluesky' AND kind = 'app.bsky.feed.like' AND owner = ? AND json_extract(data, '$.value.subject.uri') = ?",
      )
        .bind(did, remote)
        .first<{ n: number }>())!.n;
    const act = (action: string) =>
      call<"POST /api/inbox/:id/actions">(`/api/inbox/${item.id}/actions`, { ...as(), body: { action } });
    expect((await act("like")).body.data).toMatchObject({ liked: true });
    expect((await act("like")).status).toBe(200);
    expect(await likes()).toBe(1);
    expect((await act("unlike")).body.data).toMatchObject({ liked: false });
    expect(await likes()).toBe(0);
  });
});
