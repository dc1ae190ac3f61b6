import { type Context, Hono } from "hono";
import type { Db } from "../db/client";
import { avatar } from "./avatar";
import { mountConsent } from "./consent";
import type { EmuEnv } from "./context";
import { numericId, opaqueToken } from "./ids";
import { followerCount, postMetrics, sampleComments } from "./metrics";
import { createObject, deleteObject, type EmuObject, getObject, listObjects, updateObject } from "./objects";
import { bearer, clientCredentials, jsonBody, scopeList, selfUrl, sniffImage } from "./request";
import type { TokenRow } from "./tokens";
import { checkToken, issueToken, redeemCode } from "./tokens";
import { linkedinVersionProblem } from "./versions";

/**
 * LinkedIn (PLATFORMS.md §4): OAuth and uploads on www.linkedin.com, the member/organization REST API on
 * api.linkedin.com. Strict about the versioned headers, author permissions, the 3000-character commentary
 * and duplicate posts; errors in LinkedIn's `{status, serviceErrorCode, code, message}` shape.
 */
const P = "linkedin";
const DAY = 86_400_000;
const ACCESS_TTL = 60 * DAY;
const REFRESH_TTL = 365 * DAY;
const COMMENTARY_MAX = 3000;
const VIDEO_PART = 4 * 1024 * 1024;

/** Video processing takes a minute per full 10 MB on the emulator clock; a small video is ready at once. */
export function videoProcessingMs(bytes: number): number {
  return Math.floor(bytes / (10 * 1024 * 1024)) * 60_000;
}

/** A finalized video is PROCESSING until the emulator clock passes its processing time, then AVAILABLE. */
function assetStatus(asset: EmuObject, now: number): string {
  return asset.status === "PROCESSING" && asset.readyAt !== null && now >= asset.readyAt
    ? "AVAILABLE"
    : (asset.status ?? "AVAILABLE");
}

/** initializeUpload's upload URLs stop working at their `uploadUrl(s)ExpireAt` (§4.4). */
const uploadExpired = (asset: EmuObject, now: number) =>
  typeof asset.data.uploadExpiresAt === "number" && asset.data.uploadExpiresAt <= now;

const MEMBER = {
  sub: "782bbtaQ",
  name: "Jordan Rivera",
  given_name: "Jordan",
  family_name: "Rivera",
  email: "jordan.rivera@example.com",
  picture: avatar("JR", "#0a66c2"),
};
const MEMBER_URN = `urn:li:person:${MEMBER.sub}`;
const ORGS = [
  { id: "10001", localizedName: "Acme Coffee Co.", vanityName: "acme-coffee" },
  { id: "10002", localizedName: "Northwind Studio", vanityName: "northwind-studio" },
];

/** The member's or organization's name behind an author URN, for the sandbox post viewer. */
export function liAuthorName(urn: string): string {
  if (urn === MEMBER_URN) return MEMBER.name;
  return ORGS.find((o) => `urn:li:organization:${o.id}` === urn)?.localizedName ?? urn;
}

type LiEnv = { Bindings: Env; Variables: EmuEnv["Variables"] & { token: TokenRow } };

function liError(c: Context, status: number, code: string, message: string, serviceErrorCode?: number) {
  return c.json({ status, ...(serviceErrorCode ? { serviceErrorCode } : {}), code, message }, status as 400);
}

// ---------------------------------------------------------------- www.linkedin.com

export const linkedinWww = new Hono<EmuEnv>();

mountConsent(linkedinWww, "/oauth/v2/authorization", {
  platform: P,
  brand: "LinkedIn",
  subject: MEMBER.sub,
  choices: [
    { id: "member", label: MEMBER.name, detail: "Your profile" },
    ...ORGS.map((o) => ({ id: o.id, label: o.localizedName, detail: "Page you administer" })),
  ],
  multiple: true,
  codeTtlMs: 30 * 60_000,
  required: ["scope"],
  deny: { error: "user_cancelled_authorize", error_description: "The user cancelled the authorization" },
});

