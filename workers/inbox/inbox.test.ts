import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../tenancy/roles";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { addMember, dbOf, servicesOn } from "../test/shards";
import { publishOn } from "./published.test-helper";
import { POLL_INTERVAL_MS, REPLY_LEASE_MS } from "./rules";

/**
 * The engagement inbox against the emulator (ADR 069): replies to a published X post appear over the emulator's
 * clock, a sync takes them in once, members triage them by role, and a reply goes out exactly once under faults.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
const services = () => servicesOn(ws);
const WORKSPACE = "Inbox Agency";

let ws: string;
const members = {} as Record<Role, User>;
let postText: string;

const as = (role: Role) => ({ token: members[role].token, headers: { "X-Workspace-Id": ws } });

/** A post published to the account through the real publishing path (its text kept for the item's preview). */
function publishedTweet(owner: User, accountId: string, platform: "twitter" | "threads" = "twitter") {
  postText = `Inbox test ${crypto.randomUUID().slice(0, 8)}`;
  return publishOn({ workspaceId: ws, userId: owner.user.id, accountId, platform }, postText);
}

/** Someone replies on X now (the emulator's on-demand comment); without a post, they post on their own. */
async function visitorReplies(tweetId: string | undefined, author: string, text: string, platform = "twitter") {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform, postId: tweetId, author, text }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
}

const inbox = (role: Role, query: "" | `?${string}` = "") => call<"GET /api/inbox">(`/api/inbox${query}`, as(role));

/** Copies on the emulator of a reply with `text`, and what they answer. */
async function repliesOnX(text: string) {
  const { results } = await env.DB.prepare(
    "SELECT json_extract(data, '$.replyTo') AS replyTo FROM emu_objects WHERE platform = 'twitter' AND kind = 'tweet' AND json_extract(data, '$.text') = ?",
  )
    .bind(text)
    .all<{ replyTo: string }>();
  return results.map((r) => r.replyTo);
}

afterEach(clearFaults);

