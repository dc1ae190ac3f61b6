import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { addMember, dbOf, servicesOn } from "../test/shards";
import { publishOn } from "./published.test-helper";
import { REPLY_LEASE_MS } from "./rules";

/**
 * Mastodon in the inbox (ADR 091): replies and mentions arrive from the instance's notifications by a per-account
 * cursor (paged by the Link header, caught up after an outage), are answered once under every fault (the
 * Idempotency-Key and a lookup in the thread), and liked with a favourite. The account is @bakery on
 * mastodon.example, whose statuses no other test file writes.
 */
const INSTANCE = "mastodon.example";
const P = `mastodon:${INSTANCE}`;
type User = Awaited<ReturnType<typeof registerUser>>;
let ws: string;
let statusId: string;
let postId: string;
const members = {} as Record<"owner" | "editor", User>;
const as = (role: keyof typeof members) => ({ token: members[role].token, headers: { "X-Workspace-Id": ws } });
const tag = () => crypto.randomUUID().slice(0, 6);

/** Someone on the instance writes a status now: a reply to `replyTo`, or one of their own. */
async function visitor(author: string, text: string, replyTo?: string) {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform: "mastodon", instance: INSTANCE, postId: replyTo, author, text }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const sync = async () =>
  (await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...as("owner"), method: "POST" })).body.data;
const items = async () =>
  (await call<"GET /api/inbox">("/api/inbox?status=all&platform=mastodon&limit=100", as("owner"))).body.data.items;
const itemOf = async (text: string) => (await items()).find((i) => i.text === text)!;
const reply = (itemId: string, text: string) =>
  call<"POST /api/inbox/:id/reply">(`/api/inbox/${itemId}/reply`, { ...as("editor"), body: { text } });

/** The account's statuses on the instance with exactly this text, and what each answers. */
async function repliesOnMastodon(text: string) {
  const { results } = await env.DB.prepare(
    "SELECT json_extract(data, '$.replyTo') AS replyTo FROM emu_objects WHERE platform = ? AND kind = 'status' AND json_extract(data, '$.text') = ?",
  )
    .bind(P, text)
    .all<{ replyTo: string }>();
  return results.map((r) => r.replyTo);
}

afterEach(clearFaults);

