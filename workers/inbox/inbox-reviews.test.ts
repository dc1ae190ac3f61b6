import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { servicesOn } from "../test/shards";

/**
 * Google Business Profile reviews in the inbox (ADR 098): read from the location's reviews by a per-account
 * cursor (an outage caught up), shown with their stars, answered with updateReply once under 429, 5xx and a lost
 * answer, and invisible to another workspace.
 */
const LOCATION = "locations/4211936457521003111";
let ws: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
const as = () => ({ token: owner.token, headers: { "X-Workspace-Id": ws } });
const tag = () => crypto.randomUUID().slice(0, 6);

async function review(author: string, text: string, rating: number) {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform: "google_business", postId: LOCATION, author, text, rating }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { review: { name: string } }).review.name;
}

const sync = async () => (await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...as(), method: "POST" })).body.data;
const items = async () =>
  (await call<"GET /api/inbox">("/api/inbox?status=all&platform=google_business&limit=100", as())).body.data.items;
const itemOf = async (text: string) => (await items()).find((i) => i.text === text)!;
const reply = (itemId: string, text: string) =>
  call<"POST /api/inbox/:id/reply">(`/api/inbox/${itemId}/reply`, { ...as(), body: { text } });

/** The reply the review holds on the emulator. */
async function replyOnGoogle(name: string) {
  const row = await env.DB.prepare(
    "SELECT json_extract(data, '$.reply.comment') AS comment FROM emu_objects WHERE platform = 'google_business' AND id = ?",
  )
    .bind(name)
    .first<{ comment: string | null }>();
  return row?.comment ?? null;
}

afterEach(clearFaults);

describe("Business Profile reviews in the inbox", () => {
  beforeAll(async () => {
    owner = await registerUser();
    ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Kitchen" } })).body
      .data.id as string;
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws}`, "google_business");
    await sync();
  });

  it("takes in a new review once, as a review with its stars", async () => {
    const text = `Great tacos ${tag()}`;
    await review("Rosa M.", text, 4);
    await sync();
    expect(await itemOf(text)).toMatchObject({ kind: "review", rating: 4, author: "Rosa M.", post: null });
    await sync();
    expect((await items()).filter((i) => i.text === text)).toHaveLength(1);
  });

  it("an outage of the reviews read is caught up from the cursor", async () => {
    const first = `Cold soup ${tag()}`;
    await armFault("google_business", "500", 1, { method: "GET", path: "/reviews\\?" });
    await review("Ben T.", first, 2);
    const results = await (await servicesOn(ws)).inbox.syncNow(ws);
    expect(results.some((r) => r.error)).toBe(true);
    const second = `Nice staff ${tag()}`;
    await review("Ada K.", second, 5);
    await sync();
    expect((await itemOf(first)).rating).toBe(2);
    expect((await itemOf(second)).rating).toBe(5);
  });

  it.each([
    ["429", 429],
    // An outage is not a rate limit: the inbox says Google did not take it (502), and a second try goes through.
    ["500", 502],
    ["drop", 200],
  ] as const)("a reply under %s reaches the review once", async (mode, status) => {
    const text = `Fault ${mode}: open late? ${tag()}`;
    const name = await review("Kai", text, 3);
    await sync();
    const item = await itemOf(text);
    const answer = `Until 11 ${tag()}`;
    await armFault("google_business", mode, 1, { method: "PUT", path: "/reply$" });
    const first = await reply(item.id, answer);
    expect(first.status).toBe(status);
    if (status !== 200) {
      expect(await replyOnGoogle(name)).toBeNull();
      expect((await reply(item.id, answer)).status).toBe(200);
    } else expect(first.body.data.reply).toMatchObject({ state: "sent", text: answer });
    expect(await replyOnGoogle(name)).toBe(answer);
    expect((await reply(item.id, "Again")).status).toBe(409);
    expect(await replyOnGoogle(name)).toBe(answer);
  });

  it("a review edited after our reply is read again: its new words and stars, open again, answerable anew", async () => {
    const text = `Slow today ${tag()}`;
    const name = await review("Lu", text, 2);
    await sync();
    const item = await itemOf(text);
    expect((await reply(item.id, "Sorry about that!")).body.data).toMatchObject({ status: "done" });
    await advanceEmulator(60_000);
    const edited = `Came back, much better ${tag()}`;
    const res = await raw("/sandbox/review-edits", {
      method: "POST",
      body: JSON.stringify({ name, text: edited, rating: 4 }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
    await sync();
    const same = (await items()).filter((i) => i.id === item.id);
    expect(same).toEqual([
      expect.objectContaining({ text: edited, rating: 4, status: "open", editedAt: expect.any(String) }),
    ]);
    expect((await items()).filter((i) => i.text === edited)).toHaveLength(1);
    const again = await reply(item.id, "Glad you came back!");
    expect(again.status).toBe(200);
    expect(await replyOnGoogle(name)).toBe("Glad you came back!");
    // The same edit read again changes nothing: the item stays answered.
    await sync();
    expect(await itemOf(edited)).toMatchObject({
      status: "done",
      reply: { state: "sent", text: "Glad you came back!" },
    });
  });

  it("an edit to a review nobody has handled changes its words and leaves it open", async () => {
    const text = `Okay ${tag()}`;
    const name = await review("Noor", text, 3);
    await sync();
    await advanceEmulator(60_000);
    await raw("/sandbox/review-edits", {
      method: "POST",
      body: JSON.stringify({ name, rating: 1 }),
      headers: { "Content-Type": "application/json" },
    });
    await sync();
    expect(await itemOf(text)).toMatchObject({ rating: 1, status: "open", reply: null });
  });

  it("another workspace neither sees nor answers the review", async () => {
    const text = `Private ${tag()}`;
    const name = await review("Mo", text, 1);
    await sync();
    const item = await itemOf(text);
    const stranger = await registerUser();
    const theirs = await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", { token: stranger.token });
    expect(theirs.body.data.items.some((i) => i.id === item.id)).toBe(false);
    const res = await call<"POST /api/inbox/:id/reply">(`/api/inbox/${item.id}/reply`, {
      token: stranger.token,
      body: { text: "Not ours" },
    });
    expect(res.status).toBe(404);
    expect(await replyOnGoogle(name)).toBeNull();
  });
});
