import { Hono } from "hono";
import { mountConsent } from "../consent";
import type { EmuContext, EmuEnv } from "../context";
import { numericId } from "../ids";
import { audienceOf, followerCount, postMetrics } from "../metrics";
import { createObject, deleteObject, type EmuObject, getObject, listObjects, updateObject } from "../objects";
import { sniffImage } from "../request";
import { issueToken, redeemCode, type TokenRow } from "../tokens";
import { download } from "../web";
import { commentsUnder, fbCommentEdge, fbCommentJson, igCommentEdge } from "./comments";
import { type DemoPage, FB_USER, igAccountById, PAGES, pageById } from "./demo";
import {
  formatEdge,
  publishedReelFields,
  receiveUpload,
  reelInsights,
  storyInsights,
  uploadNodeEdge,
} from "./fb-formats";
import {
  fieldsOf,
  GraphError,
  graphErrorResponse,
  graphSegments,
  graphTime,
  lifetimeInsights,
  noAppPermission,
  noPagePublishPermission,
  objectNotFound,
  pick,
  readParams,
  requirePermission,
  requireToken,
  usageHeaders,
  videoProcessingMs,
} from "./graph-core";
import * as ig from "./ig-media";
import { messagingOwners, pageMessagingEdge, personProfile } from "./messaging";
import { appSubscriptions } from "./webhooks";

/**
 * graph.facebook.com (Facebook Login, Pages, Instagram via Facebook Login), www.facebook.com (the
 * Login dialog) and rupload.facebook.com (resumable video bytes). PLATFORMS.md §1–§3.
 */
const TOKENS = "facebook";
const STORE = "facebook";
const HOUR = 3_600_000;
const SHORT_TTL_MS = 2 * HOUR;
const LONG_TTL_S = 5183944;
const MESSAGE_MAX = 63206;
const MOUNT = "/sandbox/graph.facebook.com";

/** Sandbox credentials come in pairs (`sandbox-<x>-app` / `sandbox-<x>-secret`); other apps are taken on trust. */
export function appSecretValid(clientId: string | undefined, secret: string | undefined): boolean {
  if (!clientId || !secret) return false;
  return !clientId.startsWith("sandbox-") || secret === clientId.replace(/-app$/, "-secret");
}

function appCheck(p: Record<string, string>) {
  if (!p.client_id || !p.client_secret) throw new GraphError(400, "Missing client_id or client_secret parameter.", 101);
  if (!appSecretValid(p.client_id, p.client_secret)) throw new GraphError(400, "Error validating client secret.", 1);
}

async function tokenEndpoint(c: EmuContext, p: Record<string, string>) {
  const { db, now } = c.var;
  appCheck(p);
  if (p.grant_type === "fb_exchange_token") {
    const short = await requireToken(c, TOKENS, { access_token: p.fb_exchange_token ?? "" });
    const long = await issueToken(db, {
      platform: TOKENS,
      kind: "user",
      grant: short.grant,
      scopes: short.scopes,
      now,
      ttlMs: LONG_TTL_S * 1000,
      prefix: "EAAL",
    });
    return { access_token: long.token, token_type: "bearer", expires_in: LONG_TTL_S };
  }
  if (!p.code) throw new GraphError(400, "Missing authorization code", 100);
  if (!p.redirect_uri) throw new GraphError(400, "Missing redirect_uri parameter.", 100);
  const code = await redeemCode(db, {
    platform: TOKENS,
    code: p.code,
    clientId: p.client_id,
    redirectUri: p.redirect_uri,
    now,
  });
  if (!code) throw new GraphError(400, "This authorization code has been used.", 100, 36009);
  const short = await issueToken(db, {
    platform: TOKENS,
    kind: "user_short",
    grant: code.grant,
    scopes: code.scopes,
    now,
    ttlMs: SHORT_TTL_MS,
    prefix: "EAAS",
  });
  return { access_token: short.token, token_type: "bearer", expires_in: SHORT_TTL_MS / 1000 };
}

function grantedPages(token: TokenRow): DemoPage[] {
  return token.grant.selected.map(pageById).filter((p): p is DemoPage => p !== null);
}