describe("Mastodon in the inbox", () => {
  beforeAll(async () => {
    members.owner = await registerUser();
    members.editor = await registerUser();
    ws = (
      await call<"POST /api/workspaces">("/api/workspaces", { token: members.owner.token, body: { name: "Bakery" } })
    ).body.data.id as string;
    await addMember(ws, members.editor.user.id, "editor");
    await connectViaEmulator(`${members.owner.cookie}; pl_workspace=${ws}`, "mastodon", { instance: INSTANCE });
    const accounts = (await call<"GET /api/accounts">("/api/accounts", as("owner"))).body.data.accounts as Array<{
      _id: string;
    }>;
    const published = await publishOn(
      { workspaceId: ws, userId: members.owner.user.id, accountId: accounts[0]!._id, platform: "mastodon" },
      `Fresh sourdough today ${tag()}`,
    );
    ({ postId, remoteId: statusId } = published);
    // The first poll starts the account's cursor at its newest notification.
    await sync();
  });

  it("takes in a reply to our status as a comment on it and a mention elsewhere as a mention, once", async () => {
    const replyText = `@bakery Is there rye too? ${tag()}`;
    const mentionText = `Best croissants in town: @bakery ${tag()}`;
    await visitor("rye_fan", replyText, statusId);
    await visitor("town_guide", mentionText);
    const first = await sync();
    expect(first.added).toBeGreaterThanOrEqual(2);
    expect((await sync()).added).toBe(0);
    expect(await itemOf(replyText)).toMatchObject({
      platform: "mastodon",
      kind: "comment",
      author: "rye_fan",
      post: { id: postId },
      status: "open",
    });
    expect(await itemOf(mentionText)).toMatchObject({ kind: "mention", author: "town_guide", post: null });
  });

  it("an outage of the notifications read is caught up from the cursor, page after page", async () => {
    const texts = Array.from({ length: 42 }, (_, i) => `@bakery order ${i} ${tag()}`);
    await armFault("mastodon", "500", 1, { method: "GET", path: "^/api/v1/notifications\\?" });
    await visitor("early_bird", texts[0]!);
    const [failed] = await (await servicesOn(ws)).inbox.syncNow(ws);
    expect(failed!.error).toMatch(/something went wrong on our end/);
    // While the instance was down, 41 more arrived: more than one page of 40.
    for (const text of texts.slice(1)) await visitor("regular", text);
    await sync();
    const taken = new Set((await items()).map((i) => i.text));
    expect(texts.filter((t) => !taken.has(t))).toEqual([]);
    expect((await sync()).added).toBe(0);
  });

  it("a reply goes out once, answering the status; a second is refused", async () => {
    const text = `@bakery Open on Sunday? ${tag()}`;
    const remote = await visitor("weekend", text, statusId);
    await sync();
    const item = await itemOf(text);
    const answer = `Yes, 8 to 2 ${tag()}`;
    const res = await reply(item.id, answer);
    expect(res.body).toMatchObject({ success: true, data: { status: "done", reply: { state: "sent", text: answer } } });
    expect(await repliesOnMastodon(answer)).toEqual([remote]);
    expect((await reply(item.id, "Again")).body).toEqual({
      success: false,
      message: "This was already answered from Postline.",
    });
    // Our own reply is not a new item.
    const before = (await items()).length;
    await sync();
    expect((await items()).length).toBe(before);
  });

  it.each([
    ["429", 429, /^Mastodon is limiting requests: Too many requests/],
    ["500", 502, /^Mastodon did not take the reply: We're sorry, but something went wrong on our end\./],
    ["timeout", 502, /^Mastodon did not take the reply: /],
  ] as const)(
    "a reply refused with %s is said in the instance's words; the retry sends it once",
    async (mode, status, words) => {
      const text = `@bakery Fault ${mode}: gluten free? ${tag()}`;
      await visitor("careful", text, statusId);
      await sync();
      const item = await itemOf(text);
      const answer = `Two loaves are ${tag()}`;
      await armFault("mastodon", mode, 1, { method: "POST", path: "^/api/v1/statuses$" });
      const failed = await reply(item.id, answer);
      expect(failed.status).toBe(status);
      expect(failed.body.message).toMatch(words);
      expect(await repliesOnMastodon(answer)).toEqual([]);
      expect((await reply(item.id, answer)).status).toBe(200);
      expect(await repliesOnMastodon(answer)).toHaveLength(1);
    },
  );

  it("a lost answer is looked up, and after a crash the earlier reply is found, not sent again", async () => {
    const text = `@bakery Lost answer: vegan? ${tag()}`;
    await visitor("plant_based", text, statusId);
    await sync();
    const item = await itemOf(text);
    const answer = `The baguette is ${tag()}`;
    await armFault("mastodon", "drop", 1, { method: "POST", path: "^/api/v1/statuses$" });
    expect((await reply(item.id, answer)).body.data.reply).toMatchObject({ state: "sent", text: answer });
    expect(await repliesOnMastodon(answer)).toHaveLength(1);
    // The Worker died after the instance took the reply and before it was recorded.
    await (await dbOf(ws))
      .prepare("UPDATE inbox_items SET reply_state = 'sending', status = 'open', reply_started_at = ? WHERE id = ?")
      .bind(Date.now() - REPLY_LEASE_MS, item.id)
      .run();
    expect((await reply(item.id, "Another try")).body.data.reply).toMatchObject({ state: "sent", text: answer });
    expect(await repliesOnMastodon(answer)).toHaveLength(1);
    expect(await repliesOnMastodon("Another try")).toEqual([]);
  });

  it("like favourites the status and unlike takes it back", async () => {
    const text = `@bakery Lovely shop ${tag()}`;
    const remote = await visitor("happy", text, statusId);
    await sync();
    const item = await itemOf(text);
    const favourites = async () =>
      (await env.DB.prepare(
        "SELECT count(*) AS n FROM emu_objects WHERE platform = ? AND kind = 'favourite' AND json_extract(data, '$.statusId') = ?",
      )
        .bind(P, remote)
        .first<{ n: number }>())!.n;
    const act = (action: string) =>
      call<"POST /api/inbox/:id/actions">(`/api/inbox/${item.id}/actions`, { ...as("editor"), body: { action } });
    expect((await act("like")).body.data).toMatchObject({ liked: true });
    expect(await favourites()).toBe(1);
    expect((await act("unlike")).body.data).toMatchObject({ liked: false });
    expect(await favourites()).toBe(0);
    expect((await act("hide")).body).toEqual({
      success: false,
      message: "Mastodon does not let apps hide comments; do it on Mastodon.",
    });
  });
});
