import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { emuTokens } from "../db/schema/emulator";
import { avatar, initialsOf } from "./avatar";
import { mountConsent } from "./consent";
import type { EmuEnv } from "./context";
import { numericId } from "./ids";
import { followerCount, postMetrics } from "./metrics";
import {
  createObject,
  deleteObject,
  type EmuObject,
  getObject,
  incrementCounter,
  listObjects,
  updateObject,
} from "./objects";
import {
  type BodyPart,
  bearer,
  clientCredentials,
  jsonBody,
  multipartParts,
  readLooseParams,
  s256,
  scopeList,
  sniffImage,
} from "./request";
import { checkToken, consumeToken, issueToken, redeemCode, type TokenRow } from "./tokens";
import { DM_TEXT_MAX, dmEvents, sendDm } from "./x-dms";
import { conversationReplies, mentionsOf } from "./x-replies";

/**
 * X API v2 (PLATFORMS.md §6): OAuth 2.0 with PKCE on x.com/api.x.com (rotating refresh tokens), users/me,
 * media upload v2, posts with their public metrics. Strict like X: 280 weighted characters, duplicate
 * text refused, per-user 15-minute windows reported in x-rate-limit-* headers, RFC 7807 problem bodies.
 */
const P = "twitter";
const ACCESS_TTL = 2 * 3600_000;
const WINDOW = 15 * 60_000;
const TEXT_MAX = 280;
const MB = 1024 * 1024;
/** §6.3 `expires_after_secs`: uploaded media a post has not used is gone a day after its upload began. */
const MEDIA_TTL_SECS = 86_400;
/** X suggests the next STATUS check a few seconds out (§6.3 example: 5). */
const MAX_CHECK_AFTER_SECS = 5;

/** Video and GIF processing takes a minute per full 10 MB on the emulator clock; a small file is done at once. */
export function mediaProcessingMs(bytes: number): number {
  return Math.floor(bytes / (10 * MB)) * 60_000;
}

/** The media key X answers with: `<type>_<id>`, 3 for images, 16 for GIFs, 7 for videos. */
function mediaKey(category: unknown, id: string): string {
  return `${category === "tweet_image" ? 3 : category === "tweet_gif" ? 16 : 7}_${id}`;
}

const USERS = [
  { id: "1702745893325283328", name: "Postline Demo", username: "postline_demo", verified: false },
  { id: "1459362004183781376", name: "Jordan Rivera", username: "jordanrivera", verified: true },
];
/** Whom an on-demand direct message goes to unless it names someone. */
export const X_DEMO_USER_ID = USERS[0]!.id;

/** "Name (@username)" of a demo user, for the sandbox post viewer. */
export function xAuthorName(userId: string): string {
  const user = USERS.find((u) => u.id === userId);
  return user ? `${user.name} (@${user.username})` : userId;
}

/** Limits per user per 15 minutes (§6.4 table; unlisted endpoints get a generous default). */
const LIMITS: Record<string, number> = {
  "POST /2/tweets": 100,
  "GET /2/tweets": 5000,
  "GET /2/users/me": 75,
  "POST /2/media/upload/initialize": 1875,
  // Direct Messages: lookups 300 and sends 200 a user per 15 minutes.
  "GET /2/dm_events": 300,
  "POST /2/dm_conversations/with/:id/messages": 200,
  // Hide replies and likes: 50 a user per 15 minutes each.
  "PUT /2/tweets/:id/hidden": 50,
  "POST /2/users/:id/likes": 50,
  "DELETE /2/users/:id/likes/:id": 50,
};
const DEFAULT_LIMIT = 900;

const MEDIA: Record<string, { category: string[]; max: number }> = {
  "image/jpeg": { category: ["tweet_image"], max: 5 * MB },
  "image/png": { category: ["tweet_image"], max: 5 * MB },
  "image/webp": { category: ["tweet_image"], max: 5 * MB },
  "image/gif": { category: ["tweet_gif", "tweet_image"], max: 15 * MB },
  "video/mp4": { category: ["tweet_video", "amplify_video"], max: 512 * MB },
  "video/quicktime": { category: ["tweet_video", "amplify_video"], max: 512 * MB },
};

type XEnv = { Bindings: Env; Variables: EmuEnv["Variables"] & { token: TokenRow; user: (typeof USERS)[number] } };

