import { TZDate } from "@date-fns/tz";
import { startOfDay } from "date-fns";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { emuTokens } from "../db/schema/emulator";
import { avatar, initialsOf } from "./avatar";
import { mountConsent } from "./consent";
import type { EmuEnv } from "./context";
import { LOCATIONS as BUSINESS_LOCATIONS } from "./google-business";
import { opaqueToken } from "./ids";
import { followerCount, postMetrics } from "./metrics";
import { createObject, deleteObject, type EmuObject, getObject, listObjects, updateObject } from "./objects";
import {
  type BodyPart,
  bearer,
  clientCredentials,
  type JsonBody,
  jsonBody,
  multipartParts,
  queryList,
  readLooseParams,
  s256,
  scopeList,
  selfUrl,
} from "./request";
import { checkToken, issueToken, redeemCode, type TokenRow } from "./tokens";
import { MODERATION_STATUSES, setModerationStatus, videoComments } from "./youtube-comments";

/**
 * Google sign-in and YouTube (PLATFORMS.md §5): consent on accounts.google.com, tokens on
 * oauth2.googleapis.com (refresh tokens only for access_type=offline), the Data API and resumable
 * uploads on www.googleapis.com, reports on youtubeanalytics.googleapis.com. Counts are strings, errors
 * use Google's `{error:{code,message,errors:[{reason,domain}]}}`, and videos.insert has its own 100-a-day bucket.
 */
const P = "youtube";
const ACCESS_TTL = 3600_000;
const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5000;
const CHUNK_QUANTUM = 256 * 1024;
const INSERTS_PER_DAY = 100;
const SCOPE = "https://www.googleapis.com/auth/";

const CHANNELS = [
  {
    id: "UCx7Kq2PostlineDemoKitch",
    title: "Postline Demo Kitchen",
    customUrl: "@postlinedemokitchen",
    description: "Recipes in under ten minutes.",
  },
  {
    id: "UCp3Rv9JordanRiveraVlogs",
    title: "Jordan Rivera Vlogs",
    customUrl: "@jordanriveravlogs",
    description: "Weekly vlogs.",
  },
];

/** A channel's title, for the sandbox post viewer. */
export function ytChannelTitle(id: string): string {
  return CHANNELS.find((ch) => ch.id === id)?.title ?? id;
}

type GEnv = { Bindings: Env; Variables: EmuEnv["Variables"] & { token: TokenRow } };

function gError(c: Context, code: number, reason: string, message: string, domain = "youtube.api") {
  const status =
    code === 401
      ? "UNAUTHENTICATED"
      : code === 403
        ? "PERMISSION_DENIED"
        : code === 404
          ? "NOT_FOUND"
          : "INVALID_ARGUMENT";
  return c.json({ error: { code, message, errors: [{ message, domain, reason }], status } }, code as 400);
}

// ---------------------------------------------------------------- accounts.google.com

export const googleAccounts = new Hono<EmuEnv>();

/**
 * Google issues a refresh token only for access_type=offline, and only on the first consent unless
 * prompt=consent asks again: recorded here per code, before the shared consent handler answers.
 */
googleAccounts.post("/o/oauth2/v2/auth", async (c, next) => {
  const form = await c.req.formData();
  await next();
  const code = c.res.headers.get("Location") ? new URL(c.res.headers.get("Location")!).searchParams.get("code") : null;
  if (!code) return;
  const consentKey = `consent:${form.get("client_id")}:${form.get("choice")}`;
  const first = !(await getObject(c.var.db, P, consentKey));
  if (first)
    await createObject(c.var.db, {
      id: consentKey,
      platform: P,
      kind: "consent",
      owner: String(form.get("choice")),
      data: {},
      createdAt: c.var.now,
    });
  const offline = form.get("access_type") === "offline";
  const prompted = String(form.get("prompt") ?? "")
    .split(" ")
    .includes("consent");
  await createObject(c.var.db, {
    id: `code:${code}`,
    platform: P,
    kind: "code",
    owner: "",
    data: { refresh: offline && (first || prompted) },
    createdAt: c.var.now,
  });
});