describe("engagement inbox", () => {
  let postId: string;
  let tweetId: string;
  let handle: string;
  beforeAll(async () => {
    members.owner = await registerUser();
    ws = (
      await call<"POST /api/workspaces">("/api/workspaces", {
        token: members.owner.token,
        body: { name: WORKSPACE },
      })
    ).body.data.id as string;
    for (const role of ["admin", "editor", "contributor", "viewer"] as const) {
      members[role] = await registerUser();
      await addMember(ws, members[role].user.id, role);
    }
    await connectViaEmulator(`${members.owner.cookie}; pl_workspace=${ws}`, "twitter");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", as("owner"))).body.data.accounts as Array<{
      _id: string;
      username: string;
    }>;
    handle = accounts[0]!.username;
    ({ postId, remoteId: tweetId } = await publishedTweet(members.owner, accounts[0]!._id));
  });

  it("takes in the replies that appeared on X once, however often it syncs", async () => {
    expect((await inbox("viewer")).body.data.items).toEqual([]);
    await advanceEmulator(2 * 86_400_000);
    for (let i = 1; i <= 6; i++) await visitorReplies(tweetId, `reader_${i}`, `@inbox Question number ${i}?`);
    const first = await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...as("contributor"), method: "POST" });
    expect(first.status).toBe(200);
    expect(first.body.data.added).toBeGreaterThanOrEqual(6);
    const again = await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...as("contributor"), method: "POST" });
    expect(again.body.data.added).toBe(0);
    // The cron's poll of the same account adds nothing either.
    await (await services()).inbox.syncNow(ws);

    const { body } = await inbox("viewer");
    expect(body.data.items).toHaveLength(first.body.data.added);
    expect(body.data.open).toBe(first.body.data.added);
    // Newest first: the last visitor's reply, with its author, its words and the post it answers.
    expect(body.data.items[0]).toMatchObject({
      platform: "twitter",
      kind: "comment",
      author: "reader_6",
      text: "@inbox Question number 6?",
      status: "open",
      reply: null,
      post: { id: postId, preview: postText },
    });
    expect((await call<"GET /api/inbox/count">("/api/inbox/count", as("viewer"))).body.data.open).toBe(
      first.body.data.added,
    );
  });

  it("the cron polls each account again once its interval has passed and takes in only what is new", async () => {
    const before = (await inbox("viewer")).body.data.open;
    await visitorReplies(tweetId, "late_reader", "@inbox Still there?");
    // Polled a moment ago: not due yet.
    expect((await (await services()).inbox.pollDue()).map((r) => r.added)).toEqual([]);
    const later = await servicesOn(ws, () => Date.now() + POLL_INTERVAL_MS);
    const polled = await later.inbox.pollDue();
    expect(polled.map((r) => [r.added, r.error])).toEqual([[1, null]]);
    const { body } = await inbox("viewer");
    expect(body.data.open).toBe(before + 1);
    expect(body.data.items[0]).toMatchObject({ author: "late_reader", text: "@inbox Still there?" });
  });

  it("a post that names the account elsewhere arrives from X's mentions timeline, with no post of ours", async () => {
    await visitorReplies(undefined, "fan_account", `Loving what @${handle} ships lately`);
    const res = await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...as("contributor"), method: "POST" });
    expect(res.body.data.added).toBe(1);
    expect((await inbox("viewer")).body.data.items[0]).toMatchObject({
      kind: "mention",
      author: "fan_account",
      text: `Loving what @${handle} ships lately`,
      post: null,
    });
    // The replies to our post that also name the account were taken in once, as comments.
    const kinds = (await inbox("viewer", "?status=all&limit=100")).body.data.items.map((i) => i.kind);
    expect(kinds.filter((k) => k === "mention")).toHaveLength(1);
  });

  it("filters by network, status and who it is assigned to", async () => {
    const [item] = (await inbox("viewer")).body.data.items;
    expect((await inbox("viewer", "?platform=facebook")).body.data.items).toEqual([]);
    expect((await inbox("viewer", "?platform=myspace")).body).toEqual({
      success: false,
      message: "Choose one of the connected networks.",
    });
    const assigned = await call<"POST /api/inbox/:id/assign">(`/api/inbox/${item!.id}/assign`, {
      ...as("contributor"),
      body: { assigneeId: members.editor.user.id },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.assigneeId).toBe(members.editor.user.id);
    expect((await inbox("editor", "?assigned=me")).body.data.items.map((i) => i.id)).toEqual([item!.id]);
    expect((await inbox("viewer", "?assigned=me")).body.data.items).toEqual([]);
    const outsider = await registerUser();
    expect(
      (
        await call(`/api/inbox/${item!.id}/assign`, {
          ...as("owner"),
          body: { assigneeId: outsider.user.id },
        })
      ).body,
    ).toEqual({ success: false, message: "Assign the item to a member of this workspace." });

    const done = await call<"POST /api/inbox/:id/status">(`/api/inbox/${item!.id}/status`, {
      ...as("contributor"),
      body: { status: "done" },
    });
    expect(done.body).toMatchObject({ success: true, message: "Marked done", data: { status: "done" } });
    expect((await inbox("viewer")).body.data.items.map((i) => i.id)).not.toContain(item!.id);
    expect((await inbox("viewer", "?status=done")).body.data.items.map((i) => i.id)).toEqual([item!.id]);
    await call(`/api/inbox/${item!.id}/status`, { ...as("contributor"), body: { status: "open" } });
  });

  it("viewers read but cannot triage or reply; contributors triage but do not reply", async () => {
    const [item] = (await inbox("viewer")).body.data.items;
    const refused = (role: Role) => ({
      success: false,
      message: `Your role (${role}) cannot do this in ${WORKSPACE}.`,
    });
    const reply = (role: Role) => call(`/api/inbox/${item!.id}/reply`, { ...as(role), body: { text: "Thanks!" } });
    expect((await reply("viewer")).body).toEqual(refused("viewer"));
    expect((await reply("contributor")).body).toEqual(refused("contributor"));
    expect((await call(`/api/inbox/${item!.id}/status`, { ...as("viewer"), body: { status: "done" } })).body).toEqual(
      refused("viewer"),
    );
    expect((await inbox("viewer")).body.data.items[0]).toMatchObject({ id: item!.id, status: "open", reply: null });
    expect(await repliesOnX("Thanks!")).toEqual([]);
  });

  it("an editor's reply goes out once and the item is answered; a second reply is refused", async () => {
    const [item] = (await inbox("viewer")).body.data.items;
    const text = `Glad you liked it ${crypto.randomUUID().slice(0, 6)}`;
    const res = await call<"POST /api/inbox/:id/reply">(`/api/inbox/${item!.id}/reply`, {
      ...as("editor"),
      body: { text },
    });
    expect(res.body).toMatchObject({ success: true, message: "Reply sent" });
    expect(res.body.data).toMatchObject({ status: "done", reply: { state: "sent", text, by: members.editor.user.id } });
    const second = await call(`/api/inbox/${item!.id}/reply`, { ...as("admin"), body: { text: "Me too" } });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("This was already answered from Postline.");
    const sentIds = await repliesOnX(text);
    expect(sentIds).toHaveLength(1);
    // The reply answers the comment itself, not the post.
    const remote = await (await dbOf(ws))
      .prepare("SELECT remote_id FROM inbox_items WHERE id = ?")
      .bind(item!.id)
      .first<{ remote_id: string }>();
    expect(sentIds[0]).toBe(remote!.remote_id);
    // The reply is in the activity log, by its member (activity-coverage.test.ts lists this route here).
    const logged = await (await dbOf(ws))
      .prepare("SELECT action, user_id, summary FROM activity_log WHERE subject_id = ? AND action = 'inbox_replied'")
      .bind(item!.id)
      .all();
    expect(logged.results).toEqual([{ action: "inbox_replied", user_id: members.editor.user.id, summary: text }]);
    // Our own reply is not taken in as a new item at the next sync.
    const before = (await inbox("viewer", "?status=all")).body.data.items.length;
    await call("/api/inbox/sync", { ...as("editor"), method: "POST" });
    expect((await inbox("viewer", "?status=all")).body.data.items.length).toBe(before);
  });

  it("a lost answer is looked up, not sent again", async () => {
    const [item] = (await inbox("viewer")).body.data.items;
    const text = `Lost answer reply ${crypto.randomUUID().slice(0, 6)}`;
    await armFault("twitter", "drop", 1, { method: "POST", path: "^/2/tweets$" });
    const res = await call<"POST /api/inbox/:id/reply">(`/api/inbox/${item!.id}/reply`, {
      ...as("editor"),
      body: { text },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.reply).toMatchObject({ state: "sent", text });
    expect(await repliesOnX(text)).toHaveLength(1);
  });

  it("a refusal is shown in the network's words and a resend after it sends once", async () => {
    const [item] = (await inbox("viewer")).body.data.items;
    const text = `Resent reply ${crypto.randomUUID().slice(0, 6)}`;
    await armFault("twitter", "500", 1, { method: "POST", path: "^/2/tweets$" });
    const failed = await call(`/api/inbox/${item!.id}/reply`, { ...as("editor"), body: { text } });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/^X did not take the reply: Internal Server Error/);
    expect((await inbox("viewer")).body.data.items.find((i) => i.id === item!.id)!.reply).toMatchObject({
      state: "failed",
    });
    expect(await repliesOnX(text)).toEqual([]);
    const resent = await call<"POST /api/inbox/:id/reply">(`/api/inbox/${item!.id}/reply`, {
      ...as("editor"),
      body: { text },
    });
    expect(resent.body.data.reply).toMatchObject({ state: "sent", text });
    expect(await repliesOnX(text)).toHaveLength(1);
  });

  it("after a crash between sending and recording, a second reply finds the first on X and sends nothing", async () => {
    const [item] = (await inbox("viewer")).body.data.items;
    const first = `Before the crash ${crypto.randomUUID().slice(0, 6)}`;
    await call(`/api/inbox/${item!.id}/reply`, { ...as("editor"), body: { text: first } });
    // What the row says when the Worker died after X took the reply and before the outcome was written.
    await (await dbOf(ws))
      .prepare("UPDATE inbox_items SET reply_state = 'sending', status = 'open', reply_started_at = ? WHERE id = ?")
      .bind(Date.now() - REPLY_LEASE_MS, item!.id)
      .run();
    const again = await call<"POST /api/inbox/:id/reply">(`/api/inbox/${item!.id}/reply`, {
      ...as("admin"),
      body: { text: "A second try" },
    });
    expect(again.body.data.reply).toMatchObject({ state: "sent", text: first });
    expect(await repliesOnX(first)).toHaveLength(1);
    expect(await repliesOnX("A second try")).toEqual([]);
  });

  it("refuses an empty reply and another workspace's item", async () => {
    const [item] = (await inbox("viewer")).body.data.items;
    expect((await call(`/api/inbox/${item!.id}/reply`, { ...as("editor"), body: { text: "  " } })).body).toEqual({
      success: false,
      message: "Write a reply first.",
    });
    const outsider = await registerUser();
    const res = await call(`/api/inbox/${item!.id}/reply`, { token: outsider.token, body: { text: "hijack" } });
    expect(res.status).toBe(404);
    expect(await repliesOnX("hijack")).toEqual([]);
  });

  it("on Threads too: a reply arrives and is answered once, with reply_to_id", async () => {
    await connectViaEmulator(`${members.owner.cookie}; pl_workspace=${ws}`, "threads");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", as("owner"))).body.data.accounts as Array<{
      _id: string;
      platform: string;
    }>;
    const threads = accounts.find((a) => a.platform === "threads")!;
    const { remoteId } = await publishedTweet(members.owner, threads._id, "threads");
    await visitorReplies(remoteId, "coffee_cleo", "Which beans do you use?", "threads");
    await call("/api/inbox/sync", { ...as("contributor"), method: "POST" });
    const item = (await inbox("viewer", "?platform=threads")).body.data.items.find((i) => i.author === "coffee_cleo")!;
    expect(item).toMatchObject({ platform: "threads", text: "Which beans do you use?", status: "open" });
    const text = `Ethiopian, this week ${crypto.randomUUID().slice(0, 6)}`;
    await armFault("threads", "drop", 1, { method: "POST", path: "threads_publish$" });
    const res = await call<"POST /api/inbox/:id/reply">(`/api/inbox/${item.id}/reply`, {
      ...as("editor"),
      body: { text },
    });
    expect(res.body.data.reply).toMatchObject({ state: "sent", text });
    const { results } = await env.DB.prepare(
      "SELECT json_extract(data, '$.replyTo') AS replyTo FROM emu_objects WHERE platform = 'threads' AND kind = 'media' AND json_extract(data, '$.text') = ?",
    )
      .bind(text)
      .all<{ replyTo: string }>();
    const remote = await (await dbOf(ws))
      .prepare("SELECT remote_id FROM inbox_items WHERE id = ?")
      .bind(item.id)
      .first<{ remote_id: string }>();
    expect(results).toEqual([{ replyTo: remote!.remote_id }]);
  });
});