async function pageAccounts(c: EmuContext, token: TokenRow, p: Record<string, string>) {
  if (token.kind === "page")
    throw new GraphError(400, "(#100) Tried accessing nonexisting field (accounts) on node type (Page)", 100);
  const fields = fieldsOf(p, ["id", "name", "access_token"]);
  const data = [];
  for (const page of grantedPages(token)) {
    // Page tokens from a long-lived user token do not expire (§1.2).
    const pageToken = await issueToken(c.var.db, {
      platform: TOKENS,
      kind: "page",
      grant: { subject: token.grant.subject, selected: [page.id] },
      scopes: token.scopes,
      now: c.var.now,
      ttlMs: token.kind === "user" ? null : SHORT_TTL_MS,
      prefix: "EAAP",
    });
    data.push(pick(pageJson(c, page, pageToken.token), fields));
  }
  return { data, paging: { cursors: { before: "QVFIUk", after: "QVFIUk" } } };
}

function pageJson(c: EmuContext, page: DemoPage, accessToken?: string) {
  return {
    id: page.id,
    name: page.name,
    category: page.category,
    access_token: accessToken,
    picture: { data: { url: page.picture } },
    followers_count: followerCount(page.id, c.var.now),
    fan_count: followerCount(page.id, c.var.now),
    instagram_business_account: page.ig ? { id: page.ig.id } : undefined,
    link: `https://www.facebook.com/${page.id}`,
  };
}

function checkMessage(message: string | undefined) {
  if (message && [...message].length > MESSAGE_MAX)
    throw new GraphError(400, `(#100) The message is too long. The maximum is ${MESSAGE_MAX} characters.`, 100);
}

function postJson(c: EmuContext, post: EmuObject) {
  const m = postMetrics(post.id, post.createdAt, c.var.now);
  return {
    id: post.id,
    message: post.data.message,
    created_time: graphTime(post.createdAt),
    permalink_url: `https://www.facebook.com/${post.owner}/posts/${post.id.split("_").pop()}`,
    shares: { count: m.shares },
    comments: { data: [], summary: { total_count: m.comments } },
    reactions: { data: [], summary: { total_count: m.likes } },
    from: { id: post.owner, name: pageById(post.owner)?.name },
    // A video published on the Page is also a Video node.
    ...(post.data.type === "video"
      ? { published: true, description: post.data.message, title: post.data.title, status: { video_status: "ready" } }
      : {}),
    ...publishedReelFields(post),
  };
}

async function createPost(
  c: EmuContext,
  page: DemoPage,
  data: Record<string, unknown>,
  id = `${page.id}_${numericId(16)}`,
) {
  return createObject(c.var.db, { id, platform: STORE, kind: "post", owner: page.id, createdAt: c.var.now, data });
}

