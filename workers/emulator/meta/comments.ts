import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emuObjects } from "../../db/schema/emulator";
import type { EmuContext } from "../context";
import { numericId } from "../ids";
import { postMetrics, sampleComments } from "../metrics";
import { createObject, deleteObject, type EmuObject, getObject, keepObject, updateObject } from "../objects";
import type { TokenRow } from "../tokens";
import { igAccountById, pageById } from "./demo";
import { GraphError, graphTime, noPagePublishPermission, objectNotFound, requirePermission } from "./graph-core";
import { deliverChange } from "./webhooks";

/**
 * Comments on a Page post (Graph `Comment` node) and on IG media (`IG Comment` node), kept as objects so they can
 * be answered, hidden, liked and deleted like on Meta: those that grow over the emulator clock become objects
 * when first read, and a visitor's on-demand comment (`POST /sandbox/comments`) is one at once and is pushed to
 * the subscribed apps as a webhook (`feed` for Pages, `comments` for Instagram).
 * - Facebook: `GET|POST /{comment-id}/comments` (replies; `message`), `POST /{comment-id}?is_hidden=`,
 *   `POST|DELETE /{comment-id}/likes`, `DELETE /{comment-id}`; writes need `pages_manage_engagement`.
 * - Instagram: `GET|POST /{ig-comment-id}/replies` (top-level comments only), `POST /{ig-comment-id}?hide=`,
 *   `DELETE /{ig-comment-id}`; Instagram has no like of a comment in its API.
 */
type Store = "facebook" | "instagram";
const COMMENT_MAX: Record<Store, number> = { facebook: 8_000, instagram: 2_200 };

/** The comments whose parent is `parentId` (a post, media or comment), oldest first, grown ones included. */
export async function commentsUnder(db: Db, store: Store, parent: EmuObject, now: number): Promise<EmuObject[]> {
  if (parent.kind !== "comment") {
    const m = postMetrics(parent.id, parent.createdAt, now);
    for (const k of sampleComments(parent.id, m.comments, parent.createdAt).filter((x) => x.createdAt <= now))
      await keepObject(db, {
        id: k.id,
        platform: store,
        kind: "comment",
        owner: parent.owner,
        createdAt: k.createdAt,
        data: { replyTo: parent.id, text: k.text, author: k.author, authorId: `visitor:${k.author}` },
      });
  }
  return db
    .select()
    .from(emuObjects)
    .where(
      and(
        eq(emuObjects.platform, store),
        eq(emuObjects.kind, "comment"),
        sql`json_extract(${emuObjects.data}, '$.replyTo') = ${parent.id}`,
        lte(emuObjects.createdAt, now),
      ),
    )
    .orderBy(emuObjects.createdAt)
    .all();
}

export const fbCommentJson = (o: EmuObject) => ({
  id: o.id,
  message: String(o.data.text ?? ""),
  from: { name: String(o.data.author ?? ""), id: String(o.data.authorId ?? o.owner) },
  created_time: graphTime(o.createdAt),
  is_hidden: o.data.hidden === true,
  like_count: ((o.data.likedBy as string[] | undefined) ?? []).length,
});

export const igCommentJson = (o: EmuObject) => ({
  id: o.id,
  text: String(o.data.text ?? ""),
  username: String(o.data.author ?? "").replace(/^@/, ""),
  from: { id: String(o.data.authorId ?? o.owner), username: String(o.data.author ?? "").replace(/^@/, "") },
  timestamp: graphTime(o.createdAt),
  hidden: o.data.hidden === true,
});

function checkMessage(store: Store, message: string | undefined): string {
  if (!message?.trim()) throw new GraphError(400, "(#100) The parameter message is required", 100);
  if ([...message].length > COMMENT_MAX[store])
    throw new GraphError(400, `(#100) The comment must be at most ${COMMENT_MAX[store]} characters`, 100);
  return message;
}

async function answer(c: EmuContext, store: Store, parent: EmuObject, message: string) {
  const owner = store === "facebook" ? pageById(parent.owner) : null;
  const author = store === "facebook" ? (owner?.name ?? parent.owner) : `@${igAccountById(parent.owner)?.username}`;
  const id = store === "facebook" ? `${parent.id.split("_")[0]}_${numericId()}` : numericId();
  await createObject(c.var.db, {
    id,
    platform: store,
    kind: "comment",
    owner: parent.owner,
    createdAt: c.var.now,
    data: { replyTo: parent.id, text: message, author, authorId: parent.owner },
  });
  return { id };
}