mountConsent(googleAccounts, "/o/oauth2/v2/auth", {
  platform: P,
  brand: "Google",
  subject: "jordan.rivera@gmail.example",
  choices: CHANNELS.map((ch) => ({ id: ch.id, label: ch.title, detail: `YouTube channel ${ch.customUrl}` })),
  multiple: false,
  codeTtlMs: 10 * 60_000,
  required: ["scope"],
  deny: { error: "access_denied" },
  incremental: "google",
  // The Business Profile scope reaches the person's business locations, whichever channel they continue as.
  reach: (scopes) =>
    scopes.includes(`${SCOPE}business.manage`)
      ? `Business Profile: ${BUSINESS_LOCATIONS.length} locations you manage (${BUSINESS_LOCATIONS.map((l) => l.title).join(", ")}).`
      : null,
});

// ---------------------------------------------------------------- oauth2.googleapis.com

export const googleOAuth = new Hono<EmuEnv>();

googleOAuth.post("/token", async (c) => {
  const form = await readLooseParams(c);
  const { clientId, clientSecret } = clientCredentials(c, form);
  const fail = (error: string, description: string, status: 400 | 401 = 400) =>
    c.json({ error, error_description: description }, status);
  if (!clientId || !clientSecret) return fail("invalid_client", "The OAuth client was not found.", 401);
  const now = c.var.now;
  if (form.get("grant_type") === "authorization_code") {
    const row = await redeemCode(c.var.db, {
      platform: P,
      code: String(form.get("code") ?? ""),
      clientId,
      redirectUri: String(form.get("redirect_uri") ?? ""),
      now,
    });
    if (!row) return fail("invalid_grant", "Bad Request");
    if (row.codeChallenge) {
      const verifier = form.get("code_verifier");
      if (typeof verifier !== "string" || !verifier) return fail("invalid_grant", "Missing code verifier.");
      if ((await s256(verifier)) !== row.codeChallenge) return fail("invalid_grant", "Invalid code verifier.");
    }
    const meta = await getObject(c.var.db, P, `code:${form.get("code")}`);
    const access = await issueToken(c.var.db, {
      platform: P,
      kind: "access",
      grant: row.grant,
      scopes: row.scopes,
      now,
      ttlMs: ACCESS_TTL,
      prefix: "ya29.",
    });
    const refresh = meta?.data.refresh
      ? await issueToken(c.var.db, {
          platform: P,
          kind: "refresh",
          grant: row.grant,
          scopes: row.scopes,
          now,
          ttlMs: null,
          prefix: "1//",
        })
      : null;
    return c.json({
      access_token: access.token,
      expires_in: 3599,
      ...(refresh ? { refresh_token: refresh.token } : {}),
      scope: scopeList(row.scopes).join(" "),
      token_type: "Bearer",
    });
  }
  if (form.get("grant_type") === "refresh_token") {
    const check = await checkToken(c.var.db, P, String(form.get("refresh_token") ?? ""), now);
    if (!check.ok || check.row.kind !== "refresh") return fail("invalid_grant", "Token has been expired or revoked.");
    const access = await issueToken(c.var.db, {
      platform: P,
      kind: "access",
      grant: check.row.grant,
      scopes: check.row.scopes,
      now,
      ttlMs: ACCESS_TTL,
      prefix: "ya29.",
    });
    return c.json({
      access_token: access.token,
      expires_in: 3599,
      scope: scopeList(check.row.scopes).join(" "),
      token_type: "Bearer",
    });
  }
  return fail("unsupported_grant_type", `Invalid grant_type: ${String(form.get("grant_type") ?? "")}`);
});

googleOAuth.post("/revoke", async (c) => {
  const form = await readLooseParams(c);
  const check = await checkToken(c.var.db, P, String(form.get("token") ?? ""), c.var.now);
  if (!check.ok) return c.json({ error: "invalid_token", error_description: "Token expired or revoked" }, 400);
  await c.var.db.update(emuTokens).set({ revokedAt: c.var.now }).where(eq(emuTokens.token, check.row.token));
  return c.json({});
});

