import { Hono } from "hono";
import { mountConsent } from "../consent";
import type { EmuContext, EmuEnv } from "../context";
import { numericId } from "../ids";
import { followerCount, postMetrics } from "../metrics";
import { createObject, deleteObject, type EmuObject, getObject, listObjects, updateObject } from "../objects";
import { issueToken, redeemCode } from "../tokens";
import { download } from "../web";
import { THREADS_USERS } from "./demo";
import { appSecretValid } from "./facebook";
import {
  fieldsOf,
  GraphError,
  graphErrorResponse,
  graphSegments,
  graphTime,
  noAppPermission,
  objectNotFound,
  pick,
  readParams,
  requirePermission,
  requireToken,
  videoProcessingMs,
} from "./graph-core";
import { repliesTo } from "./threads-replies";

/** graph.threads.net and the threads.net consent page (PLATFORMS.md §10). */
const TOKENS = "threads";
const STORE = "threads";
const SHORT_TTL_MS = 3_600_000;
const LONG_TTL_S = 5184000;
const REFRESH_MIN_AGE_MS = 24 * 3_600_000;
const TEXT_MAX = 500;
const LINK_MAX = 5;
const QUOTA_TOTAL = 250;
const DAY = 86_400_000;
const PROCESSING_MS = { TEXT: 0, IMAGE: 10_000 } as Record<string, number>;
const MOUNT = "/sandbox/graph.threads.net";

type ThreadsUser = (typeof THREADS_USERS)[number];

function status(obj: EmuObject, now: number): string {
  if (obj.status === "PUBLISHED") return "PUBLISHED";
  if (obj.data.error) return "ERROR";
  if (now - obj.createdAt > DAY) return "EXPIRED";
  return obj.readyAt !== null && now >= obj.readyAt ? "FINISHED" : "IN_PROGRESS";
}

/** Media by URL is downloaded (../web.ts): an image when its container is created, a video while it processes. */
async function checkImage(c: EmuContext, raw: string) {
  const got = await download(c, raw, "image");
  if (!got.ok)
    throw new GraphError(
      400,
      "The media could not be fetched from this URI",
      1,
      2207052,
      "Media download has failed",
      `The media could not be fetched from this uri: ${raw}`,
    );
  if (got.type !== "image/jpeg" && got.type !== "image/png")
    throw new GraphError(400, "Unsupported image format: use JPEG or PNG.", 100);
}

/** A video's failure is its container's ERROR; processing takes longer the larger the file. */
async function videoProcessing(c: EmuContext, raw: string): Promise<{ error: string | null; ms: number }> {
  const got = await download(c, raw, "video");
  if (!got.ok) return { error: "FAILED_DOWNLOADING_VIDEO", ms: 0 };
  if (got.type !== "video/mp4" && got.type !== "video/quicktime") return { error: "FAILED_PROCESSING_VIDEO", ms: 0 };
  return { error: null, ms: videoProcessingMs(got.size) };
}