/** X's v2 errors are RFC 7807 problem objects, served as application/problem+json. */
function problem(c: Context, status: number, title: string, detail: string, type = "about:blank") {
  return c.body(JSON.stringify({ title, type, status, detail }), status as 400, {
    "Content-Type": "application/problem+json",
  });
}

function invalid(c: Context, message: string, parameter?: string) {
  return c.json(
    {
      errors: [{ ...(parameter ? { parameters: { [parameter]: [] } } : {}), message }],
      title: "Invalid Request",
      detail: "One or more parameters to your request was invalid.",
      type: "https://api.twitter.com/2/problems/invalid-request",
    },
    400,
  );
}

/** twitter-text weighting: URLs count 23, Latin and general punctuation 1, everything else (CJK, emoji) 2. */
export function weightedLength(text: string): number {
  const urls = text.match(/https?:\/\/\S+/g) ?? [];
  let n = urls.length * 23;
  for (const ch of text.replace(/https?:\/\/\S+/g, "").normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    const light =
      cp <= 0x10ff ||
      (cp >= 0x2000 && cp <= 0x200d) ||
      (cp >= 0x2010 && cp <= 0x201f) ||
      (cp >= 0x2032 && cp <= 0x2037);
    n += light ? 1 : 2;
  }
  return n;
}

// ---------------------------------------------------------------- x.com

export const xWeb = new Hono<EmuEnv>();

mountConsent(xWeb, "/i/oauth2/authorize", {
  platform: P,
  brand: "X",
  subject: USERS[0]!.id,
  choices: USERS.map((u) => ({ id: u.id, label: `@${u.username}`, detail: u.name })),
  multiple: false,
  codeTtlMs: 10 * 60_000,
  // X requires PKCE on every authorization request.
  required: ["scope", "state", "code_challenge", "code_challenge_method"],
  deny: { error: "access_denied" },
});

// ---------------------------------------------------------------- api.x.com

export const xApi = new Hono<XEnv>();

xApi.post("/2/oauth2/token", async (c) => {
  const form = await readLooseParams(c);
  const { clientId } = clientCredentials(c, form);
  const fail = (description: string, error = "invalid_request") =>
    c.json({ error, error_description: description }, 400);
  if (!clientId)
    return c.json({ error: "unauthorized_client", error_description: "Missing valid authorization header" }, 401);
  const now = c.var.now;
  if (form.get("grant_type") === "authorization_code") {
    const row = await redeemCode(c.var.db, {
      platform: P,
      code: String(form.get("code") ?? ""),
      clientId,
      redirectUri: String(form.get("redirect_uri") ?? ""),
      now,
    });
    const verifier = form.get("code_verifier");
    if (!row || typeof verifier !== "string" || !row.codeChallenge || (await s256(verifier)) !== row.codeChallenge) {
      return fail("Value passed for the authorization code was invalid.");
    }
    return c.json(await tokenPair(c, row.grant, row.scopes));
  }
  if (form.get("grant_type") === "refresh_token") {
    // Rotation: the refresh token just used is dead from now on.
    const used = await consumeToken(c.var.db, P, "refresh", form.get("refresh_token") as string | null, now);
    if (!used) return fail("Value passed for the token was invalid.");
    return c.json(await tokenPair(c, used.grant, used.scopes));
  }
  return fail("Missing required parameter [grant_type].");
});

async function tokenPair(c: Context<XEnv>, grant: TokenRow["grant"], scopes: string) {
  const now = c.var.now;
  const access = await issueToken(c.var.db, {
    platform: P,
    kind: "access",
    grant,
    scopes,
    now,
    ttlMs: ACCESS_TTL,
    prefix: "",
  });
  const offline = scopeList(scopes).includes("offline.access");
  const refresh = offline
    ? await issueToken(c.var.db, { platform: P, kind: "refresh", grant, scopes, now, ttlMs: null, prefix: "" })
    : null;
  return {
    token_type: "bearer",
    expires_in: ACCESS_TTL / 1000,
    access_token: access.token,
    scope: scopeList(scopes).join(" "),
    ...(refresh ? { refresh_token: refresh.token } : {}),
  };
}

