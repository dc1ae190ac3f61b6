import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../tenancy/roles";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { connectViaEmulator, raw } from "../test/oauth";
import { addMember, dbOf } from "../test/shards";
import type { InboxItemView } from "./view";

/**
 * The inbox as a team tool against the emulator (ADR 084): rules and the assistant read each new item once,
 * saved replies fill their variables, contributors draft and editors send once, notes, labels, bulk actions,
 * per-member read marks, the measures, and the live channel.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
const members = {} as Record<Role, User>;
let ws: string;
let handle: string;

const as = (role: Role) => ({ token: members[role].token, headers: { "X-Workspace-Id": ws } });
const post = (role: Role, path: string, body?: unknown) => call(path, { ...as(role), method: "POST", body });

async function items(role: Role, query = "?status=all") {
  const res = await call(`/api/inbox${query}`, as(role));
  return (res.body.data as { items: InboxItemView[] }).items;
}

/** Someone names the account on X (the emulator's on-demand post), and the inbox checks now. */
async function mentioned(author: string, text: string) {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform: "twitter", author, text: `@${handle} ${text}` }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  expect((await post("contributor", "/api/inbox/sync")).status).toBe(200);
  return (await items("owner")).find((i) => i.author === author)!;
}

const notices = async (user: User, kind: string) =>
  (
    await (
      await dbOf(ws)
    )
      .prepare("SELECT message FROM notifications WHERE user_id = ? AND workspace_id = ? AND kind = ?")
      .bind(user.user.id, ws, kind)
      .all<{ message: string }>()
  ).results.map((r) => r.message);

const mailTo = async (user: User) =>
  (
    await env.DB.prepare("SELECT subject FROM dev_mailbox WHERE to_address = ?")
      .bind(user.email)
      .all<{ subject: string }>()
  ).results.map((r) => r.subject);