linkedinWww.post("/oauth/v2/accessToken", async (c) => {
  const form = await c.req.formData();
  const { clientId, clientSecret } = clientCredentials(c, form);
  const oauthError = (error: string, description: string, status: 400 | 401 = 400) =>
    c.json({ error, error_description: description }, status);
  if (!clientId || !clientSecret) return oauthError("invalid_client", "Client authentication failed", 401);
  const now = c.var.now;
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") {
    const row = await redeemCode(c.var.db, {
      platform: P,
      code: String(form.get("code") ?? ""),
      clientId,
      redirectUri: String(form.get("redirect_uri") ?? ""),
      now,
    });
    if (!row)
      return oauthError(
        "invalid_request",
        "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
      );
    const access = await issueToken(c.var.db, {
      platform: P,
      kind: "access",
      grant: row.grant,
      scopes: row.scopes,
      now,
      ttlMs: ACCESS_TTL,
      prefix: "AQV",
    });
    const refresh = refreshEnabled(row.scopes)
      ? await issueToken(c.var.db, {
          platform: P,
          kind: "refresh",
          grant: row.grant,
          scopes: row.scopes,
          now,
          ttlMs: REFRESH_TTL,
          prefix: "AQX",
        })
      : null;
    return c.json(tokenBody(access, refresh, now));
  }
  if (grantType === "refresh_token") {
    const check = await checkToken(c.var.db, P, String(form.get("refresh_token") ?? ""), now);
    if (!check.ok || check.row.kind !== "refresh" || !refreshEnabled(check.row.scopes))
      return oauthError(
        "invalid_request",
        "The provided authorization grant or refresh token is invalid, expired or revoked.",
      );
    const access = await issueToken(c.var.db, {
      platform: P,
      kind: "access",
      grant: check.row.grant,
      scopes: check.row.scopes,
      now,
      ttlMs: ACCESS_TTL,
      prefix: "AQV",
    });
    // Not sliding: the same refresh token keeps counting down to its first expiry.
    return c.json(tokenBody(access, check.row, now));
  }
  return oauthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
});

/**
 * Programmatic refresh tokens are only for apps approved for the Marketing / Community Management APIs
 * (§4.1). The emulator tells such an app by the organization scopes its consent carries; a Sign In +
 * Share on LinkedIn app (member scopes only) gets a 60-day access token and no refresh token.
 */
const PARTNER_SCOPES = ["w_organization_social", "r_organization_social", "rw_organization_admin"];
function refreshEnabled(scopes: string): boolean {
  return scopeList(scopes).some((s) => PARTNER_SCOPES.includes(s));
}

function tokenBody(access: TokenRow, refresh: TokenRow | null, now: number) {
  return {
    access_token: access.token,
    expires_in: Math.floor((access.expiresAt! - now) / 1000),
    ...(refresh
      ? { refresh_token: refresh.token, refresh_token_expires_in: Math.floor((refresh.expiresAt! - now) / 1000) }
      : {}),
    scope: scopeList(access.scopes).join(","),
    token_type: "Bearer",
  };
}

/** Upload URLs handed out by initializeUpload: images take the whole file, video parts one byte range each. */
linkedinWww.put("/dms-uploads/:asset", async (c) => {
  const image = await getObject(c.var.db, P, c.req.param("asset"));
  if (image?.kind !== "image" || uploadExpired(image, c.var.now))
    return liError(c, 404, "NOT_FOUND", "Upload URL not found or expired");
  const check = await checkToken(c.var.db, P, bearer(c), c.var.now);
  if (!check.ok) return liError(c, 401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600);
  if (image.status !== "WAITING_UPLOAD") return liError(c, 400, "BAD_REQUEST", "The image was already uploaded");
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (!sniffImage(bytes)) return liError(c, 400, "BAD_REQUEST", "Unsupported image format: upload a JPG, PNG or GIF");
  await updateObject(c.var.db, P, image.id, { status: "AVAILABLE", data: { ...image.data, size: bytes.length } });
  return c.body(null, 201);
});

