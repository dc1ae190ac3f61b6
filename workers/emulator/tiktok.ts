import { type Context, Hono } from "hono";
import { avatar, initialsOf } from "./avatar";
import { mountConsent } from "./consent";
import type { EmuEnv } from "./context";
import { opaqueToken } from "./ids";
import { followerCount, postMetrics } from "./metrics";
import { incrementCounter } from "./objects";
import { bearer, jsonBody, queryList, readLooseParams, scopeList } from "./request";
import {
  mountPosting,
  mountUpload,
  publicVideos,
  type TikTokUser,
  answer as tiktokAnswer,
  refuse as tiktokError,
} from "./tiktok-posting";
import { checkToken, consumeToken, issueToken, redeemCode, type TokenRow } from "./tokens";

/**
 * TikTok (PLATFORMS.md §11.3, developers.tiktok.com): Login Kit v2 on www.tiktok.com (client_key, PKCE with the
 * verifier's SHA-256 in hex), tokens on open.tiktokapis.com (24 h access, 365-day refresh that rotates), the
 * Display API (user/info, video/list, video/query) and, in tiktok-posting.ts, the Content Posting API. Every answer
 * is `{data, error: {code, message, log_id}}`; limits are per token per endpoint per minute.
 */
const P = "tiktok";
const ACCESS_TTL_S = 86_400;
const REFRESH_TTL_S = 31_536_000;
const MINUTE = 60_000;

export const TIKTOK_USERS: TikTokUser[] = [
  {
    openId: "-000OpenIdPostlineDemo",
    username: "postline.demo",
    nickname: "Postline Demo",
    privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"],
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: false,
    maxVideoPostDurationSec: 600,
  },
  {
    // A creator who turned comments and duets off and may post videos of a minute at most.
    openId: "-000OpenIdCornerBakery",
    username: "corner.bakery",
    nickname: "Corner Bakery",
    privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "FOLLOWER_OF_CREATOR", "SELF_ONLY"],
    commentDisabled: true,
    duetDisabled: true,
    stitchDisabled: false,
    maxVideoPostDurationSec: 60,
  },
];

/** Per token, per endpoint, per minute (the API references' "Restriction" notes); the rest get a generous one. */
const LIMITS: Record<string, number> = {
  "/v2/post/publish/creator_info/query/": 20,
  "/v2/post/publish/video/init/": 6,
  "/v2/post/publish/content/init/": 6,
  "/v2/post/publish/status/fetch/": 30,
};
const DEFAULT_LIMIT = 600;

/** What each endpoint needs the token to carry. */
const SCOPES: Record<string, string> = {
  "/v2/user/info/": "user.info.basic",
  "/v2/video/list/": "video.list",
  "/v2/video/query/": "video.list",
};

export type TikTokEnv = {
  Bindings: Env;
  Variables: EmuEnv["Variables"] & { token: TokenRow; user: TikTokUser };
};

// ---------------------------------------------------------------- www.tiktok.com

export const tiktokWww = new Hono<EmuEnv>();

mountConsent(tiktokWww, "/v2/auth/authorize/", {
  platform: P,
  brand: "TikTok",
  subject: TIKTOK_USERS[0]!.openId,
  choices: TIKTOK_USERS.map((u) => ({ id: u.openId, label: `@${u.username}`, detail: u.nickname })),
  multiple: false,
  codeTtlMs: 10 * 60_000,
  clientParam: "client_key",
  required: ["scope", "state"],
  deny: { error: "access_denied", error_description: "The user denied the authorization" },
});

// ---------------------------------------------------------------- open.tiktokapis.com

export const tiktokOpen = new Hono<TikTokEnv>();

/** Login Kit's PKCE for web and desktop: the challenge is the verifier's SHA-256, hex-encoded. */
async function hexSha256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

tiktokOpen.post("/v2/oauth/token/", async (c) => {
  const form = await readLooseParams(c);
  const fail = (error: string, description: string) =>
    c.json({ error, error_description: description, log_id: opaqueToken("", 12) }, 400);
  const clientKey = form.get("client_key");
  if (!clientKey || !form.get("client_secret")) return fail("invalid_client", "Client key or secret is missing.");
  const now = c.var.now;
  if (form.get("grant_type") === "authorization_code") {
    const row = await redeemCode(c.var.db, {
      platform: P,
      code: String(form.get("code") ?? ""),
      clientId: clientKey,
      redirectUri: String(form.get("redirect_uri") ?? ""),
      now,
    });
    if (!row) return fail("invalid_grant", "Authorization code is expired.");
    const verifier = form.get("code_verifier");
    if (row.codeChallenge && (typeof verifier !== "string" || (await hexSha256(verifier)) !== row.codeChallenge))
      return fail("invalid_request", "Code verifier or code challenge is invalid.");
    return c.json(await tokenPair(c, row.grant, row.scopes));
  }
  if (form.get("grant_type") === "refresh_token") {
    // The refresh token may change on refresh (rotation): the one just used stops working.
    const used = await consumeToken(c.var.db, P, "refresh", form.get("refresh_token") as string | null, now);
    if (!used) return fail("invalid_grant", "Refresh token is invalid or expired.");
    return c.json(await tokenPair(c, used.grant, used.scopes));
  }
  return fail("invalid_request", "grant_type is invalid.");
});