/** Opens the workspace's live channel as the member; returns the messages as they come. */
async function openLive(role: Role) {
  const res = await SELF.fetch(`${ORIGIN}/api/inbox/live`, {
    headers: { Upgrade: "websocket", Authorization: `Bearer ${members[role].token}`, "X-Workspace-Id": ws },
  });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  const heard: Array<{ type: string; ids?: string[]; replying?: Array<{ itemId: string; name: string }> }> = [];
  const waiters: Array<() => void> = [];
  socket.addEventListener("message", (e) => {
    heard.push(JSON.parse(e.data as string));
    for (const w of waiters.splice(0)) w();
  });
  /** Resolves with the first message (heard or to come) that fits. */
  const next = async (fits: (m: (typeof heard)[number]) => boolean) => {
    for (;;) {
      const found = heard.find(fits);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, heard, next };
}

describe("the inbox as a team tool", () => {
  beforeAll(async () => {
    members.owner = await registerUser({ displayName: "Olga Owner" });
    ws = (await call("/api/workspaces", { token: members.owner.token, body: { name: "Team Inbox" } })).body
      .data as never;
    ws = (ws as unknown as { id: string }).id;
    for (const role of ["admin", "editor", "contributor", "viewer"] as const) {
      members[role] = await registerUser({ displayName: `${role[0]!.toUpperCase()}${role.slice(1)} Member` });
      await addMember(ws, members[role].user.id, role);
    }
    await connectViaEmulator(`${members.owner.cookie}; pl_workspace=${ws}`, "twitter");
    const accounts = (await call("/api/accounts", as("owner"))).body.data as { accounts: Array<{ username: string }> };
    handle = accounts.accounts[0]!.username;
  });

  it("rules and the assistant read each new item once: assigned, labelled, hidden, with a sentiment", async () => {
    const editor = members.editor.user.id;
    const rules = [
      { keyword: "refund", action: "assign", value: editor },
      { keyword: "refund", action: "label", value: "Billing" },
      { sentiment: "negative", action: "label", value: "upset" },
      { keyword: "crypto", kind: "mention", action: "hide" },
    ];
    for (const rule of rules) expect((await post("admin", "/api/inbox/rules", rule)).status).toBe(201);
    // Only admins make rules, and a rule needs a condition.
    expect((await post("editor", "/api/inbox/rules", rules[0])).status).toBe(403);
    const bare = await post("admin", "/api/inbox/rules", { action: "hide" });
    expect(bare).toMatchObject({ status: 400, body: { message: expect.stringContaining("at least one condition") } });

    const angry = await mentioned("angry_al", "I want a refund, the bread was terrible");
    expect(angry).toMatchObject({ assigneeId: editor, labels: ["billing", "upset"], sentiment: "negative" });
    expect(angry.suggestedReply).toContain("angry_al");
    const spam = await mentioned("coin_guy", "free crypto for everyone");
    expect(spam).toMatchObject({ status: "done", hiddenByRule: true });
    const happy = await mentioned("happy_hana", "love the new loaf, thanks!");
    expect(happy).toMatchObject({ sentiment: "positive", assigneeId: null, labels: [] });

    // The editor heard of the assignment in the bell and by email, once, however often the inbox syncs.
    await post("contributor", "/api/inbox/sync");
    expect(await notices(members.editor, "inbox_assigned")).toEqual([
      expect.stringMatching(/^A rule assigned you angry_al on X: ".*I want a refund/),
    ]);
    expect(await mailTo(members.editor)).toContain("An inbox item from angry_al on X is yours");
    expect((await items("owner")).find((i) => i.author === "angry_al")!.labels).toEqual(["billing", "upset"]);
    // Filtered by label.
    expect((await items("viewer", "?status=all&label=billing")).map((i) => i.author)).toEqual(["angry_al"]);
  });

  it("a contributor drafts, an editor sends it once with a saved reply's words, and the measures count it", async () => {
    const saved = await post("editor", "/api/inbox/saved-replies", {
      title: "Thanks",
      body: "Thank you {first_name}! See you on {network}. – {me}",
    });
    expect(saved.status).toBe(201);
    const savedId = (saved.body.data as { id: string }).id;
    // Listed as created: its time an ISO 8601 instant, as every answer's times.
    const listed = await call("/api/inbox/saved-replies", as("viewer"));
    expect(listed.body.data).toEqual([saved.body.data]);
    expect(saved.body.data).toMatchObject({ createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expect((await post("contributor", "/api/inbox/saved-replies", { title: "x", body: "y" })).status).toBe(403);

    const item = (await items("owner")).find((i) => i.author === "happy_hana")!;
    const filled = await call(`/api/inbox/${item.id}/saved-replies/${savedId}`, as("contributor"));
    expect(filled.body.data).toEqual({ text: "Thank you Happy! See you on X. – Contributor Member" });

    const text = (filled.body.data as { text: string }).text;
    // A contributor may not answer on the network, but may draft for approval; the approvers hear of it.
    expect((await post("contributor", `/api/inbox/${item.id}/reply`, { text })).status).toBe(403);
    expect((await post("contributor", `/api/inbox/${item.id}/draft`, { text })).status).toBe(200);
    expect(await notices(members.editor, "inbox_draft")).toEqual([
      "Contributor Member drafted a reply to happy_hana on X for you to approve.",
    ]);
    expect(await notices(members.viewer, "inbox_draft")).toEqual([]);
    expect((await post("contributor", `/api/inbox/${item.id}/draft/send`)).status).toBe(403);

    const sent = await post("editor", `/api/inbox/${item.id}/draft/send`);
    expect(sent).toMatchObject({ status: 200, body: { message: "Reply sent", data: { status: "done", draft: null } } });
    const again = await post("owner", `/api/inbox/${item.id}/draft/send`);
    expect(again).toMatchObject({ status: 409 });
    // The draft and the reply that sent it are in the activity log, by their members.
    const logged = await (await dbOf(ws))
      .prepare("SELECT action, user_id, summary FROM activity_log WHERE subject_id = ? ORDER BY created_at, rowid")
      .bind(item.id)
      .all();
    expect(logged.results).toEqual([
      { action: "inbox_drafted", user_id: members.contributor.user.id, summary: text },
      { action: "inbox_replied", user_id: members.editor.user.id, summary: text },
    ]);
    const onX = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM emu_objects WHERE platform = 'twitter' AND kind = 'tweet' AND json_extract(data, '$.text') = ?",
    )
      .bind(text)
      .first<{ n: number }>();
    expect(onX!.n).toBe(1);

    const stats = await call("/api/inbox/stats", as("viewer"));
    expect(stats.body.data).toMatchObject({
      answered: 1,
      firstResponseMedianMs: expect.any(Number),
      members: expect.arrayContaining([
        { userId: members.editor.user.id, name: "Editor Member", handled: 1, replied: 1 },
      ]),
    });
  });

  it("notes, labels, bulk done and per-member read marks", async () => {
    const all = await items("owner");
    const [a, b] = ["angry_al", "coin_guy"].map((author) => all.find((i) => i.author === author));
    expect((await post("viewer", `/api/inbox/${a!.id}/notes`, { text: "hm" })).status).toBe(403);
    const noted = await post("contributor", `/api/inbox/${a!.id}/notes`, { text: "Called them back" });
    expect(noted.status).toBe(201);
    expect((await call(`/api/inbox/${a!.id}/notes`, as("viewer"))).body.data).toEqual([
      expect.objectContaining({ text: "Called them back", name: "Contributor Member" }),
    ]);

    const ids = [a!.id, b!.id];
    expect((await post("viewer", "/api/inbox/bulk", { action: "done", ids })).status).toBe(403);
    expect((await post("contributor", "/api/inbox/bulk", { action: "label", ids, label: "VIP" })).body.data).toEqual({
      changed: 2,
    });
    expect((await post("contributor", "/api/inbox/bulk", { action: "done", ids })).body.data).toEqual({ changed: 2 });
    const after = (await items("owner")).filter((i) => ids.includes(i.id));
    expect(after.map((i) => [i.status, i.labels.includes("vip"), i.notes > 0 || i.id === b!.id])).toEqual([
      ["done", true, true],
      ["done", true, true],
    ]);

    // Read marks are each member's own: the viewer reads, the editor still sees them unread.
    expect((await post("viewer", "/api/inbox/read", { ids })).body.data).toEqual({ read: 2 });
    expect((await items("viewer")).filter((i) => ids.includes(i.id)).every((i) => i.read)).toBe(true);
    expect((await items("editor")).filter((i) => ids.includes(i.id)).some((i) => i.read)).toBe(false);
  });

  it("every open inbox hears of changes and of who is replying, through the workspace's live channel", async () => {
    const editor = await openLive("editor");
    const owner = await openLive("owner");
    const item = (await items("owner")).find((i) => i.author === "angry_al")!;
    // The owner starts writing a reply: the editor's inbox shows it.
    owner.socket.send(JSON.stringify({ replying: item.id }));
    await editor.next((m) => m.type === "presence" && (m.replying ?? []).some((r) => r.itemId === item.id));
    expect(editor.heard.at(-1)!.replying).toEqual([
      { itemId: item.id, userId: members.owner.user.id, name: "Olga Owner" },
    ]);

    expect(
      (await post("owner", `/api/inbox/${item.id}/assign`, { assigneeId: members.contributor.user.id })).status,
    ).toBe(200);
    await editor.next((m) => m.type === "items" && (m.ids ?? []).includes(item.id));
    await owner.next((m) => m.type === "items" && (m.ids ?? []).includes(item.id));

    // A new item reaches both as created.
    const fresh = await mentioned("new_nina", "what time do you open?");
    await editor.next((m) => m.type === "items" && (m.ids ?? []).includes(fresh.id));
    owner.socket.close(1000);
    editor.socket.close(1000);

    const plain = await call("/api/inbox/live", as("viewer"));
    expect(plain).toMatchObject({ status: 426, body: { message: expect.stringContaining("WebSocket") } });
  });
});