/** A Page comment's node and edges, for a token of the Page that owns the post. */
export async function fbCommentEdge(
  c: EmuContext,
  token: TokenRow,
  comment: EmuObject,
  edge: string | undefined,
  p: Record<string, string>,
) {
  const { db, now } = c.var;
  if (!edge && c.req.method === "GET") return fbCommentJson(comment);
  if (edge === "comments" && c.req.method === "GET")
    return { data: (await commentsUnder(db, "facebook", comment, now)).map(fbCommentJson) };
  requirePermission(token, "pages_manage_engagement", noPagePublishPermission());
  if (edge === "comments" && c.req.method === "POST")
    return answer(c, "facebook", comment, checkMessage("facebook", p.message));
  if (!edge && c.req.method === "DELETE") {
    await deleteObject(db, "facebook", comment.id);
    return { success: true };
  }
  if (!edge && c.req.method === "POST" && p.is_hidden !== undefined) {
    if (comment.data.authorId === comment.owner)
      throw new GraphError(400, "(#100) A Page cannot hide its own comment", 100);
    await updateObject(db, "facebook", comment.id, { data: { ...comment.data, hidden: p.is_hidden === "true" } });
    return { success: true };
  }
  if (edge === "likes" && (c.req.method === "POST" || c.req.method === "DELETE")) {
    const likedBy = new Set((comment.data.likedBy as string[] | undefined) ?? []);
    if (c.req.method === "POST") likedBy.add(comment.owner);
    else likedBy.delete(comment.owner);
    await updateObject(db, "facebook", comment.id, { data: { ...comment.data, likedBy: [...likedBy] } });
    return { success: true };
  }
  throw objectNotFound(`${comment.id}/${edge ?? ""}`);
}

/** An IG comment's node and edges, for a token of the IG account that owns the media. */
export async function igCommentEdge(
  c: EmuContext,
  comment: EmuObject,
  edge: string | undefined,
  p: Record<string, string>,
) {
  const { db, now } = c.var;
  if (!edge && c.req.method === "GET") return igCommentJson(comment);
  if (edge === "replies" && c.req.method === "GET")
    return { data: (await commentsUnder(db, "instagram", comment, now)).map(igCommentJson) };
  if (edge === "replies" && c.req.method === "POST") {
    const parent = await getObject(db, "instagram", String(comment.data.replyTo));
    if (parent?.kind === "comment")
      throw new GraphError(400, "(#100) Replies can only be made to top-level comments", 100);
    return answer(c, "instagram", comment, checkMessage("instagram", p.message));
  }
  if (!edge && c.req.method === "DELETE") {
    await deleteObject(db, "instagram", comment.id);
    return { success: true };
  }
  if (!edge && c.req.method === "POST" && p.hide !== undefined) {
    await updateObject(db, "instagram", comment.id, { data: { ...comment.data, hidden: p.hide === "true" } });
    return { success: true };
  }
  throw objectNotFound(`${comment.id}/${edge ?? ""}`);
}

/**
 * A visitor comments on a Page post or IG media now (the sandbox's on-demand comment), and the subscribed apps
 * get the webhook; null when there is no such post.
 */
export async function addVisitorMetaComment(
  c: EmuContext,
  input: { platform: Store; postId?: string; author: string; text: string; webhook?: boolean },
) {
  const store = input.platform;
  const post = input.postId ? await getObject(c.var.db, store, input.postId) : null;
  if (!post || (store === "facebook" ? post.kind !== "post" : post.kind !== "media")) return null;
  const id = store === "facebook" ? `${post.id.split("_")[1] ?? post.id}_${numericId()}` : numericId();
  const authorId = `visitor:${input.author}`;
  await createObject(c.var.db, {
    id,
    platform: store,
    kind: "comment",
    owner: post.owner,
    createdAt: c.var.now,
    data: { replyTo: post.id, text: input.text, author: input.author, authorId },
  });
  const webhooks =
    input.webhook === false
      ? []
      : store === "facebook"
        ? await deliverChange(c, {
            object: "page",
            entryId: post.owner,
            field: "feed",
            value: {
              from: { id: authorId, name: input.author },
              post_id: post.id,
              comment_id: id,
              parent_id: post.id,
              message: input.text,
              created_time: Math.floor(c.var.now / 1000),
              item: "comment",
              verb: "add",
            },
          })
        : await deliverChange(c, {
            object: "instagram",
            entryId: post.owner,
            field: "comments",
            value: {
              id,
              from: { id: authorId, username: input.author },
              text: input.text,
              media: { id: post.id, media_product_type: "FEED" },
            },
          });
  return { id, webhooks };
}