xApi.post("/2/oauth2/revoke", async (c) => {
  const form = await c.req.formData();
  await c.var.db
    .update(emuTokens)
    .set({ revokedAt: c.var.now })
    .where(eq(emuTokens.token, String(form.get("token") ?? "")));
  return c.json({ revoked: true });
});

/** Every other call: a live user token, then the caller's 15-minute window for this endpoint. */
xApi.use("/2/*", async (c, next) => {
  if (c.req.path.includes("/2/oauth2/")) return next();
  const check = await checkToken(c.var.db, P, bearer(c), c.var.now);
  const user =
    check.ok && check.row.kind === "access" ? USERS.find((u) => u.id === check.row.grant.selected[0]) : undefined;
  if (!check.ok || !user) return problem(c, 401, "Unauthorized", "Unauthorized");
  c.set("token", check.row);
  c.set("user", user);
  const route = `${c.req.method} ${c.req.path.replace(/^.*?\/2\//, "/2/").replace(/\/\d{3,}(?=\/|$)/g, "/:id")}`;
  const limit = LIMITS[route] ?? DEFAULT_LIMIT;
  const window = Math.floor(c.var.now / WINDOW);
  const key = `xrl:${user.id}:${route}:${window}`;
  const used = await incrementCounter(c.var.db, {
    id: key,
    platform: P,
    kind: "ratelimit",
    owner: user.id,
    createdAt: c.var.now,
  });
  const headers = {
    "x-rate-limit-limit": String(limit),
    "x-rate-limit-remaining": String(Math.max(0, limit - used)),
    // Windows run on the emulator clock; the reset is reported in wall-clock epoch seconds like X's.
    "x-rate-limit-reset": String(Math.ceil((Date.now() + (window + 1) * WINDOW - c.var.now) / 1000)),
  };
  if (used > limit) {
    const res = problem(c, 429, "Too Many Requests", "Too Many Requests");
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  }
  await next();
  for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
});

function requireScope(c: Context<XEnv>, ...scopes: string[]) {
  const granted = scopeList(c.var.token.scopes);
  const missing = scopes.find((s) => !granted.includes(s));
  return missing
    ? problem(c, 403, "Forbidden", `You are not permitted to perform this action. Missing scope: ${missing}`)
    : null;
}

xApi.get("/2/users/me", (c) => {
  const denied = requireScope(c, "users.read", "tweet.read");
  if (denied) return denied;
  const fields = (c.req.query("user.fields") ?? "").split(",");
  const u = c.var.user;
  return c.json({
    data: {
      id: u.id,
      name: u.name,
      username: u.username,
      ...(fields.includes("profile_image_url")
        ? { profile_image_url: avatar(initialsOf(u.name ?? u.username), "#0f1419") }
        : {}),
      ...(fields.includes("verified") ? { verified: u.verified } : {}),
      ...(fields.includes("public_metrics")
        ? {
            public_metrics: {
              followers_count: followerCount(u.id, c.var.now),
              following_count: 180,
              tweet_count: 0,
              listed_count: 3,
              like_count: 240,
              media_count: 12,
            },
          }
        : {}),
    },
  });
});

xApi.post("/2/media/upload/initialize", async (c) => {
  const denied = requireScope(c, "media.write");
  if (denied) return denied;
  const body = await jsonBody(c);
  const rule = MEDIA[String(body?.media_type)];
  if (!rule) return invalid(c, `media_type ${String(body?.media_type)} is not supported`, "media_type");
  const category = body?.media_category ?? rule.category[0];
  if (!rule.category.includes(category))
    return invalid(c, `media_category ${category} does not match media_type ${body!.media_type}`, "media_category");
  const total = body?.total_bytes;
  if (!Number.isInteger(total) || total <= 0)
    return invalid(c, "total_bytes must be a positive integer", "total_bytes");
  if (total > rule.max) return invalid(c, `File size exceeds ${rule.max} bytes for ${category}`, "total_bytes");
  const id = numericId(19);
  await createObject(c.var.db, {
    id,
    platform: P,
    kind: "media",
    owner: c.var.user.id,
    status: "initialized",
    data: {
      type: body!.media_type,
      category,
      total,
      segments: {},
      head: null,
      expiresAt: c.var.now + MEDIA_TTL_SECS * 1000,
    },
    createdAt: c.var.now,
  });
  return c.json({ data: { id, media_key: mediaKey(category, id), expires_after_secs: MEDIA_TTL_SECS } });
});

