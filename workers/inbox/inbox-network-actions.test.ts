import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { Platform } from "../platform-profile";
import { call, registerUser } from "../test/helpers";
import { armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { addMember, dbOf } from "../test/shards";
import { publishOn } from "./published.test-helper";

/**
 * Hiding, liking and deleting comments from the inbox on X, Threads and YouTube, each through the network's own
 * endpoint (ADR 083): what the network took shows on the emulator's object, what it refuses is said in its words,
 * and an action the network's API does not offer is refused before any call.
 */
type Desk = {
  /** A visitor comments on the published post now (or, `onPost` false, writes a post of their own); its item. */
  itemOf: (text: string, onPost?: boolean) => Promise<{ itemId: string; commentId: string }>;
  act: Act;
  handle: string;
};
type Act = (itemId: string, action: string) => ReturnType<typeof call<"POST /api/inbox/:id/actions">>;

/** A workspace with the network connected (some scopes withheld) and a published post; its editor's actions. */
async function deskOn(platform: Platform, withhold?: string[]): Promise<Desk> {
  const owner = await registerUser();
  const ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Desk" } }))
    .body.data.id as string;
  const editor = await registerUser();
  await addMember(ws, editor.user.id, "editor");
  await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws}`, platform, withhold ? { withhold } : {});
  const as = { token: owner.token, headers: { "X-Workspace-Id": ws } };
  const account = (await call<"GET /api/accounts">("/api/accounts", as)).body.data.accounts[0] as {
    _id: string;
    username: string;
  };
  const input = { workspaceId: ws, userId: owner.user.id, accountId: account._id, platform };
  const text = `Desk post ${crypto.randomUUID().slice(0, 6)}`;
  const { remoteId: postId } = platform === "youtube" ? await videoOn(input, text) : await publishOn(input, text);
  return {
    handle: account.username,
    async itemOf(text, onPost = true) {
      const res = await raw("/sandbox/comments", {
        method: "POST",
        body: JSON.stringify({ platform, ...(onPost ? { postId } : {}), author: "Sam Visitor", text }),
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...as, method: "POST" });
      const items = (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", as)).body.data.items;
      const item = items.find((i) => i.text.endsWith(text));
      expect(item).toBeDefined();
      return { itemId: item!.id, commentId: id };
    },
    act: (itemId, action) =>
      call<"POST /api/inbox/:id/actions">(`/api/inbox/${itemId}/actions`, {
        token: editor.token,
        headers: { "X-Workspace-Id": ws },
        method: "POST",
        body: { action },
      }),
  };
}

/**
 * A video the channel has on YouTube, published from Postline: a video upload is tested in youtube.test.ts, so the
 * channel's video and the published target are written as they stand after one.
 */
async function videoOn(input: { workspaceId: string; userId: string; accountId: string }, text: string) {
  const ws = await dbOf(input.workspaceId);
  const channel = await ws
    .prepare("SELECT platform_user_id AS id FROM connected_accounts WHERE id = ?")
    .bind(input.accountId)
    .first<{ id: string }>();
  const remoteId = crypto.randomUUID().replace(/-/g, "").slice(0, 11);
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO emu_objects (id, platform, kind, owner, status, data, created_at) VALUES (?, 'youtube', 'video', ?, 'processed', ?, ?)",
  )
    .bind(remoteId, channel!.id, JSON.stringify({ snippet: { title: text } }), now)
    .run();
  const postId = crypto.randomUUID();
  await ws.batch([
    ws
      .prepare(
        "INSERT INTO posts (id, workspace_id, user_id, content, status, scheduled_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'published', ?, ?, ?)",
      )
      .bind(postId, input.workspaceId, input.userId, text, now, now, now),
    ws
      .prepare(
        "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, due_at, remote_id, published_at, created_at, updated_at) VALUES (?, ?, ?, 'youtube', ?, 'published', ?, ?, ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), postId, input.workspaceId, input.accountId, now, remoteId, now, now, now),
  ]);
  return { remoteId };
}

/** The emulator's object: what the network holds. */
async function onNetwork(platform: string, id: string) {
  const row = await env.DB.prepare("SELECT data FROM emu_objects WHERE platform = ? AND id = ?")
    .bind(platform, id)
    .first<{ data: string }>();
  return row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
}

afterEach(clearFaults);

describe("X replies moderated from the inbox", () => {
  it("hides, shows, likes and unlikes the reply on X; delete is not offered", async () => {
    const desk = await deskOn("twitter");
    const { itemId, commentId } = await desk.itemOf("Rude reply on X");
    expect((await desk.act(itemId, "hide")).body).toMatchObject({ message: "Hidden", data: { hidden: true } });
    expect((await onNetwork("twitter", commentId))?.hidden).toBe(true);
    expect((await desk.act(itemId, "unhide")).body.data).toMatchObject({ hidden: false });
    expect((await onNetwork("twitter", commentId))?.hidden).toBe(false);
    expect((await desk.act(itemId, "like")).body.data).toMatchObject({ liked: true });
    expect((await onNetwork("twitter", commentId))?.likedBy).toHaveLength(1);
    expect((await desk.act(itemId, "unlike")).body.data).toMatchObject({ liked: false });
    expect((await onNetwork("twitter", commentId))?.likedBy).toEqual([]);
    const remove = await desk.act(itemId, "delete");
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe("X does not let apps delete comments; do it on X.");
    expect(await onNetwork("twitter", commentId)).not.toBeNull();
  });

  it("says X's words when the post is not a reply in the account's conversation", async () => {
    const desk = await deskOn("twitter");
    const { itemId, commentId } = await desk.itemOf(`@${desk.handle} a mention of our own`, false);
    const res = await desk.act(itemId, "hide");
    expect(res.status).toBe(502);
    expect(res.body.message).toBe("X did not take it: You can only hide replies to conversations you started.");
    expect((await onNetwork("twitter", commentId))?.hidden).toBeUndefined();
  });

  it("says X's words and asks for a reconnect when the consent lacks like.write", async () => {
    const desk = await deskOn("twitter", ["like.write"]);
    const { itemId, commentId } = await desk.itemOf("Like me on X");
    const res = await desk.act(itemId, "like");
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      "X did not take it: You are not permitted to perform this action. Missing scope: like.write. Reconnect the account to allow it.",
    );
    expect((await onNetwork("twitter", commentId))?.likedBy).toBeUndefined();
  });

  it("says X's words when it limits a hide", async () => {
    const desk = await deskOn("twitter");
    const { itemId, commentId } = await desk.itemOf("Limited hide on X");
    await armFault("twitter", "429", 1, { method: "PUT", path: `/2/tweets/${commentId}/hidden$` });
    const res = await desk.act(itemId, "hide");
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^X is limiting requests: /);
    expect((await onNetwork("twitter", commentId))?.hidden).toBeUndefined();
  });
});

describe("Threads replies moderated from the inbox", () => {
  it("hides and shows the reply on Threads; like and delete are not offered", async () => {
    const desk = await deskOn("threads");
    const { itemId, commentId } = await desk.itemOf("Off-topic reply on Threads");
    expect((await desk.act(itemId, "hide")).body).toMatchObject({ message: "Hidden", data: { hidden: true } });
    expect((await onNetwork("threads", commentId))?.hidden).toBe(true);
    expect((await desk.act(itemId, "unhide")).body.data).toMatchObject({ hidden: false });
    expect((await onNetwork("threads", commentId))?.hidden).toBe(false);
    for (const [action, words] of [
      ["like", "Threads does not let apps like comments; do it on Threads."],
      ["delete", "Threads does not let apps delete comments; do it on Threads."],
    ])
      expect((await desk.act(itemId, action)).body).toEqual({ success: false, message: words });
  });

  it("says Threads' words and asks for a reconnect when the consent lacks threads_manage_replies", async () => {
    const desk = await deskOn("threads", ["threads_manage_replies"]);
    const { itemId, commentId } = await desk.itemOf("Hide me on Threads");
    const res = await desk.act(itemId, "hide");
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      "Threads did not take it: (#10) Application does not have permission for this action. Reconnect the account to allow it.",
    );
    expect((await onNetwork("threads", commentId))?.hidden).toBeUndefined();
  });
});

describe("YouTube comments moderated from the inbox", () => {
  it("holds the comment for review, publishes it again and rejects it as the channel owner; like is not offered", async () => {
    const desk = await deskOn("youtube");
    const { itemId, commentId } = await desk.itemOf("Spammy link on YouTube");
    const status = async () => (await onNetwork("youtube", commentId))?.moderationStatus;
    expect((await desk.act(itemId, "hide")).body).toMatchObject({ message: "Hidden", data: { hidden: true } });
    expect(await status()).toBe("heldForReview");
    expect((await desk.act(itemId, "unhide")).body.data).toMatchObject({ hidden: false });
    expect(await status()).toBe("published");
    expect((await desk.act(itemId, "like")).body).toEqual({
      success: false,
      message: "YouTube does not let apps like comments; do it on YouTube.",
    });
    expect((await desk.act(itemId, "delete")).body).toMatchObject({ message: "Deleted", data: { deleted: true } });
    expect(await status()).toBe("rejected");
  });

  it("says YouTube's words when the comment is gone from YouTube", async () => {
    const desk = await deskOn("youtube");
    const { itemId, commentId } = await desk.itemOf("Soon gone on YouTube");
    await env.DB.prepare("DELETE FROM emu_objects WHERE platform = 'youtube' AND id = ?").bind(commentId).run();
    const res = await desk.act(itemId, "hide");
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      "YouTube did not take it: One or more of the comments that the request is trying to update cannot be found.",
    );
  });
});