linkedinWww.put("/dms-uploads/:asset/part/:n", async (c) => {
  const video = await getObject(c.var.db, P, c.req.param("asset"));
  const parts = (video?.data.parts ?? []) as { firstByte: number; lastByte: number; etag: string | null }[];
  const n = Number(c.req.param("n"));
  const part = parts[n];
  if (!video || !part || video.status !== "WAITING_UPLOAD" || uploadExpired(video, c.var.now))
    return liError(c, 404, "NOT_FOUND", "Upload URL not found or expired");
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength !== part.lastByte - part.firstByte + 1) {
    return liError(
      c,
      400,
      "BAD_REQUEST",
      `Part ${n} must be ${part.lastByte - part.firstByte + 1} bytes, got ${bytes.byteLength}`,
    );
  }
  const etag = opaqueToken("/ptag", 16);
  parts[n] = { ...part, etag };
  await updateObject(c.var.db, P, video.id, { data: { ...video.data, parts } });
  return c.body(null, 200, { ETag: `"${etag}"` });
});

// ---------------------------------------------------------------- api.linkedin.com

export const linkedinApi = new Hono<LiEnv>();

/** Every call needs a live member token; /rest/* also the version and Rest.li headers (§4.2). */
linkedinApi.use("*", async (c, next) => {
  await next();
  // Rest.li answers name the protocol they speak.
  c.res.headers.set("X-RestLi-Protocol-Version", "2.0.0");
});
linkedinApi.use("*", async (c, next) => {
  const check = await checkToken(c.var.db, P, bearer(c), c.var.now);
  if (!check.ok || check.row.kind !== "access") {
    return check.ok || check.reason === "invalid"
      ? liError(c, 401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600)
      : liError(c, 401, "EXPIRED_ACCESS_TOKEN", "The token used in the request has expired", 65601);
  }
  c.set("token", check.row);
  if (c.req.path.includes("/rest/")) {
    const problem = linkedinVersionProblem(c.req.header("LinkedIn-Version"), c.var.now);
    if (problem) return liError(c, problem.status, problem.code, problem.message);
    if (c.req.header("X-Restli-Protocol-Version") !== "2.0.0") {
      return liError(c, 400, "INVALID_PROTOCOL_VERSION", "X-Restli-Protocol-Version 2.0.0 is required");
    }
  }
  await next();
});

function hasScope(token: TokenRow, scope: string) {
  return scopeList(token.scopes).includes(scope);
}

function grantedOrgs(token: TokenRow) {
  return ORGS.filter((o) => token.grant.selected.includes(o.id));
}

/** Why this token may not act for `author`, or null when it may. */
function authorProblem(token: TokenRow, author: unknown, write: boolean): string | null {
  if (author === MEMBER_URN) return !write || hasScope(token, "w_member_social") ? null : "w_member_social";
  const org = typeof author === "string" ? author.match(/^urn:li:organization:(\d+)$/)?.[1] : undefined;
  if (org && grantedOrgs(token).some((o) => o.id === org)) {
    return hasScope(token, write ? "w_organization_social" : "r_organization_social")
      ? null
      : write
        ? "w_organization_social"
        : "r_organization_social";
  }
  return "author";
}

const denied = (c: Context, what: string) =>
  liError(c, 403, "ACCESS_DENIED", `Not enough permissions to access: ${what}`, 100);

linkedinApi.get("/v2/userinfo", (c) => {
  if (!hasScope(c.var.token, "openid")) return denied(c, "userinfo.GET");
  return c.json({
    ...MEMBER,
    locale: { country: "US", language: "en" },
    email_verified: true,
    email: hasScope(c.var.token, "email") ? MEMBER.email : undefined,
  });
});

linkedinApi.get("/rest/organizationAcls", (c) => {
  if (c.req.query("q") !== "roleAssignee") return liError(c, 400, "BAD_REQUEST", "q must be roleAssignee");
  const role = c.req.query("role");
  const elements = grantedOrgs(c.var.token)
    .filter(() => !role || role === "ADMINISTRATOR")
    .map((o) => ({
      organization: `urn:li:organization:${o.id}`,
      role: "ADMINISTRATOR",
      state: "APPROVED",
      roleAssignee: MEMBER_URN,
    }));
  return c.json({ elements, paging: { count: elements.length, start: 0, links: [] } });
});

linkedinApi.get("/rest/organizations/:id", (c) => {
  const org = ORGS.find((o) => o.id === c.req.param("id"));
  if (!org) return liError(c, 404, "NOT_FOUND", `Organization ${c.req.param("id")} not found`);
  return c.json({
    id: Number(org.id),
    localizedName: org.localizedName,
    vanityName: org.vanityName,
    $URN: `urn:li:organization:${org.id}`,
  });
});