/** The caller's media, unless it expired unused (§6.3): then it is unknown, as on X. */
async function ownMedia(c: Context<XEnv>, id: string) {
  const m = await getObject(c.var.db, P, id);
  if (m?.kind !== "media" || m.owner !== c.var.user.id) return null;
  return typeof m.data.expiresAt === "number" && m.data.expiresAt <= c.var.now ? null : m;
}

/**
 * Where X's own processing is: it runs on X's side from the finalize, polled or not, so once the emulator clock
 * passed the processing time the media has succeeded (a client that waits before its first check sees that).
 */
function processingState(m: EmuObject, now: number): string {
  const processing = m.status === "pending" || m.status === "in_progress";
  if (processing && m.readyAt !== null && now >= m.readyAt) return "succeeded";
  return m.status ?? "succeeded";
}

/** The named fields of a multipart/form-data body; a part's bytes are kept whether or not it names a file. */
async function formParts(c: Context): Promise<Map<string, BodyPart> | null> {
  const parts = await multipartParts(c.req.raw).catch(() => null);
  return parts ? new Map(parts.flatMap((p) => (p.name ? [[p.name, p] as const] : []))) : null;
}

const partText = (part: BodyPart | undefined) => (part ? new TextDecoder().decode(part.bytes) : undefined);
const hexHead = (bytes: Uint8Array) => [...bytes.subarray(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");

xApi.post("/2/media/upload/:id/append", async (c) => {
  const m = await ownMedia(c, c.req.param("id"));
  if (!m) return invalid(c, "Media id not found", "media_id");
  if (m.status !== "initialized") return invalid(c, "Media was already finalized", "media_id");
  const form = await formParts(c);
  const index = Number(partText(form?.get("segment_index")));
  const file = form?.get("media");
  if (!form || !Number.isInteger(index) || index < 0 || index > 999)
    return invalid(c, "segment_index must be an integer 0-999", "segment_index");
  if (!file || file.bytes.length === 0) return invalid(c, "media must hold the segment's bytes", "media");
  if (file.bytes.length > 5 * MB) return invalid(c, "A segment may hold at most 5 MB", "media");
  const segments: Record<string, number> = {
    ...(m.data.segments as Record<string, number>),
    [index]: file.bytes.length,
  };
  const received = Object.values(segments).reduce((a, b) => a + b, 0);
  if (received > (m.data.total as number)) return invalid(c, "Segments exceed total_bytes", "media");
  const head = index === 0 ? hexHead(file.bytes) : m.data.head;
  await updateObject(c.var.db, P, m.id, { data: { ...m.data, segments, head } });
  return c.json({ data: { expires_at: Math.floor(c.var.now / 1000) + 86400 } });
});

/** One-shot upload (§6.3): multipart `media` (+ `media_category`) in a single request; the type is read from the bytes. */
xApi.post("/2/media/upload", async (c) => {
  const denied = requireScope(c, "media.write");
  if (denied) return denied;
  const form = await formParts(c);
  const file = form?.get("media");
  if (!file || file.bytes.length === 0) return invalid(c, "media must be a file part", "media");
  const type = sniffImage(file.bytes) ?? (hexHead(file.bytes).slice(8, 16) === "66747970" ? "video/mp4" : null);
  const rule = type ? MEDIA[type] : undefined;
  if (!type || !rule) return invalid(c, "InvalidMedia: the file is not a supported image or video", "media");
  const category = partText(form?.get("media_category")) ?? rule.category[0]!;
  if (!rule.category.includes(category))
    return invalid(c, `media_category ${category} does not match media_type ${type}`, "media_category");
  if (file.bytes.length > rule.max) return invalid(c, `File size exceeds ${rule.max} bytes for ${category}`, "media");
  const id = numericId(19);
  const processed = category !== "tweet_image";
  await createObject(c.var.db, {
    id,
    platform: P,
    kind: "media",
    owner: c.var.user.id,
    status: processed ? "pending" : "succeeded",
    readyAt: processed ? c.var.now + mediaProcessingMs(file.bytes.length) : null,
    data: {
      type,
      category,
      total: file.bytes.length,
      segments: { 0: file.bytes.length },
      head: hexHead(file.bytes),
      expiresAt: c.var.now + MEDIA_TTL_SECS * 1000,
    },
    createdAt: c.var.now,
  });
  return c.json({
    data: {
      id,
      media_key: mediaKey(category, id),
      size: file.bytes.length,
      expires_after_secs: MEDIA_TTL_SECS,
      ...(processed ? { processing_info: { state: "pending", check_after_secs: 1 } } : {}),
    },
  });
});

function headLooksLike(type: string, head: string | null): boolean {
  if (!head) return false;
  const bytes = new Uint8Array(head.match(/../g)!.map((h) => parseInt(h, 16)));
  if (type.startsWith("image/")) return sniffImage(bytes) === type;
  return head.slice(8, 16) === "66747970";
}

xApi.post("/2/media/upload/:id/finalize", async (c) => {
  const m = await ownMedia(c, c.req.param("id"));
  if (!m) return invalid(c, "Media id not found", "media_id");
  const segments = m.data.segments as Record<string, number>;
  const indexes = Object.keys(segments)
    .map(Number)
    .sort((a, b) => a - b);
  const received = Object.values(segments).reduce((a, b) => a + b, 0);
  if (indexes.some((v, i) => v !== i) || received !== m.data.total) {
    return invalid(c, `Segments are missing: received ${received} of ${m.data.total as number} bytes`, "media_id");
  }
  if (!headLooksLike(String(m.data.type), m.data.head as string | null))
    return invalid(c, `InvalidMedia: the file is not a valid ${m.data.type as string}`, "media");
  if (m.status !== "initialized") return invalid(c, "Media was already finalized", "media_id");
  const processed = m.data.category !== "tweet_image";
  await updateObject(c.var.db, P, m.id, {
    status: processed ? "pending" : "succeeded",
    readyAt: processed ? c.var.now + mediaProcessingMs(received) : null,
    // The media lives a day from its finalize, like X's expires_after_secs from this answer.
    data: { ...m.data, expiresAt: c.var.now + MEDIA_TTL_SECS * 1000 },
  });
  return c.json({
    data: {
      id: m.id,
      media_key: mediaKey(m.data.category, m.id),
      size: received,
      expires_after_secs: MEDIA_TTL_SECS,
      ...(processed ? { processing_info: { state: "pending", check_after_secs: 1 } } : {}),
    },
  });
});

/**
 * pending (the finalize's answer) → in_progress from the first check → succeeded once the emulator clock passed
 * the processing time (a minute per full 10 MB): clients must poll, and a big video takes minutes.
 */
xApi.get("/2/media/upload", async (c) => {
  if (c.req.query("command") !== "STATUS") return invalid(c, "command must be STATUS", "command");
  const m = await ownMedia(c, c.req.query("media_id") ?? "");
  if (!m) return invalid(c, "Media id not found", "media_id");
  if (m.status === "initialized") return invalid(c, "Media was not finalized", "media_id");
  const state = processingState(m, c.var.now);
  const next = state === "pending" ? "in_progress" : state;
  if (next !== m.status) await updateObject(c.var.db, P, m.id, { status: next });
  const left = m.readyAt === null ? 0 : Math.max(0, m.readyAt - c.var.now);
  return c.json({
    data: {
      id: m.id,
      media_key: mediaKey(m.data.category, m.id),
      processing_info: {
        state: next,
        ...(next === "succeeded"
          ? { progress_percent: 100 }
          : {
              check_after_secs: Math.min(MAX_CHECK_AFTER_SECS, Math.max(1, Math.ceil(left / 1000))),
              progress_percent: 50,
            }),
      },
    },
  });
});

xApi.post("/2/media/metadata", async (c) => {
  const body = await jsonBody(c);
  const m = await ownMedia(c, String(body?.id ?? ""));
  if (!m) return invalid(c, "Media id not found", "id");
  const alt = body?.metadata?.alt_text?.text;
  if (typeof alt !== "string" || alt.length > 1000)
    return invalid(c, "alt_text.text must be at most 1000 characters", "metadata");
  await updateObject(c.var.db, P, m.id, { data: { ...m.data, altText: alt } });
  return c.json({ data: { id: m.id, associated_metadata: { alt_text: { text: alt } } } });
});

xApi.post("/2/tweets", async (c) => {
  const denied = requireScope(c, "tweet.write", "tweet.read", "users.read");
  if (denied) return denied;
  const body = await jsonBody(c);
  if (!body) return invalid(c, "Request body must be JSON");
  const text: string = typeof body.text === "string" ? body.text : "";
  const mediaIds: string[] = Array.isArray(body.media?.media_ids) ? body.media.media_ids.map(String) : [];
  if (!text && mediaIds.length === 0) return invalid(c, "Requires one of the following fields: text, media.media_ids");
  if (weightedLength(text) > TEXT_MAX) {
    return problem(
      c,
      403,
      "Forbidden",
      "Your Tweet text is too long. For more information on how X determines text length see https://github.com/twitter/twitter-text.",
    );
  }
  if (mediaIds.length > 4) return invalid(c, "A post may have at most 4 media", "media.media_ids");
  const mediaKeys: string[] = [];
  for (const id of mediaIds) {
    const m = await ownMedia(c, id);
    if (!m || processingState(m, c.var.now) !== "succeeded")
      return invalid(c, `Your media IDs are invalid.`, "media.media_ids");
    if (m.data.category !== "tweet_image" && mediaIds.length > 1)
      return invalid(c, "A video or GIF must be the only media of a post", "media.media_ids");
    mediaKeys.push(mediaKey(m.data.category, m.id));
  }
  const replyTo = body.reply?.in_reply_to_tweet_id;
  if (replyTo !== undefined) {
    const parent = await getObject(c.var.db, P, String(replyTo));
    if (parent?.kind !== "tweet")
      return invalid(
        c,
        `The \`reply.in_reply_to_tweet_id\` query parameter value [${replyTo}] does not exist`,
        "reply.in_reply_to_tweet_id",
      );
  }
  const recent = await listObjects(c.var.db, P, "tweet", c.var.user.id, { limit: 100 });
  if (text && recent.some((t) => t.data.text === text))
    return problem(c, 403, "Forbidden", "You are not allowed to create a Tweet with duplicate content.");
  const id = numericId(19);
  await createObject(c.var.db, {
    id,
    platform: P,
    kind: "tweet",
    owner: c.var.user.id,
    data: { text, mediaIds, mediaKeys, ...(replyTo !== undefined ? { replyTo: String(replyTo) } : {}) },
    createdAt: c.var.now,
  });
  return c.json({ data: { id, text, edit_history_tweet_ids: [id] } }, 201);
});

xApi.delete("/2/tweets/:id", async (c) => {
  const denied = requireScope(c, "tweet.write");
  if (denied) return denied;
  const tweet = await getObject(c.var.db, P, c.req.param("id"));
  if (tweet?.kind !== "tweet")
    return problem(
      c,
      404,
      "Not Found Error",
      `Could not find tweet with id: [${c.req.param("id")}].`,
      "https://api.twitter.com/2/problems/resource-not-found",
    );
  if (tweet.owner !== c.var.user.id)
    return problem(c, 403, "Forbidden", "You are not allowed to delete a Tweet that is not yours.");
  await deleteObject(c.var.db, P, tweet.id);
  return c.json({ data: { deleted: true } });
});

function tweetView(t: EmuObject, fields: string[], now: number) {
  const m = postMetrics(t.id, t.createdAt, now);
  return {
    id: t.id,
    text: t.data.text,
    edit_history_tweet_ids: [t.id],
    ...(fields.includes("created_at") ? { created_at: new Date(t.createdAt).toISOString() } : {}),
    ...(fields.includes("author_id") ? { author_id: t.owner } : {}),
    // The media a post carries, by media key (tweet.fields=attachments).
    ...(fields.includes("attachments") && (t.data.mediaKeys as string[] | undefined)?.length
      ? { attachments: { media_keys: t.data.mediaKeys } }
      : {}),
    // A reply names the post it answers (§6.2 reply.in_reply_to_tweet_id).
    ...(fields.includes("referenced_tweets") && t.data.replyTo
      ? { referenced_tweets: [{ type: "replied_to", id: String(t.data.replyTo) }] }
      : {}),
    ...(fields.includes("public_metrics")
      ? {
          public_metrics: {
            retweet_count: m.shares,
            reply_count: m.comments,
            like_count: m.likes,
            quote_count: Math.floor(m.shares / 3),
            bookmark_count: m.saves,
            impression_count: m.impressions,
          },
        }
      : {}),
  };
}

xApi.get("/2/tweets", async (c) => {
  const ids = (c.req.query("ids") ?? "").split(",").filter(Boolean);
  if (ids.length === 0 || ids.length > 100) return invalid(c, "ids must list 1 to 100 post ids", "ids");
  const fields = (c.req.query("tweet.fields") ?? "").split(",");
  const found = await Promise.all(ids.map((id) => getObject(c.var.db, P, id)));
  const data = found.filter((t): t is EmuObject => t?.kind === "tweet").map((t) => tweetView(t, fields, c.var.now));
  const errors = ids
    .filter((id) => !data.some((t) => t.id === id))
    .map((id) => ({
      value: id,
      detail: `Could not find tweet with ids: [${id}].`,
      title: "Not Found Error",
      resource_type: "tweet",
      parameter: "ids",
      resource_id: id,
      type: "https://api.twitter.com/2/problems/resource-not-found",
    }));
  return c.json({ ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) });
});

xApi.get("/2/users/:id/tweets", async (c) => {
  const max = Number(c.req.query("max_results") ?? 10);
  if (!Number.isInteger(max) || max < 5 || max > 100)
    return invalid(c, "max_results must be between 5 and 100", "max_results");
  const start = c.req.query("start_time") ? Date.parse(c.req.query("start_time")!) : 0;
  if (Number.isNaN(start)) return invalid(c, "start_time must be an RFC 3339 timestamp", "start_time");
  const fields = (c.req.query("tweet.fields") ?? "").split(",");
  const tweets = await listObjects(c.var.db, P, "tweet", c.req.param("id"), { since: start, limit: max });
  const data = tweets.map((t) => tweetView(t, fields, c.var.now));
  return c.json({
    ...(data.length ? { data } : {}),
    meta: { result_count: data.length, ...(data.length ? { newest_id: data[0]!.id, oldest_id: data.at(-1)!.id } : {}) },
  });
});

/** Recent search, for the one query the app makes: the replies in a post's conversation (last 7 days). */
xApi.get("/2/tweets/search/recent", async (c) => {
  const conversation = c.req.query("query")?.match(/^conversation_id:(\d+)$/)?.[1];
  if (!conversation) return invalid(c, "This emulator supports query=conversation_id:<id> only", "query");
  const tweet = await getObject(c.var.db, P, conversation);
  if (tweet?.kind !== "tweet") return c.json({ meta: { result_count: 0 } });
  const { data, users } = await conversationReplies(c.var.db, tweet, c.var.user.username, c.var.now);
  return c.json({ ...(data.length ? { data, includes: { users } } : {}), meta: { result_count: data.length } });
});

/** The mentions timeline (§6): posts naming the user, newest first; `start_time` bounds it, `max_results` 5..100. */
xApi.get("/2/users/:id/mentions", async (c) => {
  const denied = requireScope(c, "tweet.read", "users.read");
  if (denied) return denied;
  if (c.req.param("id") !== c.var.user.id) return problem(c, 403, "Forbidden", "You can only read your own mentions.");
  const max = Number(c.req.query("max_results") ?? 10);
  if (!Number.isInteger(max) || max < 5 || max > 100)
    return invalid(c, "max_results must be between 5 and 100", "max_results");
  const start = c.req.query("start_time") ? Date.parse(c.req.query("start_time")!) : 0;
  if (Number.isNaN(start)) return invalid(c, "start_time must be an RFC 3339 timestamp", "start_time");
  const found = await mentionsOf(c.var.db, c.var.user, start, c.var.now);
  const data = found.data.slice(0, max);
  return c.json({
    ...(data.length ? { data, includes: { users: found.users } } : {}),
    meta: { result_count: data.length, ...(data.length ? { newest_id: data[0]!.id, oldest_id: data.at(-1)!.id } : {}) },
  });
});

/** The user's Direct Message events (x-dms.ts); `dm.read` with `tweet.read` and `users.read`. */
xApi.get("/2/dm_events", async (c) => {
  const denied = requireScope(c, "dm.read", "tweet.read", "users.read");
  if (denied) return denied;
  const max = Number(c.req.query("max_results") ?? 100);
  if (!Number.isInteger(max) || max < 1 || max > 100)
    return invalid(c, "max_results must be between 1 and 100", "max_results");
  const types = c.req.query("event_types");
  if (types && types !== "MessageCreate") return c.json({ meta: { result_count: 0 } });
  const fields = (c.req.query("dm_event.fields") ?? "").split(",");
  const expandSender = (c.req.query("expansions") ?? "").split(",").includes("sender_id");
  return c.json(await dmEvents(c.var.db, c.var.user, { max, fields, expandSender }, c.var.now));
});

/** A Direct Message to one person; `dm.write` with `dm.read`, `tweet.read` and `users.read`. */
xApi.post("/2/dm_conversations/with/:participant/messages", async (c) => {
  const denied = requireScope(c, "dm.write", "dm.read", "tweet.read", "users.read");
  if (denied) return denied;
  const body = await jsonBody(c);
  const text = typeof body?.text === "string" ? body.text : "";
  if (!text) return invalid(c, "Requires one of the following fields: text, attachments", "text");
  if ([...text].length > DM_TEXT_MAX) return invalid(c, `text must be at most ${DM_TEXT_MAX} characters`, "text");
  const sent = await sendDm(c.var.db, c.var.user, c.req.param("participant"), text, c.var.now);
  if (!sent) return problem(c, 403, "Forbidden", "You are not permitted to send a Direct Message to this user.");
  return c.json({ data: sent }, 201);
});

const notFound = (c: Context, id: string) =>
  problem(
    c,
    404,
    "Not Found Error",
    `Could not find tweet with id: [${id}].`,
    "https://api.twitter.com/2/problems/resource-not-found",
  );

/**
 * Hide replies (`PUT /2/tweets/:id/hidden`): `tweet.moderate.write` with `tweet.read` and `users.read`; only a
 * reply in a conversation the user started; hiding a hidden reply (or showing a shown one) succeeds.
 */
xApi.put("/2/tweets/:id/hidden", async (c) => {
  const denied = requireScope(c, "tweet.moderate.write", "tweet.read", "users.read");
  if (denied) return denied;
  const body = await jsonBody(c);
  if (typeof body?.hidden !== "boolean") return invalid(c, "hidden must be a boolean", "hidden");
  const reply = await getObject(c.var.db, P, c.req.param("id"));
  if (reply?.kind !== "tweet") return notFound(c, c.req.param("id"));
  const root = reply.data.replyTo ? await getObject(c.var.db, P, String(reply.data.replyTo)) : null;
  if (root?.owner !== c.var.user.id)
    return problem(c, 403, "Forbidden", "You can only hide replies to conversations you started.");
  await updateObject(c.var.db, P, reply.id, { data: { ...reply.data, hidden: body.hidden } });
  return c.json({ data: { hidden: body.hidden } });
});

/** Likes (`POST /2/users/:id/likes` {tweet_id}, `DELETE /2/users/:id/likes/:tweet_id`): `like.write`, as the user. */
xApi.on(["POST", "DELETE"], ["/2/users/:id/likes", "/2/users/:id/likes/:tweet"], async (c) => {
  const denied = requireScope(c, "like.write", "tweet.read", "users.read");
  if (denied) return denied;
  if (c.req.param("id") !== c.var.user.id)
    return problem(c, 403, "Forbidden", "You are not allowed to like or unlike on behalf of another user.");
  const liking = c.req.method === "POST";
  const id = liking ? (await jsonBody(c))?.tweet_id : c.req.param("tweet");
  if (typeof id !== "string" || !id) return invalid(c, "tweet_id must be a post id", "tweet_id");
  const tweet = await getObject(c.var.db, P, id);
  if (tweet?.kind !== "tweet") return notFound(c, id);
  const likedBy = ((tweet.data.likedBy as string[] | undefined) ?? []).filter((u) => u !== c.var.user.id);
  if (liking) likedBy.push(c.var.user.id);
  await updateObject(c.var.db, P, tweet.id, { data: { ...tweet.data, likedBy } });
  return c.json({ data: { liked: liking } });
});