// ---------------------------------------------------------------- shared API auth

function apiAuth(app: Hono<GEnv>) {
  app.use("*", async (c, next) => {
    const check = await checkToken(c.var.db, P, bearer(c), c.var.now);
    if (!check.ok || check.row.kind !== "access") {
      return gError(
        c,
        401,
        "authError",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        "global",
      );
    }
    c.set("token", check.row);
    await next();
  });
}

function allows(token: TokenRow, ...scopes: string[]) {
  const granted = scopeList(token.scopes);
  return scopes.some((s) => granted.includes(SCOPE + s));
}

const insufficient = (c: Context) =>
  gError(c, 403, "insufficientPermissions", "Request had insufficient authentication scopes.", "global");
const READ = ["youtube.readonly", "youtube", "youtube.force-ssl"];

function channelOf(token: TokenRow) {
  return CHANNELS.find((ch) => ch.id === token.grant.selected[0]) ?? null;
}

// ---------------------------------------------------------------- www.googleapis.com

export const googleApis = new Hono<GEnv>();
apiAuth(googleApis);

googleApis.get("/youtube/v3/channels", async (c) => {
  if (!allows(c.var.token, ...READ)) return insufficient(c);
  const parts = queryList(c, "part");
  if (parts.length === 0)
    return gError(c, 400, "missingRequiredParameter", "No filter selected. Expected one of: part");
  const channel =
    c.req.query("mine") === "true" ? channelOf(c.var.token) : CHANNELS.find((ch) => ch.id === c.req.query("id"));
  const items = [];
  if (channel) {
    const videos = await listObjects(c.var.db, P, "video", channel.id, { limit: 500 });
    const views = videos.reduce((sum, v) => sum + postMetrics(v.id, v.createdAt, c.var.now).views, 0);
    items.push({
      kind: "youtube#channel",
      etag: opaqueToken("", 8),
      id: channel.id,
      ...(parts.includes("snippet")
        ? {
            snippet: {
              title: channel.title,
              description: channel.description,
              customUrl: channel.customUrl,
              publishedAt: "2020-03-14T09:00:00Z",
              thumbnails: {
                default: { url: avatar(initialsOf(channel.title), "#ff0000"), width: 88, height: 88 },
                medium: { url: avatar(initialsOf(channel.title), "#ff0000"), width: 240, height: 240 },
                high: { url: avatar(initialsOf(channel.title), "#ff0000"), width: 800, height: 800 },
              },
            },
          }
        : {}),
      ...(parts.includes("contentDetails")
        ? { contentDetails: { relatedPlaylists: { likes: "", uploads: uploadsPlaylist(channel.id) } } }
        : {}),
      ...(parts.includes("statistics")
        ? {
            statistics: {
              viewCount: String(views),
              subscriberCount: String(followerCount(channel.id, c.var.now)),
              hiddenSubscriberCount: false,
              videoCount: String(videos.length),
            },
          }
        : {}),
    });
  }
  return c.json({
    kind: "youtube#channelListResponse",
    etag: opaqueToken("", 8),
    pageInfo: { totalResults: items.length, resultsPerPage: 5 },
    items,
  });
});

const uploadsPlaylist = (channelId: string) => `UU${channelId.slice(2)}`;

/** Why this video resource cannot be inserted, as [reason, message]; null when it can. */
export function metadataProblem(resource: JsonBody | null): [string, string] | null {
  const snippet = resource?.snippet;
  if (!snippet || typeof snippet !== "object")
    return ["invalidSnippet", "The request metadata must include a snippet."];
  const title = snippet.title;
  if (typeof title !== "string" || !title.trim() || [...title].length > TITLE_MAX || /[<>]/.test(title)) {
    return ["invalidTitle", "The request metadata specifies an invalid or empty video title."];
  }
  const description = snippet.description ?? "";
  if (
    typeof description !== "string" ||
    new TextEncoder().encode(description).length > DESCRIPTION_MAX_BYTES ||
    /[<>]/.test(description)
  ) {
    return ["invalidDescription", "The request metadata specifies an invalid video description."];
  }
  const tags = snippet.tags ?? [];
  if (!Array.isArray(tags) || tags.join(",").length > 500)
    return ["invalidTags", "The request metadata specifies invalid video keywords."];
  const privacy = resource?.status?.privacyStatus;
  if (privacy !== undefined && !["private", "unlisted", "public"].includes(privacy))
    return ["invalidPrivacyStatus", "The request metadata specifies an invalid privacy status."];
  return null;
}