async function pageEdge(c: EmuContext, token: TokenRow, page: DemoPage, edge: string, p: Record<string, string>) {
  const method = c.req.method;
  if (method === "POST" && ["feed", "photos", "videos", "video_reels", "video_stories", "photo_stories"].includes(edge))
    requirePermission(token, "pages_manage_posts", noPagePublishPermission());
  const format = await formatEdge(c, page, edge, p);
  if (format) return format;
  if (method === "POST" && edge === "feed") {
    checkMessage(p.message);
    const attached: string[] = [];
    if (p.attached_media) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(p.attached_media);
      } catch {
        throw new GraphError(400, "(#100) param attached_media must be an array of objects", 100);
      }
      if (!Array.isArray(parsed))
        throw new GraphError(400, "(#100) param attached_media must be an array of objects", 100);
      for (const item of parsed) {
        const photo = await getObject(c.var.db, STORE, String((item as { media_fbid?: unknown }).media_fbid));
        if (photo?.kind !== "photo" || photo.owner !== page.id)
          throw new GraphError(400, "(#100) attached_media contains an invalid media_fbid", 100);
        attached.push(photo.id);
      }
    }
    if (!p.message && !p.link && attached.length === 0)
      throw new GraphError(400, "(#100) The post is empty. Please enter a message to share.", 100);
    const post = await createPost(c, page, {
      message: p.message ?? "",
      link: p.link ?? null,
      photos: attached,
      type: attached.length ? "album" : "status",
    });
    for (const id of attached) await attachPhoto(c, id, post.id);
    return { id: post.id };
  }
  if (method === "POST" && edge === "photos") {
    // A photo comes by `url` (Meta downloads it: an unreachable link and a non-image alike are a missing
    // image file) or as the multipart file part `source`.
    const source = c.var.uploads?.get("source");
    if (!p.url && !source) throw new GraphError(400, "(#324) Requires upload file", 324);
    const caption = p.caption ?? p.message;
    checkMessage(caption);
    const fetched = p.url ? await download(c, p.url, "image") : null;
    const photo = source
      ? { url: null, bytes: source.bytes.length, type: sniffImage(source.bytes) }
      : { url: p.url, bytes: fetched?.ok ? fetched.size : 0, type: fetched?.ok ? fetched.type : null };
    if (!photo.type?.startsWith("image/")) throw new GraphError(400, "(#324) Missing or invalid image file", 324);
    const photoId = numericId(16);
    await createObject(c.var.db, {
      id: photoId,
      platform: STORE,
      kind: "photo",
      owner: page.id,
      createdAt: c.var.now,
      data: { ...photo, caption: caption ?? "" },
    });
    if (p.published === "false") return { id: photoId };
    const post = await createPost(c, page, { message: caption ?? "", photos: [photoId], type: "photo" });
    await attachPhoto(c, photoId, post.id);
    return { id: photoId, post_id: post.id };
  }
  if (method === "POST" && edge === "videos") {
    if (!p.file_url) throw new GraphError(400, "(#100) file_url or source is required", 100);
    // Meta downloads the file (like photos by url) and judges its bytes, not the link's extension.
    const fetched = await download(c, p.file_url, "video");
    if (!fetched.ok) throw new GraphError(400, "(#389) Unable to fetch video file from URL.", 389);
    if (!fetched.type?.startsWith("video/"))
      throw new GraphError(400, "(#352) Sorry, the video file you selected is in a format that we don't support.", 352);
    checkMessage(p.description);
    const videoId = numericId(16);
    const video = { message: p.description ?? "", title: p.title ?? null, videoUrl: p.file_url, type: "video" };
    // Unpublished, it stays off the Page until `published` is set on it, processing meanwhile.
    if (p.published === "false") {
      await createObject(c.var.db, {
        id: videoId,
        platform: STORE,
        kind: "video",
        owner: page.id,
        createdAt: c.var.now,
        readyAt: c.var.now + videoProcessingMs(fetched.size),
        data: video,
      });
      return { id: videoId };
    }
    await createPost(c, page, video, videoId);
    return { id: videoId };
  }
  if (method === "GET" && (edge === "posts" || edge === "feed" || edge === "published_posts")) {
    const limit = Math.min(Number(p.limit ?? 25) || 25, 100);
    const since = p.since ? Number(p.since) * 1000 : 0;
    const rows = await listObjects(c.var.db, STORE, "post", page.id, { since, limit });
    const fields = fieldsOf(p, ["id", "message", "created_time"]);
    return { data: rows.map((r) => pick(postJson(c, r), fields)), paging: { cursors: { before: "", after: "" } } };
  }
  if (method === "GET" && edge === "insights") {
    const posts = await listObjects(c.var.db, STORE, "post", page.id, { limit: 1000 });
    const total = posts.reduce((acc, post) => acc + postMetrics(post.id, post.createdAt, c.var.now).reach, 0);
    const metrics = (p.metric ?? "").split(",").filter(Boolean);
    return {
      data: metrics.map((name) => {
        if (name.startsWith("page_impressions") || name.startsWith("page_fans"))
          throw new GraphError(400, `(#100) The value must be a valid insights metric`, 100);
        if (name === "page_follows_country")
          return {
            name,
            period: "lifetime",
            values: [{ value: audienceOf(page.id, c.var.now).country, end_time: graphTime(c.var.now) }],
            title: name,
            description: name,
            id: `${page.id}/insights/${name}/lifetime`,
          };
        return {
          name,
          period: p.period ?? "day",
          values: [
            {
              value: name === "page_follows" ? followerCount(page.id, c.var.now) : total,
              end_time: graphTime(c.var.now),
            },
          ],
          title: name,
          description: name,
          id: `${page.id}/insights/${name}/day`,
        };
      }),
    };
  }
  throw objectNotFound(`${page.id}/${edge}`);
}

