import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOf } from "../test/shards";
import { publishOn } from "./published.test-helper";

/**
 * Direct messages in the inbox (ADR 092): a person writes to the Page on Messenger (or to its Instagram account),
 * the signed `messages` webhook and the conversations read race to one item per message, an outage is caught up,
 * and the answer goes out through the Send API exactly once, inside Meta's 24-hour window.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
let owner: User;
let outsider: User;
let ws: string;
let otherWs: string;
const inWs = () => ({ token: owner.token, headers: { "X-Workspace-Id": ws } });
const APP_TOKEN = "sandbox-facebook-app|sandbox-facebook-secret";
const unique = (s: string) => `${s} ${crypto.randomUUID().slice(0, 6)}`;

const subscribe = (object: string, fields: string) =>
  raw("/sandbox/graph.facebook.com/sandbox-facebook-app/subscriptions", {
    method: "POST",
    body: new URLSearchParams({
      object,
      fields,
      verify_token: "sandbox-meta-verify-token",
      callback_url: "http://localhost/api/inbox/webhooks/meta",
      access_token: APP_TOKEN,
    }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

/** Someone writes to the first demo Page (or its Instagram account) now. */
async function writes(platform: "facebook" | "instagram" | "twitter", from: string, text: string, webhook = true) {
  const res = await raw("/sandbox/messages", {
    method: "POST",
    body: JSON.stringify({ platform, from, text, webhook }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; senderId: string; webhooks: number[] };
}

const sync = () => call<"POST /api/inbox/sync">("/api/inbox/sync", { ...inWs(), method: "POST" });
const itemsWith = async (text: string) =>
  (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", inWs())).body.data.items.filter(
    (i) => i.text === text,
  );
const reply = (itemId: string, text: string, as = inWs()) =>
  call<"POST /api/inbox/:id/reply">(`/api/inbox/${itemId}/reply`, { ...as, method: "POST", body: { text } });

/** How many of the account's messages to the person with this text the network holds. */
async function sentOnMeta(store: string, person: string, text: string) {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM emu_objects WHERE platform = ? AND kind = 'message' AND json_extract(data, '$.person') = ? AND json_extract(data, '$.text') = ? AND json_extract(data, '$.inbound') = 0",
  )
    .bind(store, person, text)
    .first<{ n: number }>();
  return row!.n;
}

/** A message that reached the inbox (by webhook, or by the poll when it had none); its item id. */
async function arrived(platform: "facebook" | "instagram", text: string) {
  const from = unique("Robin");
  const made = await writes(platform, from, text);
  if (!made.webhooks.includes(200)) await sync();
  const [item] = await itemsWith(text);
  expect(item).toMatchObject({ platform, kind: "message" });
  return { itemId: item!.id, person: made.senderId };
}

afterEach(clearFaults);

describe("Direct messages in the inbox", () => {
  beforeAll(async () => {
    owner = await registerUser();
    outsider = await registerUser();
    ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "DM Desk" } })).body
      .data.id as string;
    otherWs = (
      await call<"POST /api/workspaces">("/api/workspaces", { token: outsider.token, body: { name: "Elsewhere" } })
    ).body.data.id as string;
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws}`, "facebook");
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws}`, "instagram", { variant: "facebook" });
    expect((await subscribe("page", "feed,messages")).status).toBe(200);
    expect((await subscribe("instagram", "comments,messages")).status).toBe(200);
  });

  it("a message arrives by signed webhook, and a poll racing it adds no second item", async () => {
    const text = unique("Do you have gluten-free loaves?");
    const made = await writes("facebook", unique("Kim"), text);
    expect(made.webhooks).toContain(200);
    expect(await itemsWith(text)).toHaveLength(1);
    const [poll] = await Promise.all([sync(), sync()]);
    expect(poll.status).toBe(200);
    const items = await itemsWith(text);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ platform: "facebook", kind: "message", status: "open", post: null });
    const thread = await call<"GET /api/inbox/:id/thread">(`/api/inbox/${items[0]!.id}/thread`, inWs());
    expect(thread.status).toBe(200);
    expect(thread.body.data.messages.map((m) => m.text)).toEqual([text]);
    expect(thread.body.data.window).toMatchObject({ open: true });
    expect(thread.body.data.window!.text).toMatch(/^Reply window closes in \d+ (h|min)$/);
  });

  it("an outage of hours is caught up from the cursor once Facebook answers again", async () => {
    await sync();
    await armFault("facebook", "500", 100, { method: "GET", path: "/conversations" });
    const text = unique("Are you open on the holiday?");
    expect((await writes("facebook", unique("Lee"), text, false)).webhooks).toEqual([]);
    await advanceEmulator(3 * 3_600_000);
    expect((await sync()).body.data.added).toBe(0);
    expect(await itemsWith(text)).toHaveLength(0);
    await clearFaults();
    expect((await sync()).body.data.added).toBeGreaterThan(0);
    const items = await itemsWith(text);
    expect(items).toHaveLength(1);
    expect(items[0]!.author).toMatch(/^Lee /);
  });

  it("answers in the conversation through the Send API, once; a second answer is refused", async () => {
    const { itemId, person } = await arrived("facebook", unique("Can I pick up at 5?"));
    const res = await reply(itemId, "Yes, see you at 5!");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "done", reply: { state: "sent", text: "Yes, see you at 5!" } });
    expect(await sentOnMeta("facebook", person, "Yes, see you at 5!")).toBe(1);
    expect((await reply(itemId, "Yes, see you at 5!")).body).toEqual({
      success: false,
      message: "This was already answered from Postline.",
    });
    const thread = await call<"GET /api/inbox/:id/thread">(`/api/inbox/${itemId}/thread`, inWs());
    expect(thread.body.data.messages.map((m) => m.ours)).toEqual([false, true]);
  });

  it.each([
    ["429", 429, /^Facebook is limiting requests: /],
    ["500", 502, /^Facebook did not take the reply: /],
    ["timeout", 502, /^Facebook did not take the reply: /],
  ] as const)("a Send API call refused with %s is said so, and the retry sends once", async (mode, status, words) => {
    const { itemId, person } = await arrived("facebook", unique(`Fault ${mode}: delivery?`));
    await armFault("facebook", mode, 1, { method: "POST", path: "/messages\\?" });
    const failed = await reply(itemId, "We deliver on Fridays.");
    expect(failed.status).toBe(status);
    expect(failed.body.message).toMatch(words);
    expect(await sentOnMeta("facebook", person, "We deliver on Fridays.")).toBe(0);
    expect((await reply(itemId, "We deliver on Fridays.")).status).toBe(200);
    expect(await sentOnMeta("facebook", person, "We deliver on Fridays.")).toBe(1);
  });

  it("a Send API answer that was lost is found in the conversation, not sent again", async () => {
    const { itemId, person } = await arrived("facebook", unique("Lost answer: vouchers?"));
    await armFault("facebook", "drop", 1, { method: "POST", path: "/messages\\?" });
    const res = await reply(itemId, "Vouchers at the till.");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "done", reply: { state: "sent" } });
    expect(await sentOnMeta("facebook", person, "Vouchers at the till.")).toBe(1);
  });

  it("after 24 hours Meta refuses the answer, and the inbox says so in Meta's words", async () => {
    const { itemId, person } = await arrived("facebook", unique("Still there?"));
    await advanceEmulator(25 * 3_600_000);
    const res = await reply(itemId, "Sorry for the wait!");
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      "Facebook did not take the reply: (#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview",
    );
    expect(await sentOnMeta("facebook", person, "Sorry for the wait!")).toBe(0);
  });

  it("an Instagram message is answered once through the Page's Send API", async () => {
    const { itemId, person } = await arrived("instagram", unique("Do you ship the tote?"));
    await armFault("facebook", "drop", 1, { method: "POST", path: "/messages\\?" });
    expect((await reply(itemId, "We ship worldwide.")).status).toBe(200);
    expect(await sentOnMeta("instagram", person, "We ship worldwide.")).toBe(1);
  });

  it("another workspace can neither read the thread nor answer it", async () => {
    const { itemId } = await arrived("facebook", unique("Private question"));
    const theirs = { token: outsider.token, headers: { "X-Workspace-Id": otherWs } };
    expect((await call<"GET /api/inbox/:id/thread">(`/api/inbox/${itemId}/thread`, theirs)).status).toBe(404);
    expect((await reply(itemId, "Not yours", theirs)).status).toBe(404);
    // Naming the workspace is not enough: the outsider is no member of it.
    const foreign = { token: outsider.token, headers: { "X-Workspace-Id": ws } };
    expect((await call<"GET /api/inbox/:id/thread">(`/api/inbox/${itemId}/thread`, foreign)).status).toBe(404);
  });
});