/** What videos.insert checks before it takes any bytes; returns the channel or the error response. */
async function insertPrecheck(c: Context<GEnv>, resource: JsonBody | null) {
  if (!allows(c.var.token, "youtube.upload", "youtube", "youtube.force-ssl")) return insufficient(c);
  if (!queryList(c, "part").includes("snippet"))
    return gError(c, 400, "missingRequiredParameter", "The part parameter must include snippet.");
  const problem = metadataProblem(resource);
  if (problem) return gError(c, 400, problem[0], problem[1]);
  const channel = channelOf(c.var.token);
  if (!channel) return gError(c, 401, "youtubeSignupRequired", "The user does not have a YouTube channel.");
  const dayStart = startOfDay(new TZDate(c.var.now, "America/Los_Angeles")).getTime();
  const today = await listObjects(c.var.db, P, "video", channel.id, { since: dayStart, limit: INSERTS_PER_DAY });
  if (today.length >= INSERTS_PER_DAY) {
    return gError(
      c,
      403,
      "quotaExceeded",
      "The request cannot be completed because you have exceeded your quota.",
      "youtube.quota",
    );
  }
  return channel;
}

googleApis.post("/upload/youtube/v3/videos", async (c) => {
  const uploadType = c.req.query("uploadType");
  if (uploadType === "multipart") return multipartInsert(c);
  if (uploadType !== "resumable")
    return gError(c, 400, "invalidUploadType", "uploadType must be resumable or multipart.");
  const total = Number(c.req.header("X-Upload-Content-Length"));
  const type = c.req.header("X-Upload-Content-Type") ?? "";
  if (!Number.isInteger(total) || total <= 0 || total > 256 * 1024 ** 3)
    return gError(
      c,
      400,
      "invalidContentLength",
      "X-Upload-Content-Length must give the file size in bytes (at most 256 GB).",
    );
  if (!type.startsWith("video/") && type !== "application/octet-stream")
    return gError(c, 400, "mediaBodyRequired", `Media type '${type}' is not supported. Upload a video.`);
  const resource = await jsonBody(c);
  const checked = await insertPrecheck(c, resource);
  if (checked instanceof Response) return checked;
  const id = opaqueToken("AUc", 24);
  await createObject(c.var.db, {
    id,
    platform: P,
    kind: "upload",
    owner: checked.id,
    status: "active",
    data: { resource, total, type, received: 0, head: null },
    createdAt: c.var.now,
  });
  return c.body(null, 200, {
    Location: selfUrl(
      c,
      "www.googleapis.com",
      `/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}&part=${queryList(c, "part").join(",")}`,
    ),
  });
});