async function postEdge(
  c: EmuContext,
  token: TokenRow,
  post: EmuObject,
  edge: string | undefined,
  p: Record<string, string>,
) {
  if (!edge && c.req.method === "GET") return pick(postJson(c, post), fieldsOf(p, ["id", "message", "created_time"]));
  if (!edge && c.req.method === "DELETE") {
    requirePermission(token, "pages_manage_posts", noPagePublishPermission());
    await deleteObject(c.var.db, STORE, post.id);
    return { success: true };
  }
  // Updating a published video (its text, or `published=true` again) changes nothing else.
  if (!edge && c.req.method === "POST" && post.data.type === "video") {
    requirePermission(token, "pages_manage_posts", noPagePublishPermission());
    checkMessage(p.description);
    const data = { ...post.data, message: p.description ?? post.data.message, title: p.name ?? post.data.title };
    await updateObject(c.var.db, STORE, post.id, { data });
    return { success: true };
  }
  const m = postMetrics(post.id, post.createdAt, c.var.now);
  if (edge === "video_insights" && post.data.type === "reel") return reelInsights(c, post, p);
  if (edge === "insights" && post.data.type === "story") return storyInsights(c, post, p);
  if (edge === "insights") {
    const value: Record<string, unknown> = {
      post_total_media_view_unique: m.reach,
      post_media_view: m.impressions,
      post_clicks: m.clicks,
      post_reactions_by_type_total: { like: Math.ceil(m.likes * 0.8), love: Math.floor(m.likes * 0.2) },
      post_clicks_by_type: { "link clicks": Math.floor(m.clicks / 2), "other clicks": Math.ceil(m.clicks / 2) },
    };
    return lifetimeInsights(post.id, "insights", (p.metric ?? "").split(",").filter(Boolean), value);
  }
  if (edge === "comments" && c.req.method === "POST") {
    // Commenting as the Page needs pages_manage_engagement (§3 scopes).
    requirePermission(token, "pages_manage_engagement", noPagePublishPermission());
    if (!p.message?.trim()) throw new GraphError(400, "(#100) The parameter message is required", 100);
    const id = `${post.id.split("_")[1] ?? post.id}_${numericId()}`;
    await createObject(c.var.db, {
      id,
      platform: STORE,
      kind: "comment",
      owner: post.owner,
      createdAt: c.var.now,
      data: { replyTo: post.id, text: p.message, author: pageById(post.owner)?.name ?? post.owner },
    });
    return { id };
  }
  if (edge === "comments") return { data: (await commentsUnder(c.var.db, STORE, post, c.var.now)).map(fbCommentJson) };
  throw objectNotFound(`${post.id}/${edge}`);
}

/** Records the post a photo went out in (the photo's `page_story_id`). */
async function attachPhoto(c: EmuContext, photoId: string, postId: string) {
  const photo = await getObject(c.var.db, STORE, photoId);
  if (photo) await updateObject(c.var.db, STORE, photoId, { data: { ...photo.data, pageStoryId: postId } });
}

/**
 * A Page's photo or unpublished video (the Video and Photo nodes): read, deleted, and a video published by
 * setting `published=true` on it, which puts it on the Page as of that moment.
 */
async function mediaNodeEdge(
  c: EmuContext,
  token: TokenRow,
  node: EmuObject,
  edge: string | undefined,
  p: Record<string, string>,
) {
  const { db, now } = c.var;
  if (edge) throw objectNotFound(`${node.id}/${edge}`);
  if (c.req.method === "GET") {
    const all =
      node.kind === "photo"
        ? {
            id: node.id,
            created_time: graphTime(node.createdAt),
            name: node.data.caption,
            page_story_id: node.data.pageStoryId ?? undefined,
          }
        : {
            id: node.id,
            created_time: graphTime(node.createdAt),
            description: node.data.message,
            title: node.data.title ?? undefined,
            published: false,
            status: { video_status: now >= (node.readyAt ?? now) ? "ready" : "processing" },
          };
    return pick(all, fieldsOf(p, ["id"]));
  }
  requirePermission(token, "pages_manage_posts", noPagePublishPermission());
  if (c.req.method === "DELETE") {
    await deleteObject(db, STORE, node.id);
    return { success: true };
  }
  if (c.req.method === "POST" && node.kind === "video") {
    checkMessage(p.description);
    const data = { ...node.data, message: p.description ?? node.data.message, title: p.name ?? node.data.title };
    if (p.published === "true") {
      await deleteObject(db, STORE, node.id);
      await createObject(db, { id: node.id, platform: STORE, kind: "post", owner: node.owner, createdAt: now, data });
    } else await updateObject(db, STORE, node.id, { data });
    return { success: true };
  }
  throw new GraphError(400, "Unsupported post request.", 100);
}