linkedinApi.get("/rest/networkSizes/:urn", (c) => {
  const urn = c.req.param("urn");
  if (
    c.req.query("edgeType") !== "COMPANY_FOLLOWED_BY_MEMBER" ||
    !ORGS.some((o) => `urn:li:organization:${o.id}` === urn)
  ) {
    return liError(c, 400, "BAD_REQUEST", "edgeType COMPANY_FOLLOWED_BY_MEMBER needs an organization URN");
  }
  return c.json({ firstDegreeSize: followerCount(urn, c.var.now) });
});

linkedinApi.post("/rest/images", async (c) => {
  if (c.req.query("action") !== "initializeUpload") return liError(c, 400, "BAD_REQUEST", "Unsupported action");
  const owner = (await jsonBody(c))?.initializeUploadRequest?.owner;
  const problem = authorProblem(c.var.token, owner, true);
  if (problem) return denied(c, `images.initializeUpload (${problem})`);
  const asset = `C4E10AQ${opaqueToken("", 8)}`;
  const urn = `urn:li:image:${asset}`;
  await createObject(c.var.db, {
    id: asset,
    platform: P,
    kind: "image",
    owner,
    status: "WAITING_UPLOAD",
    data: { urn, uploadExpiresAt: c.var.now + DAY },
    createdAt: c.var.now,
  });
  return c.json({
    value: {
      uploadUrlExpiresAt: c.var.now + DAY,
      uploadUrl: selfUrl(c, "www.linkedin.com", `/dms-uploads/${asset}`),
      image: urn,
    },
  });
});

linkedinApi.get("/rest/images/:urn", async (c) => {
  const image = await assetOf(c.var.db, c.req.param("urn"), "image");
  if (!image) return liError(c, 404, "NOT_FOUND", "Image not found");
  return c.json({ id: image.data.urn, owner: image.owner, status: image.status });
});

linkedinApi.post("/rest/videos", async (c) => {
  const body = await jsonBody(c);
  if (c.req.query("action") === "initializeUpload") {
    const req = body?.initializeUploadRequest ?? {};
    const problem = authorProblem(c.var.token, req.owner, true);
    if (problem) return denied(c, `videos.initializeUpload (${problem})`);
    const size = req.fileSizeBytes;
    if (!Number.isInteger(size) || size < 1 || size > 5 * 1024 ** 3)
      return liError(c, 400, "BAD_REQUEST", "fileSizeBytes must be between 1 byte and 5 GB");
    const asset = `C5F10AQ${opaqueToken("", 8)}`;
    const parts = [];
    for (let first = 0; first < size; first += VIDEO_PART)
      parts.push({ firstByte: first, lastByte: Math.min(size, first + VIDEO_PART) - 1, etag: null });
    await createObject(c.var.db, {
      id: asset,
      platform: P,
      kind: "video",
      owner: req.owner,
      status: "WAITING_UPLOAD",
      data: { urn: `urn:li:video:${asset}`, parts, size, uploadExpiresAt: c.var.now + DAY },
      createdAt: c.var.now,
    });
    return c.json({
      value: {
        uploadUrlsExpireAt: c.var.now + DAY,
        video: `urn:li:video:${asset}`,
        uploadInstructions: parts.map((p, i) => ({
          uploadUrl: selfUrl(c, "www.linkedin.com", `/dms-uploads/${asset}/part/${i}`),
          firstByte: p.firstByte,
          lastByte: p.lastByte,
        })),
        uploadToken: "",
      },
    });
  }
  if (c.req.query("action") === "finalizeUpload") {
    const req = body?.finalizeUploadRequest ?? {};
    const video = await assetOf(c.var.db, String(req.video ?? ""), "video");
    if (!video || authorProblem(c.var.token, video.owner, true)) return liError(c, 404, "NOT_FOUND", "Video not found");
    const etags = (video.data.parts as { etag: string | null }[]).map((p) => p.etag);
    if (etags.some((e) => e === null))
      return liError(c, 400, "BAD_REQUEST", "Not every part of the video was uploaded");
    if (JSON.stringify(etags) !== JSON.stringify(req.uploadedPartIds))
      return liError(c, 400, "BAD_REQUEST", "uploadedPartIds do not match the uploaded parts");
    if (video.status !== "WAITING_UPLOAD") return liError(c, 400, "BAD_REQUEST", "The video was already finalized");
    await updateObject(c.var.db, P, video.id, {
      status: "PROCESSING",
      readyAt: c.var.now + videoProcessingMs(Number(video.data.size ?? 0)),
    });
    return c.body(null, 200);
  }
  return liError(c, 400, "BAD_REQUEST", "Unsupported action");
});

