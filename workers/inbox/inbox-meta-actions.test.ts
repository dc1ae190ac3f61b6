import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../tenancy/roles";
import { call, registerUser } from "../test/helpers";
import { armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { addMember, dbOf } from "../test/shards";
import { publishOn } from "./published.test-helper";

/**
 * Answering, hiding, liking and deleting Facebook comments from the inbox through the Graph API (ADR 083): each
 * shows on the emulator's comment, a reply goes out exactly once under every fault, and roles decide who may.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
let ws: string;
let postRemoteId: string;
const members = {} as Record<"owner" | "editor" | "contributor", User>;
const as = (role: keyof typeof members) => ({ token: members[role].token, headers: { "X-Workspace-Id": ws } });

/** A visitor comments on the Page post now; the inbox takes it in; its item. */
async function freshComment(text: string) {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform: "facebook", postId: postRemoteId, author: "Sam Visitor", text }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...as("owner"), method: "POST" });
  const items = (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", as("owner"))).body.data.items;
  const item = items.find((i) => i.text === text)!;
  expect(item).toBeDefined();
  return { itemId: item.id, commentId: id };
}

/** The emulator's comment node: what Facebook holds. */
async function onFacebook(commentId: string) {
  const row = await env.DB.prepare("SELECT data FROM emu_objects WHERE platform = 'facebook' AND id = ?")
    .bind(commentId)
    .first<{ data: string }>();
  return row ? (JSON.parse(row.data) as { hidden?: boolean; likedBy?: string[] }) : null;
}

/** The Page's replies under the comment with this text. */
async function repliesOnFacebook(commentId: string, text: string) {
  const { results } = await env.DB.prepare(
    "SELECT id FROM emu_objects WHERE platform = 'facebook' AND kind = 'comment' AND json_extract(data, '$.replyTo') = ? AND json_extract(data, '$.text') = ?",
  )
    .bind(commentId, text)
    .all();
  return results.length;
}

const reply = (itemId: string, text: string, role: keyof typeof members = "editor") =>
  call<"POST /api/inbox/:id/reply">(`/api/inbox/${itemId}/reply`, { ...as(role), method: "POST", body: { text } });
const act = (itemId: string, action: string, role: keyof typeof members = "editor") =>
  call<"POST /api/inbox/:id/actions">(`/api/inbox/${itemId}/actions`, {
    ...as(role),
    method: "POST",
    body: { action },
  });

afterEach(clearFaults);

describe("Facebook comments answered and moderated from the inbox", () => {
  beforeAll(async () => {
    members.owner = await registerUser();
    ws = (
      await call<"POST /api/workspaces">("/api/workspaces", { token: members.owner.token, body: { name: "Page Desk" } })
    ).body.data.id as string;
    for (const role of ["editor", "contributor"] as const satisfies Role[]) {
      members[role] = await registerUser();
      await addMember(ws, members[role].user.id, role);
    }
    await connectViaEmulator(`${members.owner.cookie}; pl_workspace=${ws}`, "facebook");
    const account = (await call<"GET /api/accounts">("/api/accounts", as("owner"))).body.data.accounts[0] as {
      _id: string;
    };
    ({ remoteId: postRemoteId } = await publishOn(
      { workspaceId: ws, userId: members.owner.user.id, accountId: account._id, platform: "facebook" },
      `Page desk post ${crypto.randomUUID().slice(0, 6)}`,
    ));
  });

  it("replies on the comment as the Page, once, and the item is done", async () => {
    const { itemId, commentId } = await freshComment("Is the shop open on Sunday?");
    const contributor = await reply(itemId, "Yes, 10 to 4!", "contributor");
    expect(contributor.status).toBe(403);
    const res = await reply(itemId, "Yes, 10 to 4!");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "done", reply: { state: "sent", text: "Yes, 10 to 4!" } });
    expect(await repliesOnFacebook(commentId, "Yes, 10 to 4!")).toBe(1);
    expect((await reply(itemId, "Yes, 10 to 4!")).body).toEqual({
      success: false,
      message: "This was already answered from Postline.",
    });
  });

  it.each([
    ["429", 429, /^Facebook is limiting requests: /],
    ["500", 502, /^Facebook did not take the reply: /],
    ["timeout", 502, /^Facebook did not take the reply: /],
  ] as const)(
    "a reply refused with %s is said in the network's words, and the retry sends it once",
    async (mode, status, words) => {
      const { itemId, commentId } = await freshComment(`Fault ${mode}: do you deliver?`);
      await armFault("facebook", mode, 1, { method: "POST", path: `/${commentId}/comments$` });
      const failed = await reply(itemId, "We do, within the city.");
      expect(failed.status).toBe(status);
      expect(failed.body.message).toMatch(words);
      expect(await repliesOnFacebook(commentId, "We do, within the city.")).toBe(0);
      expect((await reply(itemId, "We do, within the city.")).status).toBe(200);
      expect(await repliesOnFacebook(commentId, "We do, within the city.")).toBe(1);
    },
  );

  it("a reply whose answer was lost is found on Facebook, not sent again", async () => {
    const { itemId, commentId } = await freshComment("Lost answer: gift cards?");
    await armFault("facebook", "drop", 1, { method: "POST", path: `/${commentId}/comments$` });
    const res = await reply(itemId, "Gift cards at the till.");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "done", reply: { state: "sent" } });
    expect(await repliesOnFacebook(commentId, "Gift cards at the till.")).toBe(1);
    expect((await reply(itemId, "Gift cards at the till.")).status).toBe(409);
    expect(await repliesOnFacebook(commentId, "Gift cards at the till.")).toBe(1);
  });

  it("hides, shows, likes and deletes the comment on Facebook; contributors may not", async () => {
    const { itemId, commentId } = await freshComment("Spam spam spam");
    expect((await act(itemId, "hide", "contributor")).status).toBe(403);
    const hidden = await act(itemId, "hide");
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ message: "Hidden", data: { hidden: true } });
    expect((await onFacebook(commentId))?.hidden).toBe(true);
    expect((await act(itemId, "unhide")).body.data).toMatchObject({ hidden: false });
    expect((await onFacebook(commentId))?.hidden).toBe(false);
    expect((await act(itemId, "like")).body.data).toMatchObject({ liked: true });
    expect((await onFacebook(commentId))?.likedBy).toHaveLength(1);
    const bad = await act(itemId, "pin");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("action must be hide, unhide, like, unlike or delete");
    const deleted = await act(itemId, "delete");
    expect(deleted.body).toMatchObject({ message: "Deleted", data: { deleted: true, status: "done" } });
    expect(await onFacebook(commentId)).toBeNull();
    expect((await act(itemId, "hide")).body).toEqual({
      success: false,
      message: "This comment was deleted on the network.",
    });
    // Each action the network took is in the activity log, by the editor; the refused ones are not.
    const logged = await (await dbOf(ws))
      .prepare("SELECT action, user_id, summary FROM activity_log WHERE subject_id = ? ORDER BY created_at, rowid")
      .bind(itemId)
      .all();
    expect(logged.results).toEqual(
      ["Hidden", "Shown again", "Liked", "Deleted"].map((summary) => ({
        action: "inbox_moderated",
        user_id: members.editor.user.id,
        summary,
      })),
    );
  });

  it("says the network's words when Facebook limits a hide", async () => {
    const { itemId, commentId } = await freshComment("Rate limited hide");
    await armFault("facebook", "429", 1, { method: "POST", path: `/${commentId}$` });
    const res = await act(itemId, "hide");
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Facebook is limiting requests: /);
    expect((await onFacebook(commentId))?.hidden).toBeUndefined();
  });
});