async function igEdge(
  c: EmuContext,
  token: TokenRow,
  account: NonNullable<ReturnType<typeof igAccountById>>,
  edge: string | undefined,
  p: Record<string, string>,
) {
  if (c.req.method === "POST" && (edge === "media" || edge === "media_publish"))
    requirePermission(token, "instagram_content_publish", noAppPermission());
  if (!edge && c.req.method === "GET") return ig.userFields(c, account, p, await ig.mediaCountOf(c, account.id));
  if (edge === "media" && c.req.method === "POST") return ig.createContainer(c, account, p);
  if (edge === "media" && c.req.method === "GET") return ig.listMedia(c, account, p);
  if (edge === "stories" && c.req.method === "GET") return ig.listStories(c, account, p);
  if (edge === "media_publish" && c.req.method === "POST") return ig.publishContainer(c, account, p);
  if (edge === "content_publishing_limit") return ig.publishingLimit(c, account);
  if (edge === "insights") return ig.userInsights(c, account, p);
  throw objectNotFound(`${account.id}/${edge}`);
}

/** IG containers and media are reachable only by a token for the IG account that owns them. */
export async function igObjectEdge(c: EmuContext, obj: EmuObject, edge: string | undefined, p: Record<string, string>) {
  if (obj.kind === "comment") return igCommentEdge(c, obj, edge, p);
  if (!edge && c.req.method === "GET") return ig.readObject(c, obj, p);
  if (!edge && c.req.method === "DELETE") throw new GraphError(400, "Unsupported delete request.", 100);
  if (obj.kind === "media" && edge === "insights") return ig.mediaInsights(c, obj, p);
  if (obj.kind === "media" && edge === "comments" && c.req.method === "POST") return ig.createComment(c, obj, p);
  if (obj.kind === "media" && edge === "comments") return ig.mediaComments(c, obj);
  throw objectNotFound(`${obj.id}/${edge}`);
}

async function dispatch(c: EmuContext): Promise<unknown> {
  const seg = graphSegments(c, MOUNT, true);
  const p = await readParams(c);
  if (seg[0] === "oauth" && seg[1] === "access_token") return tokenEndpoint(c, p);
  if (seg[0] === "debug_token") {
    const input = await requireToken(c, TOKENS, { access_token: p.input_token ?? "" }).catch(() => null);
    return {
      data: {
        app_id: "sandbox",
        type: input?.kind === "page" ? "PAGE" : "USER",
        is_valid: !!input,
        expires_at: input?.expiresAt ? Math.floor(input.expiresAt / 1000) : 0,
        scopes: input?.scopes.split(/[ ,]+/) ?? [],
      },
    };
  }
  // The app's own webhook subscriptions take its app access token, not a user's.
  if (seg[0] && seg[1] === "subscriptions" && p.access_token?.includes("|")) return appSubscriptions(c, seg[0], p);
  const token = await requireToken(c, TOKENS, p);
  const pages = grantedPages(token);
  const igIds = new Set(pages.flatMap((pg) => (pg.ig ? [pg.ig.id] : [])));
  const [id, edge] = seg;
  if (!id) throw new GraphError(400, "Unsupported request.", 100);
  if (id === "me") {
    if (edge === "accounts") return pageAccounts(c, token, p);
    if (edge === "permissions")
      return {
        data: [
          ...token.scopes
            .split(/[ ,]+/)
            .filter(Boolean)
            .map((permission) => ({ permission, status: "granted" })),
          ...(token.grant.declined ?? []).map((permission) => ({ permission, status: "declined" })),
        ],
      };
    if (token.kind === "page") return pick(pageJson(c, pages[0]!), fieldsOf(p, ["id", "name"]));
    return pick(
      { id: FB_USER.id, name: FB_USER.name, picture: { data: { url: FB_USER.picture } } },
      fieldsOf(p, ["id", "name"]),
    );
  }
  const page = pageById(id);
  if (page) {
    if (!pages.some((pg) => pg.id === id)) throw objectNotFound(id);
    usageHeaders(c, page.id);
    if (!edge && c.req.method === "GET") return pick(pageJson(c, page), fieldsOf(p, ["id", "name"]));
    return (await pageMessagingEdge(c, token, page, edge ?? "", p)) ?? pageEdge(c, token, page, edge ?? "", p);
  }
  if (igIds.has(id)) {
    usageHeaders(c, id);
    return igEdge(c, token, igAccountById(id)!, edge, p);
  }
  const igObj = await ig.findIgObject(c, id);
  if (igObj && igIds.has(igObj.owner)) {
    if (edge === "comments" && c.req.method === "POST")
      requirePermission(token, "instagram_manage_comments", noAppPermission());
    return igObjectEdge(c, igObj, edge, p);
  }
  const fbObj = await getObject(c.var.db, STORE, id);
  if (fbObj && pages.some((pg) => pg.id === fbObj.owner)) {
    if (fbObj.kind === "post") return postEdge(c, token, fbObj, edge, p);
    if (fbObj.kind === "photo" || fbObj.kind === "video") return mediaNodeEdge(c, token, fbObj, edge, p);
    if (fbObj.kind === "upload") return uploadNodeEdge(c, fbObj, edge, p);
    if (fbObj.kind === "comment") return fbCommentEdge(c, token, fbObj, edge, p);
  }
  const person = edge ? null : await personProfile(c, token, messagingOwners(pages), id, p);
  if (person) return person;
  throw objectNotFound(id);
}