async function tokenPair(c: Context<TikTokEnv>, grant: TokenRow["grant"], scopes: string) {
  const now = c.var.now;
  const base = { platform: P, grant, scopes, now };
  const access = await issueToken(c.var.db, { ...base, kind: "access", ttlMs: ACCESS_TTL_S * 1000, prefix: "act." });
  const refresh = await issueToken(c.var.db, { ...base, kind: "refresh", ttlMs: REFRESH_TTL_S * 1000, prefix: "rft." });
  return {
    access_token: access.token,
    expires_in: ACCESS_TTL_S,
    open_id: grant.selected[0],
    refresh_expires_in: REFRESH_TTL_S,
    refresh_token: refresh.token,
    scope: scopeList(scopes).join(","),
    token_type: "Bearer",
  };
}

/** Every other call: a live access token, the scope the endpoint needs, then its per-minute window. */
tiktokOpen.use("/v2/*", async (c, next) => {
  if (c.req.path.endsWith("/v2/oauth/token/")) return next();
  const check = await checkToken(c.var.db, P, bearer(c), c.var.now);
  const user =
    check.ok && check.row.kind === "access" ? TIKTOK_USERS.find((u) => u.openId === check.row.grant.selected[0]) : null;
  if (!check.ok || !user)
    return tiktokError(c, 401, "access_token_invalid", "The access token is invalid or not found in the request.");
  const path = c.req.path.replace(/^.*?\/v2\//, "/v2/");
  const scope = path.startsWith("/v2/post/publish/") ? "video.publish" : SCOPES[path];
  if (scope && !scopeList(check.row.scopes).includes(scope))
    return tiktokError(c, 401, "scope_not_authorized", `The user did not authorize the scope required: ${scope}.`);
  const window = Math.floor(c.var.now / MINUTE);
  const used = await incrementCounter(c.var.db, {
    id: `ttrl:${check.row.token}:${path}:${window}`,
    platform: P,
    kind: "ratelimit",
    owner: user.openId,
    createdAt: c.var.now,
  });
  if (used > (LIMITS[path] ?? DEFAULT_LIMIT))
    return tiktokError(c, 429, "rate_limit_exceeded", "API rate limit was exceeded, please retry later.");
  c.set("token", check.row);
  c.set("user", user);
  await next();
});

tiktokOpen.get("/v2/user/info/", (c) => {
  const fields = queryList(c, "fields");
  const u = c.var.user;
  const granted = scopeList(c.var.token.scopes);
  // Profile fields need user.info.profile, counts user.info.stats (Display API scopes).
  const wants = (field: string, scope: string) => fields.includes(field) && granted.includes(scope);
  return tiktokAnswer(c, {
    user: {
      ...(fields.includes("open_id") ? { open_id: u.openId } : {}),
      ...(fields.includes("union_id") ? { union_id: `union-${u.openId}` } : {}),
      ...(fields.includes("display_name") ? { display_name: u.nickname } : {}),
      ...(fields.includes("avatar_url") ? { avatar_url: avatar(initialsOf(u.nickname), "#FE2C55") } : {}),
      ...(wants("username", "user.info.profile") ? { username: u.username } : {}),
      ...(wants("follower_count", "user.info.stats") ? { follower_count: followerCount(u.openId, c.var.now) } : {}),
      ...(wants("video_count", "user.info.stats") ? { video_count: 0 } : {}),
    },
  });
});

/** A published public post as the Display API lists it, with counts that grow on the emulator clock. */
function videoFields(fields: string[], v: Awaited<ReturnType<typeof publicVideos>>[number], now: number) {
  const m = postMetrics(v.postId, v.publishedAt, now);
  const all: Record<string, unknown> = {
    id: v.postId,
    create_time: Math.floor(v.publishedAt / 1000),
    title: v.title,
    video_description: v.description,
    share_url: `https://www.tiktok.com/@${v.username}/video/${v.postId}`,
    duration: v.durationSec,
    view_count: m.views,
    like_count: m.likes,
    comment_count: m.comments,
    share_count: m.shares,
  };
  return Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k)));
}

tiktokOpen.post("/v2/video/list/", async (c) => {
  const fields = queryList(c, "fields");
  const body = (await jsonBody(c)) ?? {};
  const max = body.max_count ?? 20;
  if (!Number.isInteger(max) || max < 1 || max > 20)
    return tiktokError(c, 400, "invalid_params", "max_count must be between 1 and 20.");
  const cursor = typeof body.cursor === "number" ? body.cursor : Number.POSITIVE_INFINITY;
  const videos = (await publicVideos(c.var.db, c.var.user.openId, c.var.now)).filter((v) => v.publishedAt < cursor);
  const page = videos.slice(0, max);
  return tiktokAnswer(c, {
    videos: page.map((v) => videoFields(fields, v, c.var.now)),
    cursor: page.at(-1)?.publishedAt ?? 0,
    has_more: videos.length > max,
  });
});

tiktokOpen.post("/v2/video/query/", async (c) => {
  const fields = queryList(c, "fields");
  const ids = (await jsonBody(c))?.filters?.video_ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20)
    return tiktokError(c, 400, "invalid_params", "filters.video_ids must list 1 to 20 video ids.");
  const videos = (await publicVideos(c.var.db, c.var.user.openId, c.var.now)).filter((v) =>
    ids.map(String).includes(v.postId),
  );
  return tiktokAnswer(c, { videos: videos.map((v) => videoFields(fields, v, c.var.now)), cursor: 0, has_more: false });
});

mountPosting(tiktokOpen);

// ---------------------------------------------------------------- open-upload.tiktokapis.com

export const tiktokUpload = new Hono<EmuEnv>();
mountUpload(tiktokUpload);

/** "Nickname (@username)" of a demo creator, for the sandbox post viewer. */
export function tiktokAuthorName(openId: string): string {
  const u = TIKTOK_USERS.find((x) => x.openId === openId);
  return u ? `${u.nickname} (@${u.username})` : openId;
}
