import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { posts, postTargets } from "../db/schema/index";
import { call, registerUser } from "../test/helpers";
import { jpegBytes } from "../test/media-fixtures";
import { mediaLinks } from "../test/media-links";
import { armFault, connectViaEmulator, platformHarness, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { drizzleOf } from "../test/shards";

/**
 * Instagram comments answered and moderated from the inbox (ADR 083): a reply on the IG Comment node
 * (`/{ig-comment-id}/replies`) exactly once, hide and delete; Instagram's API has no like of a comment, so the
 * inbox says so instead of trying.
 */
let ws: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
let mediaId: string;
const inWs = () => ({ token: owner.token, headers: { "X-Workspace-Id": ws } });

/** A post of ours that went out as this IG media (published by the client, recorded as publishing would). */
async function recordPublished(accountId: string, remoteId: string) {
  const now = Date.now();
  const postId = crypto.randomUUID();
  const db = await drizzleOf(ws);
  await db.insert(posts).values({
    id: postId,
    workspaceId: ws,
    userId: owner.user.id,
    content: "Fresh loaves today",
    status: "published",
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(postTargets).values({
    id: crypto.randomUUID(),
    postId,
    workspaceId: ws,
    platform: "instagram",
    accountId,
    status: "published",
    remoteId,
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

async function freshComment(text: string) {
  const res = await raw("/sandbox/comments", {
    method: "POST",
    body: JSON.stringify({ platform: "instagram", postId: mediaId, author: "crumb_fan", text }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await call<"POST /api/inbox/sync">("/api/inbox/sync", { ...inWs(), method: "POST" });
  const items = (await call<"GET /api/inbox">("/api/inbox?status=all&limit=100", inWs())).body.data.items;
  const item = items.find((i) => i.text === text)!;
  expect(item).toMatchObject({ platform: "instagram", post: { preview: "Fresh loaves today" } });
  return { itemId: item.id, commentId: id };
}

async function onInstagram(commentId: string) {
  const row = await env.DB.prepare("SELECT data FROM emu_objects WHERE platform = 'instagram' AND id = ?")
    .bind(commentId)
    .first<{ data: string }>();
  return row ? (JSON.parse(row.data) as { hidden?: boolean }) : null;
}

async function repliesOnInstagram(commentId: string, text: string) {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM emu_objects WHERE platform = 'instagram' AND kind = 'comment' AND json_extract(data, '$.replyTo') = ? AND json_extract(data, '$.text') = ?",
  )
    .bind(commentId, text)
    .first<{ n: number }>();
  return row!.n;
}

const reply = (itemId: string, text: string) =>
  call<"POST /api/inbox/:id/reply">(`/api/inbox/${itemId}/reply`, { ...inWs(), method: "POST", body: { text } });
const act = (itemId: string, action: string) =>
  call<"POST /api/inbox/:id/actions">(`/api/inbox/${itemId}/actions`, { ...inWs(), method: "POST", body: { action } });

afterEach(clearFaults);

describe("Instagram comments from the inbox", () => {
  beforeAll(async () => {
    owner = await registerUser();
    ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Bakery Desk" } }))
      .body.data.id as string;
    await connectViaEmulator(`${owner.cookie}; pl_workspace=${ws}`, "instagram", { variant: "facebook" });
    const accounts = (await call<"GET /api/accounts">("/api/accounts", inWs())).body.data.accounts as Array<{
      _id: string;
      platform: string;
    }>;
    const account = accounts.find((a) => a.platform === "instagram")!;
    const links = await mediaLinks({ square: { bytes: jpegBytes(1080, 1080), name: "loaf.jpg" } });
    const h = platformHarness({}, await drizzleOf(ws));
    const creds = await h.accounts.accountCredentials(account._id);
    const published = await h.registry.instagram!.publish(creds, {
      marker: crypto.randomUUID(),
      text: "Fresh loaves today",
      media: [
        {
          kind: "image",
          url: links.urls.square,
          mimeType: "image/jpeg",
          size: 1000,
          open: async () => new Blob(["x"]).stream(),
        },
      ],
    });
    mediaId = published.remoteId;
    await recordPublished(account._id, mediaId);
  });

  it("replies under the comment once, even when the answer is lost", async () => {
    const { itemId, commentId } = await freshComment("Sourdough on Saturday?");
    await armFault("facebook", "drop", 1, { method: "POST", path: `/${commentId}/replies$` });
    const res = await reply(itemId, "Every Saturday from 8!");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "done", reply: { state: "sent" } });
    expect(await repliesOnInstagram(commentId, "Every Saturday from 8!")).toBe(1);
  });

  it("a refusal is said in Instagram's words and a retry sends once", async () => {
    const { itemId, commentId } = await freshComment("Gluten free?");
    await armFault("facebook", "500", 1, { method: "POST", path: `/${commentId}/replies$` });
    const failed = await reply(itemId, "Two kinds, yes.");
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/^Instagram did not take the reply: /);
    expect((await reply(itemId, "Two kinds, yes.")).status).toBe(200);
    expect(await repliesOnInstagram(commentId, "Two kinds, yes.")).toBe(1);
  });

  it("hides and deletes on Instagram; a like is refused in plain words", async () => {
    const { itemId, commentId } = await freshComment("Buy followers cheap");
    expect((await act(itemId, "hide")).body.data).toMatchObject({ hidden: true });
    expect((await onInstagram(commentId))?.hidden).toBe(true);
    const like = await act(itemId, "like");
    expect(like.status).toBe(409);
    expect(like.body.message).toBe("Instagram does not let apps like comments; do it on Instagram.");
    const deleted = await act(itemId, "delete");
    expect(deleted.body).toMatchObject({ data: { deleted: true, status: "done" } });
    expect(await onInstagram(commentId)).toBeNull();
  });
});