/** uploadType=multipart: one multipart/related body, the JSON resource then the media (what googleapis sends for `media: {body}`). */
async function multipartInsert(c: Context<GEnv>) {
  const parts = await multipartParts(c.req.raw).catch(() => null);
  if (parts?.length !== 2)
    return gError(
      c,
      400,
      "badContent",
      "A multipart upload must be multipart/related with the metadata part and the media part.",
    );
  const [meta, media] = parts as [BodyPart, BodyPart];
  let resource: JsonBody | null = null;
  try {
    resource = JSON.parse(new TextDecoder().decode(meta.bytes));
  } catch {
    return gError(c, 400, "parseError", "The metadata part is not valid JSON.");
  }
  const type = media.type ?? "";
  if (!type.startsWith("video/") && type !== "application/octet-stream")
    return gError(c, 400, "mediaBodyRequired", `Media type '${type}' is not supported. Upload a video.`);
  const checked = await insertPrecheck(c, resource);
  if (checked instanceof Response) return checked;
  const head = [...media.bytes.subarray(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const session: EmuObject = {
    id: "",
    platform: P,
    kind: "upload",
    owner: checked.id,
    status: "active",
    readyAt: null,
    createdAt: c.var.now,
    data: { resource },
  };
  const video = await publishVideo(c, session, head, media.bytes.length);
  return c.json(videoResource(video, c.var.now, queryList(c, "part")), 200);
}

/** The session URL: chunks with Content-Range, 308 + Range until the last byte, then the video resource. */
googleApis.put("/upload/youtube/v3/videos", async (c) => {
  const session = await getObject(c.var.db, P, c.req.query("upload_id") ?? "");
  if (session?.kind !== "upload")
    return gError(c, 404, "notFound", "The upload session does not exist or has expired.");
  const { total, received } = session.data as { total: number; received: number };
  const incomplete = (have: number) => c.body(null, 308, have > 0 ? { Range: `bytes=0-${have - 1}` } : {});
  if (session.status === "done")
    return c.json(
      videoResource((await getObject(c.var.db, P, String(session.data.videoId)))!, c.var.now, ["snippet", "status"]),
      200,
    );
  const range = c.req.header("Content-Range");
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (range?.startsWith("bytes */")) return incomplete(received);
  const m = range?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
  const start = m ? Number(m[1]) : 0;
  const end = m ? Number(m[2]) : bytes.length - 1;
  if ((m && Number(m[3]) !== total) || (!m && bytes.length !== total))
    return gError(c, 400, "badContent", "The upload does not match X-Upload-Content-Length.");
  if (end - start + 1 !== bytes.length)
    return gError(c, 400, "badContent", "Content-Range does not match the number of bytes sent.");
  if (start !== received) return incomplete(received);
  if (end + 1 < total && bytes.length % CHUNK_QUANTUM !== 0)
    return gError(c, 400, "badContent", "Chunks other than the last must be a multiple of 262144 bytes.");
  const head =
    (session.data.head as string | null) ??
    [...bytes.subarray(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
  if (end + 1 < total) {
    await updateObject(c.var.db, P, session.id, { data: { ...session.data, received: end + 1, head } });
    return incomplete(end + 1);
  }
  const video = await publishVideo(c, session, head, total);
  await updateObject(c.var.db, P, session.id, {
    status: "done",
    data: { ...session.data, received: total, head, videoId: video.id },
  });
  return c.json(videoResource(video, c.var.now, ["snippet", "status"]), 201);
});

const VIDEO_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Processing takes a minute per full 10 MB on the emulator clock, so a small test video is ready at once. */
export function processingMs(bytes: number): number {
  return Math.floor(bytes / (10 * 1024 * 1024)) * 60_000;
}

async function publishVideo(c: Context<GEnv>, session: EmuObject, head: string, size: number) {
  const id = [...crypto.getRandomValues(new Uint8Array(11))].map((b) => VIDEO_ID_CHARS[b & 63]).join("");
  const resource = session.data.resource as { snippet: Record<string, unknown>; status?: Record<string, unknown> };
  // An ISO-BMFF (`ftyp`), WebM/Matroska or AVI header; anything else fails processing like on YouTube.
  const looksLikeVideo = head.slice(8, 16) === "66747970" || head.startsWith("1a45dfa3") || head.startsWith("52494646");
  const video: EmuObject = {
    id,
    platform: P,
    kind: "video",
    owner: session.owner,
    status: looksLikeVideo ? "uploaded" : "failed",
    readyAt: looksLikeVideo ? c.var.now + processingMs(size) : null,
    createdAt: c.var.now,
    data: {
      snippet: { categoryId: "22", tags: [], description: "", ...resource.snippet },
      privacyStatus: resource.status?.privacyStatus ?? "private",
    },
  };
  await createObject(c.var.db, video);
  return video;
}

/** uploaded → processed once the emulator clock passes the video's processing time. */
function uploadStatus(v: EmuObject, now: number): string {
  return v.status === "uploaded" && v.readyAt !== null && now >= v.readyAt ? "processed" : (v.status ?? "processed");
}

function videoResource(v: EmuObject, now: number, parts: string[]) {
  const m = postMetrics(v.id, v.createdAt, now);
  const snippet = v.data.snippet as Record<string, unknown>;
  return {
    kind: "youtube#video",
    etag: opaqueToken("", 8),
    id: v.id,
    ...(parts.includes("snippet")
      ? { snippet: { ...snippet, publishedAt: new Date(v.createdAt).toISOString(), channelId: v.owner } }
      : {}),
    ...(parts.includes("status")
      ? {
          status: {
            uploadStatus: uploadStatus(v, now),
            ...(v.status === "failed" ? { failureReason: "invalidFile" } : {}),
            privacyStatus: v.data.privacyStatus,
            license: "youtube",
            embeddable: true,
            publicStatsViewable: true,
            selfDeclaredMadeForKids: false,
          },
        }
      : {}),
    ...(parts.includes("statistics")
      ? {
          statistics: {
            viewCount: String(m.views),
            likeCount: String(m.likes),
            favoriteCount: "0",
            commentCount: String(m.comments),
          },
        }
      : {}),
  };
}

googleApis.get("/youtube/v3/videos", async (c) => {
  if (!allows(c.var.token, ...READ)) return insufficient(c);
  const parts = queryList(c, "part");
  const ids = queryList(c, "id");
  if (parts.length === 0 || ids.length === 0)
    return gError(c, 400, "missingRequiredParameter", "No filter selected. Expected one of: id, myRating, chart");
  if (ids.length > 50) return gError(c, 400, "invalidParameter", "At most 50 ids per request.");
  const found = await Promise.all(ids.map((id) => getObject(c.var.db, P, id)));
  const items = found.filter((v): v is EmuObject => v?.kind === "video").map((v) => videoResource(v, c.var.now, parts));
  return c.json({
    kind: "youtube#videoListResponse",
    etag: opaqueToken("", 8),
    items,
    pageInfo: { totalResults: items.length, resultsPerPage: items.length },
  });
});

/** videos.update: replaces the parts sent (snippet needs its title and categoryId), e.g. private → public. */
googleApis.put("/youtube/v3/videos", async (c) => {
  if (!allows(c.var.token, "youtube", "youtube.force-ssl")) return insufficient(c);
  const parts = queryList(c, "part");
  if (parts.length === 0) return gError(c, 400, "missingRequiredParameter", "The part parameter is required.");
  const resource = await jsonBody(c);
  const video = await getObject(c.var.db, P, String(resource?.id ?? ""));
  if (video?.kind !== "video")
    return gError(c, 404, "videoNotFound", "The video that you are trying to update cannot be found.");
  if (video.owner !== channelOf(c.var.token)?.id)
    return gError(c, 403, "forbidden", "The video that you are trying to update cannot be updated.");
  const problem = parts.includes("snippet")
    ? metadataProblem(resource)
    : metadataProblem({ snippet: video.data.snippet, status: resource?.status });
  if (problem) return gError(c, 400, problem[0], problem[1]);
  if (parts.includes("snippet") && !resource?.snippet?.categoryId)
    return gError(
      c,
      400,
      "invalidCategoryId",
      "The snippet.categoryId property is required when updating the snippet.",
    );
  const data = {
    ...video.data,
    ...(parts.includes("snippet") ? { snippet: { tags: [], description: "", ...resource?.snippet } } : {}),
    ...(parts.includes("status") ? { privacyStatus: resource?.status?.privacyStatus ?? "private" } : {}),
  };
  await updateObject(c.var.db, P, video.id, { data });
  return c.json(videoResource({ ...video, data }, c.var.now, parts), 200);
});

googleApis.delete("/youtube/v3/videos", async (c) => {
  if (!allows(c.var.token, "youtube", "youtube.force-ssl")) return insufficient(c);
  const video = await getObject(c.var.db, P, c.req.query("id") ?? "");
  if (video?.kind !== "video")
    return gError(c, 404, "videoNotFound", "The video identified by the <code>id</code> parameter could not be found.");
  if (video.owner !== channelOf(c.var.token)?.id)
    return gError(c, 403, "forbidden", "The video that you are trying to delete cannot be deleted.");
  await deleteObject(c.var.db, P, video.id);
  return c.body(null, 204);
});

googleApis.get("/youtube/v3/playlistItems", async (c) => {
  if (!allows(c.var.token, ...READ)) return insufficient(c);
  const channel = CHANNELS.find((ch) => uploadsPlaylist(ch.id) === c.req.query("playlistId"));
  if (!channel)
    return gError(
      c,
      404,
      "playlistNotFound",
      "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
    );
  const max = Math.min(Math.max(Number(c.req.query("maxResults") ?? 5) || 5, 0), 50);
  const videos = await listObjects(c.var.db, P, "video", channel.id, { limit: max });
  const items = videos.map((v, position) => {
    const publishedAt = new Date(v.createdAt).toISOString();
    const snippet = v.data.snippet as { title: string; description?: string };
    return {
      kind: "youtube#playlistItem",
      id: `PLI${v.id}`,
      snippet: {
        publishedAt,
        channelId: channel.id,
        title: snippet.title,
        description: snippet.description ?? "",
        playlistId: uploadsPlaylist(channel.id),
        position,
        resourceId: { kind: "youtube#video", videoId: v.id },
      },
      contentDetails: { videoId: v.id, videoPublishedAt: publishedAt },
    };
  });
  return c.json({
    kind: "youtube#playlistItemListResponse",
    items,
    pageInfo: { totalResults: items.length, resultsPerPage: max },
  });
});

googleApis.get("/youtube/v3/commentThreads", async (c) => {
  if (!allows(c.var.token, ...READ)) return insufficient(c);
  const video = await getObject(c.var.db, P, c.req.query("videoId") ?? "");
  if (video?.kind !== "video")
    return gError(
      c,
      404,
      "videoNotFound",
      "The video identified by the <code>videoId</code> parameter could not be found.",
    );
  const status = c.req.query("moderationStatus") ?? "published";
  if (!isModerationStatus(status))
    return gError(c, 400, "invalidValue", "Invalid value for the <code>moderationStatus</code> parameter.");
  if (status !== "published" && video.owner !== channelOf(c.var.token)?.id)
    return gError(c, 403, "forbidden", "The comment thread could not be retrieved due to insufficient permissions.");
  const items = (await videoComments(c.var.db, video, c.var.now, status)).map((k) => ({
    kind: "youtube#commentThread",
    id: k.id,
    snippet: {
      channelId: video.owner,
      videoId: video.id,
      topLevelComment: {
        kind: "youtube#comment",
        id: k.id,
        snippet: {
          authorDisplayName: k.author,
          textDisplay: k.text,
          textOriginal: k.text,
          publishedAt: new Date(k.createdAt).toISOString(),
          likeCount: 0,
          moderationStatus: k.status,
        },
      },
      totalReplyCount: 0,
      canReply: true,
      isPublic: true,
    },
  }));
  return c.json({
    kind: "youtube#commentThreadListResponse",
    items,
    pageInfo: { totalResults: items.length, resultsPerPage: 20 },
  });
});

/** `comments.setModerationStatus` (youtube.force-ssl): 204 once every listed comment has the status. */
googleApis.post("/youtube/v3/comments/setModerationStatus", async (c) => {
  if (!allows(c.var.token, "youtube.force-ssl")) return insufficient(c);
  const ids = (c.req.query("id") ?? "").split(",").filter(Boolean);
  const status = c.req.query("moderationStatus") ?? "";
  if (ids.length === 0 || ids.length > 50)
    return gError(c, 400, "invalidValue", "The <code>id</code> parameter must list 1 to 50 comment IDs.");
  if (!isModerationStatus(status))
    return gError(c, 400, "invalidValue", "Invalid value for the <code>moderationStatus</code> parameter.");
  if (c.req.query("banAuthor") === "true" && status !== "rejected")
    return gError(
      c,
      400,
      "banWithoutReject",
      "The <code>banAuthor</code> parameter can only be used if the <code>moderationStatus</code> parameter value is <code>rejected</code>.",
    );
  const channel = channelOf(c.var.token);
  const refused = await setModerationStatus(c.var.db, channel?.id ?? "", ids, status, c.var.now);
  if (refused) return gError(c, refused.code, refused.reason, refused.message);
  return c.body(null, 204);
});

const isModerationStatus = (s: string): s is (typeof MODERATION_STATUSES)[number] =>
  (MODERATION_STATUSES as readonly string[]).includes(s);

// ---------------------------------------------------------------- youtubeanalytics.googleapis.com

export const youtubeAnalytics = new Hono<GEnv>();
apiAuth(youtubeAnalytics);

const DAY = 86_400_000;
const REPORT_METRICS: Record<string, (m: ReturnType<typeof postMetrics>) => number> = {
  views: (m) => m.views,
  likes: (m) => m.likes,
  comments: (m) => m.comments,
  shares: (m) => m.shares,
  estimatedMinutesWatched: (m) => m.views * 2,
  subscribersGained: (m) => Math.floor(m.views / 50),
  subscribersLost: (m) => Math.floor(m.views / 400),
};

youtubeAnalytics.get("/v2/reports", async (c) => {
  // Analytics needs its own scope and, since 2024, read access to the channel too.
  if (!allows(c.var.token, "yt-analytics.readonly") || !allows(c.var.token, ...READ)) return insufficient(c);
  const q = (k: string) => c.req.query(k);
  for (const required of ["ids", "startDate", "endDate", "metrics"]) {
    if (!q(required)) return gError(c, 400, "required", `Required parameter: ${required}`, "global");
  }
  const channel = channelOf(c.var.token);
  if (!channel || (q("ids") !== "channel==MINE" && q("ids") !== `channel==${channel.id}`))
    return gError(c, 403, "forbidden", "Forbidden", "global");
  const metrics = q("metrics")!.split(",");
  const unknown = metrics.find((m) => !REPORT_METRICS[m]);
  if (unknown)
    return gError(c, 400, "badRequest", `Unknown identifier (${unknown}) given in field parameters.metrics.`, "global");
  const from = Date.parse(`${q("startDate")}T00:00:00Z`);
  const to = Math.min(Date.parse(`${q("endDate")}T00:00:00Z`) + DAY, c.var.now);
  if (Number.isNaN(from) || Number.isNaN(to))
    return gError(c, 400, "badRequest", "startDate and endDate must be YYYY-MM-DD.", "global");
  const videoFilter = q("filters")
    ?.match(/^video==(.+)$/)?.[1]
    ?.split(",");
  const videos = (await listObjects(c.var.db, P, "video", channel.id, { limit: 500 })).filter(
    (v) => !videoFilter || videoFilter.includes(v.id),
  );
  const values = (a: number, b: number) =>
    metrics.map((name) =>
      videos.reduce(
        (sum, v) =>
          sum +
          REPORT_METRICS[name]!(postMetrics(v.id, v.createdAt, b)) -
          REPORT_METRICS[name]!(postMetrics(v.id, v.createdAt, a)),
        0,
      ),
    );
  const headers = metrics.map((name) => ({ name, columnType: "METRIC", dataType: "INTEGER" }));
  if (q("dimensions") === "day") {
    const rows = [];
    for (let day = from; day < to; day += DAY)
      rows.push([new Date(day).toISOString().slice(0, 10), ...values(day, Math.min(day + DAY, to))]);
    return c.json({
      kind: "youtubeAnalytics#resultTable",
      columnHeaders: [{ name: "day", columnType: "DIMENSION", dataType: "STRING" }, ...headers],
      rows,
    });
  }
  if (q("dimensions")) return gError(c, 400, "badRequest", `Unsupported dimensions: ${q("dimensions")}`, "global");
  return c.json({
    kind: "youtubeAnalytics#resultTable",
    columnHeaders: headers,
    rows: to > from ? [values(from, to)] : [],
  });
});