async function createContainer(c: EmuContext, user: ThreadsUser, p: Record<string, string>) {
  const { db, now } = c.var;
  const type = (p.media_type ?? "").toUpperCase();
  const isChild = p.is_carousel_item === "true";
  if (!["TEXT", "IMAGE", "VIDEO", "CAROUSEL"].includes(type))
    throw new GraphError(400, "(#100) Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}", 100);
  const text = p.text ?? "";
  if ([...text].length > TEXT_MAX)
    throw new GraphError(
      400,
      `Param text must be at most ${TEXT_MAX} characters long.`,
      100,
      undefined,
      "Text too long",
      `Your post is over ${TEXT_MAX} characters.`,
    );
  if ((text.match(/https?:\/\/\S+/g) ?? []).length > LINK_MAX) {
    throw new GraphError(
      400,
      "THREADS_API__LINK_LIMIT_EXCEEDED",
      100,
      undefined,
      "Too many links",
      `Posts can include up to ${LINK_MAX} links.`,
    );
  }
  let readyAt = now + (PROCESSING_MS[type] ?? 0);
  let children: string[] = [];
  let error: string | null = null;
  if (type === "TEXT" && !text) throw new GraphError(400, "(#100) Param text is required for TEXT posts", 100);
  if (type === "IMAGE") {
    if (!p.image_url) throw new GraphError(400, "(#100) Param image_url is required", 100);
    await checkImage(c, p.image_url);
  }
  if (type === "VIDEO") {
    if (!p.video_url) throw new GraphError(400, "(#100) Param video_url is required", 100);
    const processing = await videoProcessing(c, p.video_url);
    error = processing.error;
    readyAt = now + processing.ms;
  }
  if (type === "CAROUSEL") {
    children = (p.children ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (children.length < 2 || children.length > 20)
      throw new GraphError(400, "(#100) A carousel must have between 2 and 20 items", 100);
    for (const id of children) {
      const child = await getObject(db, STORE, id);
      if (child?.kind !== "container" || child.owner !== user.id || !child.data.isCarouselItem)
        throw new GraphError(400, `(#100) Invalid carousel item: ${id}`, 100);
      readyAt = Math.max(readyAt, child.readyAt ?? now);
      error ??= (child.data.error as string | null) ?? null;
    }
  }
  // §10.3 Replies: only to a post that exists (the emulator's users own their root posts).
  if (p.reply_to_id) {
    const parent = await getObject(db, STORE, p.reply_to_id);
    if (parent?.kind !== "media")
      throw new GraphError(400, "The requested resource does not exist", 24, 4279009, "Media Not Found");
  }
  const id = numericId();
  await createObject(db, {
    id,
    platform: STORE,
    kind: "container",
    owner: user.id,
    createdAt: now,
    readyAt,
    data: {
      mediaType: type,
      text,
      replyTo: p.reply_to_id ?? null,
      isCarouselItem: isChild,
      children,
      imageUrl: p.image_url ?? null,
      videoUrl: p.video_url ?? null,
      error,
    },
  });
  return { id };
}

async function publish(c: EmuContext, user: ThreadsUser, p: Record<string, string>) {
  const { db, now } = c.var;
  const container = p.creation_id ? await getObject(db, STORE, p.creation_id) : null;
  const notFound = () =>
    new GraphError(
      400,
      "The requested resource does not exist",
      24,
      4279009,
      "Media Not Found",
      `The media with id ${p.creation_id} cannot be found.`,
    );
  if (container?.kind !== "container" || container.owner !== user.id || container.data.isCarouselItem) throw notFound();
  const st = status(container, now);
  if (st !== "FINISHED")
    throw st === "PUBLISHED"
      ? new GraphError(400, "(#100) This container has already been published", 100)
      : notFound();
  const used = await listObjects(db, STORE, "media", user.id, { since: now - DAY, limit: 1000 });
  if (used.length >= QUOTA_TOTAL)
    throw new GraphError(
      400,
      "(#4) You have reached the daily publishing limit",
      4,
      undefined,
      "Publishing limit",
      "You've reached the maximum number of posts for today.",
    );
  const id = numericId();
  const readType =
    { TEXT: "TEXT_POST", IMAGE: "IMAGE", VIDEO: "VIDEO", CAROUSEL: "CAROUSEL_ALBUM" }[
      String(container.data.mediaType)
    ] ?? "TEXT_POST";
  await createObject(db, {
    id,
    platform: STORE,
    kind: "media",
    owner: user.id,
    createdAt: now,
    data: {
      text: container.data.text,
      mediaType: readType,
      username: user.username,
      shortcode: id.slice(-11),
      children: container.data.children,
      replyTo: container.data.replyTo ?? null,
    },
  });
  await updateObject(db, STORE, container.id, { status: "PUBLISHED", data: { ...container.data, publishedId: id } });
  return { id };
}

function mediaJson(obj: EmuObject) {
  return {
    id: obj.id,
    media_product_type: "THREADS",
    media_type: obj.data.mediaType,
    text: obj.data.text,
    permalink: `https://www.threads.net/@${obj.data.username}/post/${obj.data.shortcode}`,
    shortcode: obj.data.shortcode,
    timestamp: graphTime(obj.createdAt),
    username: obj.data.username,
    owner: { id: obj.owner },
    is_reply: Boolean(obj.data.replyTo),
    ...(obj.data.replyTo ? { replied_to: { id: String(obj.data.replyTo) } } : {}),
  };
}

async function userEdge(c: EmuContext, user: ThreadsUser, edge: string | undefined, p: Record<string, string>) {
  const { db, now } = c.var;
  if (!edge) {
    const all = {
      id: user.id,
      username: user.username,
      name: user.name,
      threads_profile_picture_url: user.picture,
      threads_biography: user.bio,
      is_verified: false,
    };
    return pick(all, fieldsOf(p, ["id"]));
  }
  if (edge === "threads" && c.req.method === "POST") return createContainer(c, user, p);
  if (edge === "threads" && c.req.method === "GET") {
    const rows = await listObjects(db, STORE, "media", user.id, {
      since: p.since ? Number(p.since) * 1000 : 0,
      limit: Math.min(Number(p.limit ?? 25) || 25, 100),
    });
    return {
      data: rows.map((r) => pick(mediaJson(r), fieldsOf(p, ["id"]))),
      paging: { cursors: { before: "", after: "" } },
    };
  }
  // §10.4: the user's own replies, newest first.
  if (edge === "replies" && c.req.method === "GET") {
    const rows = await listObjects(db, STORE, "media", user.id, {
      since: p.since ? Number(p.since) * 1000 : 0,
      limit: 1000,
    });
    return {
      data: rows
        .filter((r) => r.data.replyTo)
        .slice(0, Math.min(Number(p.limit ?? 25) || 25, 100))
        .map((r) => pick(mediaJson(r), fieldsOf(p, ["id"]))),
      paging: { cursors: { before: "", after: "" } },
    };
  }
  if (edge === "threads_publish" && c.req.method === "POST") return publish(c, user, p);
  if (edge === "threads_publishing_limit") {
    const used = await listObjects(db, STORE, "media", user.id, { since: now - DAY, limit: 1000 });
    return {
      data: [
        {
          quota_usage: used.length,
          config: { quota_total: QUOTA_TOTAL, quota_duration: 86400 },
          reply_quota_usage: 0,
          reply_config: { quota_total: 1000, quota_duration: 86400 },
        },
      ],
    };
  }
  if (edge === "threads_insights") {
    const posts = await listObjects(db, STORE, "media", user.id, { limit: 1000 });
    const totals = { views: 0, likes: 0, replies: 0, reposts: 0, quotes: 0 };
    for (const post of posts) {
      const m = postMetrics(post.id, post.createdAt, now);
      totals.views += m.views;
      totals.likes += m.likes;
      totals.replies += m.comments;
      totals.reposts += m.shares;
      totals.quotes += Math.floor(m.shares / 3);
    }
    const metrics = (p.metric ?? "").split(",").filter(Boolean);
    return {
      data: metrics.map((name) => {
        if (name === "followers_count")
          return {
            name,
            period: "day",
            title: name,
            description: name,
            total_value: { value: followerCount(user.id, now) },
            id: `${user.id}/insights/${name}/day`,
          };
        if (name === "views")
          return {
            name,
            period: "day",
            title: name,
            description: name,
            values: [{ value: totals.views, end_time: graphTime(now) }],
            id: `${user.id}/insights/views/day`,
          };
        if (name in totals)
          return {
            name,
            period: "day",
            title: name,
            description: name,
            total_value: { value: totals[name as keyof typeof totals] },
            id: `${user.id}/insights/${name}/day`,
          };
        throw new GraphError(400, `(#100) Invalid metric: ${name}`, 100);
      }),
    };
  }
  throw objectNotFound(`${user.id}/${edge}`);
}

async function objectEdge(c: EmuContext, obj: EmuObject, edge: string | undefined, p: Record<string, string>) {
  const { db, now } = c.var;
  if (obj.kind === "container") {
    if (edge || c.req.method !== "GET") throw objectNotFound(obj.id);
    const st = status(obj, now);
    return pick(
      { id: obj.id, status: st, error_message: st === "ERROR" ? String(obj.data.error ?? "UNKNOWN") : undefined },
      fieldsOf(p, ["id"]),
    );
  }
  if (!edge && c.req.method === "GET") return pick(mediaJson(obj), fieldsOf(p, ["id"]));
  if (!edge && c.req.method === "DELETE") {
    await deleteObject(db, STORE, obj.id);
    return { success: true, deleted_id: obj.id };
  }
  const m = postMetrics(obj.id, obj.createdAt, now);
  if (edge === "insights") {
    const value: Record<string, number> = {
      views: m.views,
      likes: m.likes,
      replies: m.comments,
      reposts: m.shares,
      quotes: Math.floor(m.shares / 3),
      shares: m.shares,
    };
    const metrics = (p.metric ?? "").split(",").filter(Boolean);
    return {
      data: metrics.map((name) => {
        if (!(name in value)) throw new GraphError(400, `(#100) Invalid metric: ${name}`, 100);
        return {
          name,
          period: "lifetime",
          values: [{ value: value[name] }],
          title: name,
          description: name,
          id: `${obj.id}/insights/${name}/lifetime`,
        };
      }),
    };
  }
  if (edge === "replies" || edge === "conversation") {
    const list = await repliesTo(db, obj, now);
    return {
      data: list.map((x) => ({
        id: x.id,
        text: String(x.data.text),
        username: String(x.data.username),
        timestamp: graphTime(x.createdAt),
        hide_status: x.data.hidden ? "HIDDEN" : "NOT_HUSHED",
      })),
      paging: { cursors: { before: "", after: "" } },
    };
  }
  throw objectNotFound(`${obj.id}/${edge}`);
}

/**
 * Reply Management's hide (`POST /{reply-id}/manage_reply` hide=true|false): only a top-level reply to one of the
 * user's posts (a nested reply goes with the one above it); hiding a hidden reply answers success again.
 */
async function manageReply(c: EmuContext, user: ThreadsUser, id: string, p: Record<string, string | undefined>) {
  if (p.hide !== "true" && p.hide !== "false") throw new GraphError(400, "(#100) The parameter hide is required", 100);
  const reply = await getObject(c.var.db, STORE, id);
  const post = reply?.data.replyTo ? await getObject(c.var.db, STORE, String(reply.data.replyTo)) : null;
  if (!reply || !post) throw objectNotFound(id);
  if (post.owner !== user.id || post.data.replyTo)
    throw new GraphError(400, "(#100) Only top-level replies to your own posts can be hidden or unhidden", 100);
  await updateObject(c.var.db, STORE, id, { data: { ...reply.data, hidden: p.hide === "true" } });
  return { success: true };
}

async function dispatch(c: EmuContext) {
  const seg = graphSegments(c, MOUNT);
  const p = await readParams(c);
  const { db, now } = c.var;
  if (seg[0] === "access_token" || seg[0] === "refresh_access_token") {
    const exchange = seg[0] === "access_token";
    if (p.grant_type !== (exchange ? "th_exchange_token" : "th_refresh_token"))
      throw new GraphError(400, "Unsupported grant_type", 100);
    if (exchange && !p.client_secret) throw new GraphError(400, "Missing client_secret", 101);
    const current = await requireToken(c, TOKENS, p);
    if (current.kind !== (exchange ? "short" : "long"))
      throw new GraphError(
        400,
        exchange ? "Only short-lived tokens can be exchanged" : "Only long-lived tokens can be refreshed",
        100,
      );
    if (!exchange && now - current.issuedAt < REFRESH_MIN_AGE_MS)
      throw new GraphError(400, "The access token must be at least 24 hours old to be refreshed", 100);
    const next = await issueToken(db, {
      platform: TOKENS,
      kind: "long",
      grant: current.grant,
      scopes: current.scopes,
      now,
      ttlMs: LONG_TTL_S * 1000,
      prefix: "THAAL",
    });
    return { access_token: next.token, token_type: "bearer", expires_in: LONG_TTL_S };
  }
  const token = await requireToken(c, TOKENS, p);
  const user = THREADS_USERS.find((u) => u.id === token.grant.selected[0])!;
  const [id, edge] = seg;
  if (!id) throw new GraphError(400, "Unsupported request.", 100);
  if (c.req.method === "POST" && (edge === "threads" || edge === "threads_publish"))
    requirePermission(token, "threads_content_publish", noAppPermission());
  if (c.req.method === "DELETE") requirePermission(token, "threads_delete", noAppPermission());
  // §10.1: POST to the reply endpoints needs threads_manage_replies.
  if (c.req.method === "POST" && edge === "threads" && p.reply_to_id)
    requirePermission(token, "threads_manage_replies", noAppPermission());
  if (edge === "manage_reply" && c.req.method === "POST") {
    requirePermission(token, "threads_manage_replies", noAppPermission());
    return manageReply(c, user, id, p);
  }
  if (id === "me" || id === user.id) return userEdge(c, user, edge, p);
  const obj = await getObject(db, STORE, id);
  if (obj && obj.owner === user.id) return objectEdge(c, obj, edge, p);
  throw objectNotFound(id);
}

export const graphThreads = new Hono<EmuEnv>()
  .post("/oauth/access_token", async (c) => {
    const p = await readParams(c);
    const fail = (message: string) => c.json({ error_type: "OAuthException", code: 400, error_message: message }, 400);
    if (p.grant_type !== "authorization_code") return fail("Invalid grant_type");
    if (!appSecretValid(p.client_id, p.client_secret)) return fail("Invalid client_secret");
    const code =
      p.code && p.redirect_uri
        ? await redeemCode(c.var.db, {
            platform: TOKENS,
            code: p.code.replace(/#_$/, ""),
            clientId: p.client_id!,
            redirectUri: p.redirect_uri,
            now: c.var.now,
          })
        : null;
    if (!code) return fail("Matching code was not found or was already used");
    const short = await issueToken(c.var.db, {
      platform: TOKENS,
      kind: "short",
      grant: code.grant,
      scopes: code.scopes,
      now: c.var.now,
      ttlMs: SHORT_TTL_MS,
      prefix: "THAAS",
    });
    return c.json({ access_token: short.token, user_id: code.grant.selected[0] });
  })
  .all("*", async (c) => {
    try {
      return c.json((await dispatch(c)) as object);
    } catch (err) {
      if (err instanceof GraphError) return graphErrorResponse(c, err);
      throw err;
    }
  });

export const threadsNet = new Hono<EmuEnv>();
mountConsent(threadsNet, "/oauth/authorize", {
  platform: TOKENS,
  brand: "Threads",
  subject: "threads-demo",
  multiple: false,
  fragment: "#_",
  codeTtlMs: 3_600_000,
  required: ["scope"],
  choices: THREADS_USERS.map((u) => ({ id: u.id, label: `@${u.username}`, detail: u.name })),
});