describe("X direct messages in the inbox", () => {
  let xws: string;
  const inX = () => ({ token: owner.token, headers: { "X-Workspace-Id": xws } });
  const sentOnX = async (person: string, text: string) =>
    (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM emu_objects WHERE platform = 'twitter' AND kind = 'dm_event' AND json_extract(data, '$.other') = ? AND json_extract(data, '$.text') = ? AND json_extract(data, '$.sender') <> ?",
    )
      .bind(person, text, person)
      .first<{ n: number }>())!.n;

  beforeAll(async () => {
    owner ??= await registerUser();
    xws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "X DMs" } })).body
      .data.id as string;
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${xws}`, "twitter");
  });

  it("reads DMs from /2/dm_events once and answers in the conversation once, even when the answer is lost", async () => {
    const text = unique("Is the sale still on?");
    const made = await writes("twitter", unique("Ari"), text);
    const sync = () => call<"POST /api/inbox/sync">("/api/inbox/sync", { ...inX(), method: "POST" });
    await Promise.all([sync(), sync()]);
    const items = (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", inX())).body.data.items.filter(
      (i) => i.text === text,
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ platform: "twitter", kind: "message" });
    const thread = await call<"GET /api/inbox/:id/thread">(`/api/inbox/${items[0]!.id}/thread`, inX());
    expect(thread.body.data.window).toBeNull();
    await armFault("twitter", "429", 1, { method: "POST", path: "/dm_conversations/" });
    const limited = await reply(items[0]!.id, "Until Sunday!", inX());
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^X is limiting requests: /);
    await armFault("twitter", "drop", 1, { method: "POST", path: "/dm_conversations/" });
    const res = await reply(items[0]!.id, "Until Sunday!", inX());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "done", reply: { state: "sent" } });
    expect(await sentOnX(made.senderId, "Until Sunday!")).toBe(1);
  });
});

describe("an account connected before messages were read", () => {
  it("still brings in replies to its posts, and says a reconnect would add its direct messages", async () => {
    owner ??= await registerUser();
    const wsId = (
      await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Old X" } })
    ).body.data.id as string;
    const inOld = { token: owner.token, headers: { "X-Workspace-Id": wsId } };
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${wsId}`, "twitter", { withhold: ["dm.read"] });
    const account = (await call<"GET /api/accounts">("/api/accounts", inOld)).body.data.accounts[0] as { _id: string };
    const { remoteId } = await publishOn(
      { workspaceId: wsId, userId: owner.user.id, accountId: account._id, platform: "twitter" },
      unique("Old account post"),
    );
    const text = unique("Nice one");
    const res = await raw("/sandbox/comments", {
      method: "POST",
      body: JSON.stringify({ platform: "twitter", postId: remoteId, author: "visitor", text }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(201);
    const synced = await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...inOld, method: "POST" });
    expect(synced.status).toBe(200);
    const items = (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", inOld)).body.data.items;
    expect(items.map((i) => i.text)).toContain(text);
    const cursor = await (await dbOf(wsId))
      .prepare("SELECT last_error, newest_at FROM inbox_cursors WHERE account_id = ?")
      .bind(account._id)
      .first<{ last_error: string | null; newest_at: number | null }>();
    expect(cursor?.last_error).toMatch(/^Direct messages are not read: .* Reconnect the account to allow them\.$/);
    expect(cursor?.newest_at).not.toBeNull();
  });
});