export const graphFacebook = new Hono<EmuEnv>().all("*", async (c) => {
  usageHeaders(c);
  try {
    return c.json((await dispatch(c)) as object);
  } catch (err) {
    if (err instanceof GraphError) return graphErrorResponse(c, err);
    throw err;
  }
});

export const wwwFacebook = new Hono<EmuEnv>();
mountConsent(wwwFacebook, "/:ver/dialog/oauth", {
  platform: TOKENS,
  brand: "Facebook",
  subject: FB_USER.id,
  multiple: true,
  fragment: "#_=_",
  codeTtlMs: 10 * 60_000,
  incremental: "meta",
  choices: PAGES.map((pg) => ({
    id: pg.id,
    label: pg.name,
    detail: pg.ig ? `Page with Instagram @${pg.ig.username}` : `${pg.category} Page`,
  })),
  deny: {
    error: "access_denied",
    error_code: "200",
    error_description: "Permissions error",
    error_reason: "user_denied",
  },
});

const uploadRefused = (message: string) => ({
  debug_info: {
    retriable: false,
    type: "ProcessingFailedError",
    message: JSON.stringify({ success: false, error: { message } }),
  },
});

/** Resumable Instagram video bytes (§2.2 step 1b): accepted and recorded; processing time is the container's. */
export const ruploadFacebook = new Hono<EmuEnv>();
/** A Page Reel's or Story's bytes (fb-formats.ts). */
ruploadFacebook.post("/video-upload/:ver/:video", async (c) => {
  const token = (c.req.header("Authorization") ?? "").replace(/^OAuth\s+/i, "");
  try {
    const row = await requireToken(c, TOKENS, { access_token: token });
    const got = await receiveUpload(c, new Set(grantedPages(row).map((pg) => pg.id)), c.req.param("video"));
    if (!got) return c.json(uploadRefused("unauthorized user request"), 400);
    if ("failed" in got) return c.json(uploadRefused(got.failed!), 400);
    return c.json({ success: true });
  } catch (err) {
    if (err instanceof GraphError) return graphErrorResponse(c, err);
    throw err;
  }
});
ruploadFacebook.post("/ig-api-upload/:ver/:container", async (c) => {
  const auth = c.req.header("Authorization") ?? "";
  const token = auth.replace(/^OAuth\s+/i, "");
  try {
    const row = await requireToken(c, TOKENS, { access_token: token });
    const container = await ig.findIgObject(c, c.req.param("container"));
    const owners = new Set(grantedPages(row).flatMap((pg) => (pg.ig ? [pg.ig.id] : [])));
    if (!container || !owners.has(container.owner)) {
      return c.json(
        {
          debug_info: {
            retriable: false,
            type: "ProcessingFailedError",
            message: '{"success":false,"error":{"message":"unauthorized user request"}}',
          },
        },
        400,
      );
    }
    return c.json({ success: true, message: "Upload successful." });
  } catch (err) {
    if (err instanceof GraphError) return graphErrorResponse(c, err);
    throw err;
  }
});