/** A video is PROCESSING until its processing time passed on the emulator clock: clients poll for AVAILABLE. */
linkedinApi.get("/rest/videos/:urn", async (c) => {
  const video = await assetOf(c.var.db, c.req.param("urn"), "video");
  if (!video) return liError(c, 404, "NOT_FOUND", "Video not found");
  return c.json({ id: video.data.urn, owner: video.owner, status: assetStatus(video, c.var.now) });
});

async function assetOf(db: Db, urn: string, kind: "image" | "video"): Promise<EmuObject | null> {
  const asset = urn.match(new RegExp(`^urn:li:${kind}:(.+)$`))?.[1];
  const obj = asset ? await getObject(db, P, asset) : null;
  return obj?.kind === kind ? obj : null;
}

const VISIBILITIES = ["PUBLIC", "CONNECTIONS", "LOGGED_IN"];
/** A comment's text limit (LinkedIn shows 1,250 characters in its comment box). */
const COMMENT_MAX = 1250;

linkedinApi.post("/rest/posts", async (c) => {
  const post = await jsonBody(c);
  if (!post) return liError(c, 400, "BAD_REQUEST", "Request body must be JSON");
  const problem = authorProblem(c.var.token, post.author, true);
  if (problem) return denied(c, `partnerApiPostsExternal.CREATE (${problem})`);
  const unprocessable = (message: string) => liError(c, 422, "UNPROCESSABLE_ENTITY", message);
  if (typeof post.commentary !== "string") return unprocessable("/commentary is required");
  if ([...post.commentary].length > COMMENTARY_MAX)
    return unprocessable(`/commentary: length ${[...post.commentary].length} exceeds the maximum of ${COMMENTARY_MAX}`);
  if (!VISIBILITIES.includes(post.visibility))
    return unprocessable("/visibility must be PUBLIC, CONNECTIONS or LOGGED_IN");
  if (post.distribution?.feedDistribution === undefined)
    return unprocessable("/distribution/feedDistribution is required");
  if (post.lifecycleState !== "PUBLISHED") return unprocessable("/lifecycleState must be PUBLISHED");
  const mediaIds: string[] = post.content?.multiImage
    ? (post.content.multiImage.images ?? []).map((i: { id: string }) => i.id)
    : post.content?.media
      ? [post.content.media.id]
      : [];
  if (post.content?.multiImage && (mediaIds.length < 2 || mediaIds.length > 20))
    return unprocessable("/content/multiImage/images must hold 2 to 20 images");
  let isVideo = false;
  for (const id of mediaIds) {
    const kind = String(id).startsWith("urn:li:video:") ? "video" : "image";
    const asset = await assetOf(c.var.db, String(id), kind);
    if (!asset || asset.owner !== post.author)
      return unprocessable(`/content: ${id} does not exist or belongs to another author`);
    const status = assetStatus(asset, c.var.now);
    if (status !== "AVAILABLE") return unprocessable(`/content: ${id} is ${status}, not AVAILABLE`);
    if (kind === "video" && mediaIds.length > 1) return unprocessable("/content: a video post holds one video");
    isVideo ||= kind === "video";
  }
  const recent = await listObjects(c.var.db, P, "post", post.author, { limit: 50 });
  const dup = recent.find(
    (p) => p.data.commentary === post.commentary && mediaIds.length === 0 && (p.data.mediaIds as string[]).length === 0,
  );
  if (dup) return liError(c, 422, "DUPLICATE_POST", `Content is a duplicate of ${dup.id}`);
  const urn = `urn:li:${isVideo ? "ugcPost" : "share"}:${numericId(19)}`;
  await createObject(c.var.db, {
    id: urn,
    platform: P,
    kind: "post",
    owner: post.author,
    data: { commentary: post.commentary, visibility: post.visibility, mediaIds, content: post.content ?? null },
    createdAt: c.var.now,
  });
  return c.body(null, 201, { "x-restli-id": urn });
});

/** Finder by author: organizations with r_organization_social; members' posts need the restricted r_member_social. */
linkedinApi.get("/rest/posts", async (c) => {
  if (c.req.query("q") !== "author") return liError(c, 400, "BAD_REQUEST", "q must be author");
  const author = c.req.query("author") ?? "";
  if (author === MEMBER_URN ? !hasScope(c.var.token, "r_member_social") : authorProblem(c.var.token, author, false))
    return denied(c, "posts.FINDER-author");
  const count = Math.min(Number(c.req.query("count") ?? 10) || 10, 100);
  const rows = await listObjects(c.var.db, P, "post", author, { limit: count });
  return c.json({ elements: rows.map((p) => postView(p)), paging: { start: 0, count, links: [] } });
});

function postView(p: EmuObject) {
  return {
    id: p.id,
    author: p.owner,
    commentary: p.data.commentary,
    visibility: p.data.visibility,
    lifecycleState: "PUBLISHED",
    createdAt: p.createdAt,
    publishedAt: p.createdAt,
    ...(p.data.content ? { content: p.data.content } : {}),
  };
}

async function ownPost(c: Context<LiEnv>, urn: string) {
  const post = await getObject(c.var.db, P, urn);
  if (post?.kind !== "post" || authorProblem(c.var.token, post.owner, false) === "author") return null;
  return post;
}

linkedinApi.get("/rest/posts/:urn", async (c) => {
  const post = await ownPost(c, c.req.param("urn"));
  return post ? c.json(postView(post)) : liError(c, 404, "NOT_FOUND", "Post not found");
});

linkedinApi.delete("/rest/posts/:urn", async (c) => {
  const post = await ownPost(c, c.req.param("urn"));
  if (!post) return liError(c, 404, "NOT_FOUND", "Post not found");
  if (authorProblem(c.var.token, post.owner, true)) return denied(c, "partnerApiPostsExternal.DELETE");
  await deleteObject(c.var.db, P, post.id);
  return c.body(null, 204);
});

linkedinApi.get("/rest/socialActions/:urn", async (c) => {
  const post = await ownPost(c, c.req.param("urn"));
  if (!post) return liError(c, 404, "NOT_FOUND", "Post not found");
  const m = postMetrics(post.id, post.createdAt, c.var.now);
  return c.json({
    target: post.id,
    likesSummary: { totalLikes: m.likes, likedByCurrentUser: false },
    commentsSummary: { aggregatedTotalComments: m.comments, totalFirstLevelComments: m.comments },
  });
});

/** Comments API: the actor comments on a post it may see; 201 with the comment and its URN in x-restli-id. */
linkedinApi.post("/rest/socialActions/:urn/comments", async (c) => {
  const post = await ownPost(c, c.req.param("urn"));
  if (!post) return liError(c, 404, "NOT_FOUND", "Post not found");
  const body = await jsonBody(c);
  if (!body) return liError(c, 400, "BAD_REQUEST", "Request body must be JSON");
  const problem = authorProblem(c.var.token, body.actor, true);
  if (problem) return denied(c, `partnerApiSocialActions.CREATE (${problem})`);
  if (body.object !== post.id) return liError(c, 422, "UNPROCESSABLE_ENTITY", "/object must be the post commented on");
  const text = body.message?.text;
  if (typeof text !== "string" || text.trim() === "")
    return liError(c, 422, "UNPROCESSABLE_ENTITY", "/message/text is required");
  if ([...text].length > COMMENT_MAX)
    return liError(c, 422, "UNPROCESSABLE_ENTITY", `/message/text: length exceeds the maximum of ${COMMENT_MAX}`);
  const id = numericId(19);
  const urn = `urn:li:comment:(${post.id},${id})`;
  await createObject(c.var.db, {
    id: urn,
    platform: P,
    kind: "comment",
    owner: String(body.actor),
    data: { replyTo: post.id, text, author: liAuthorName(String(body.actor)) },
    createdAt: c.var.now,
  });
  const created = { actor: body.actor, time: c.var.now };
  return c.json(
    { id, $URN: urn, actor: body.actor, object: post.id, message: { text }, created, lastModified: created },
    201,
    { "x-restli-id": urn },
  );
});

linkedinApi.get("/rest/socialActions/:urn/comments", async (c) => {
  const post = await ownPost(c, c.req.param("urn"));
  if (!post) return liError(c, 404, "NOT_FOUND", "Post not found");
  const m = postMetrics(post.id, post.createdAt, c.var.now);
  const elements = sampleComments(post.id, m.comments, post.createdAt)
    .filter((k) => k.createdAt <= c.var.now)
    .map((k) => ({
      id: k.id,
      actor: `urn:li:person:${k.author}`,
      message: { text: k.text },
      created: { time: k.createdAt },
      object: post.id,
    }));
  return c.json({ elements, paging: { start: 0, count: elements.length, links: [] } });
});

/** `List(urn%3Ali%3Ashare%3A1,…)` after query decoding. */
function restliList(value: string | undefined): string[] {
  const m = value?.match(/^List\((.*)\)$/);
  return m
    ? m[1]!
        .split(",")
        .map((v) => decodeURIComponent(v))
        .filter(Boolean)
    : [];
}

linkedinApi.get("/rest/organizationalEntityShareStatistics", async (c) => {
  const org = c.req.query("organizationalEntity") ?? "";
  if (c.req.query("q") !== "organizationalEntity" || !org.startsWith("urn:li:organization:"))
    return liError(c, 400, "BAD_REQUEST", "q=organizationalEntity with an organization URN is required");
  if (authorProblem(c.var.token, org, false) || !hasScope(c.var.token, "rw_organization_admin"))
    return denied(c, "organizationalEntityShareStatistics.FINDER");
  const urns = [...restliList(c.req.query("shares")), ...restliList(c.req.query("ugcPosts"))];
  const posts = urns.length
    ? await Promise.all(urns.map((u) => getObject(c.var.db, P, u)))
    : await listObjects(c.var.db, P, "post", org);
  const elements = posts
    .filter((p): p is EmuObject => p !== null && p.owner === org)
    .map((p) => {
      const m = postMetrics(p.id, p.createdAt, c.var.now);
      return {
        organizationalEntity: org,
        [p.id.startsWith("urn:li:ugcPost:") ? "ugcPost" : "share"]: p.id,
        totalShareStatistics: {
          impressionCount: m.impressions,
          uniqueImpressionsCount: m.reach,
          clickCount: m.clicks,
          likeCount: m.likes,
          commentCount: m.comments,
          shareCount: m.shares,
          engagement: m.impressions ? (m.clicks + m.likes + m.comments + m.shares) / m.impressions : 0,
        },
      };
    });
  return c.json({ elements, paging: { start: 0, count: elements.length, links: [] } });
});

const MEMBER_METRICS: Record<string, keyof ReturnType<typeof postMetrics>> = {
  IMPRESSION: "impressions",
  MEMBERS_REACHED: "reach",
  RESHARE: "shares",
  REACTION: "likes",
  COMMENT: "comments",
};

linkedinApi.get("/rest/memberCreatorPostAnalytics", async (c) => {
  if (!hasScope(c.var.token, "r_member_postAnalytics")) return denied(c, "memberCreatorPostAnalytics.FINDER");
  const metric = MEMBER_METRICS[c.req.query("queryType") ?? ""];
  const entity = c.req.query("entity")?.match(/^\((share|ugc):(.+)\)$/);
  if (c.req.query("q") !== "entity" || !entity || !metric)
    return liError(c, 400, "BAD_REQUEST", "q=entity, entity=(share:…) and a supported queryType are required");
  const post = await getObject(c.var.db, P, decodeURIComponent(entity[2]!));
  if (!post || post.owner !== MEMBER_URN) return liError(c, 404, "NOT_FOUND", "Post not found");
  const count = postMetrics(post.id, post.createdAt, c.var.now)[metric];
  return c.json({
    elements: [{ count, metricType: c.req.query("queryType"), targetEntity: { [entity[1]!]: post.id } }],
    paging: { start: 0, count: 1, links: [] },
  });
});
