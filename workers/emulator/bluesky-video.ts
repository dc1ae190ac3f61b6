import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { Db } from "../db/client";
import { emuObjects, emuTokens } from "../db/schema/emulator";
import { authed, b64url, blobId, cid, PDS_DID, PLATFORM, xrpcError } from "./bluesky";
import type { EmuEnv } from "./context";
import { createObject, findObjects, getObject, keepObject } from "./objects";
import { bearer } from "./request";

/**
 * Bluesky's video service (video.bsky.app), from the lexicons (app.bsky.video.*, com.atproto.server.getServiceAuth)
 * and docs.bsky.app's video tutorial. A client asks its PDS for a service-auth token (a JWT naming the account as
 * `iss`, the audience `aud`, the one method it may call `lxm`, and `exp`), uploads the bytes to the video service
 * with it, and polls the job (no auth) until JOB_STATE_COMPLETED carries the blob the service stored on the PDS,
 * which an app.bsky.embed.video then references. Uploading a video the account already uploaded answers 409
 * `already_exists` with that job (the service keys jobs by content), so a second upload never makes a second job.
 */

type Ctx = Context<EmuEnv>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const VIDEO_SERVICE_DID = "did:web:video.bsky.app";
/** What the service takes (bsky.social's help pages): 100 MB, 3 minutes, 25 videos or 10 GB a day per account. */
export const VIDEO_LIMITS = { maxBytes: 100_000_000, maxSeconds: 180, perDay: 25, bytesPerDay: 10_000_000_000 };
const ACCEPTED = ["video/mp4", "video/quicktime", "video/webm", "video/mpeg"];
/** Processing on the emulator clock: a fixed part and a second per MB. */
const processingMs = (size: number) => 10_000 + Math.ceil(size / 1_000_000) * 1_000;

// ---- service auth: com.atproto.server.getServiceAuth on the PDS ----

/** exp in epoch seconds: at most an hour ahead, a minute for a token bound to no method (the PDS's own rules). */
function expiryProblem(exp: number, lxm: string | null, now: number): string | null {
  const diff = exp * 1000 - now;
  if (diff < 0) return "expiration is in past";
  if (diff > HOUR_MS) return "cannot request a token with an expiration more than an hour in the future";
  if (!lxm && diff > 60_000)
    return "cannot request a method-less token with an expiration more than a minute in the future";
  return null;
}

export const blueskyServiceAuth = new Hono<EmuEnv>().get("/xrpc/com.atproto.server.getServiceAuth", async (c) => {
  const account = await authed(c, "access");
  if (account instanceof Response) return account;
  const aud = c.req.query("aud");
  const lxm = c.req.query("lxm") ?? null;
  if (!aud) return xrpcError(c, 400, "InvalidRequest", 'Error: Params must have the property "aud"');
  if (!/^did:[a-z]+:[a-zA-Z0-9._:%-]+(#[a-zA-Z0-9_-]+)?$/.test(aud))
    return xrpcError(c, 400, "InvalidRequest", "aud must be a valid atproto DID or did#serviceId reference");
  const expParam = c.req.query("exp");
  const exp = expParam === undefined ? Math.floor(c.var.now / 1000) + 60 : Number(expParam);
  if (!Number.isFinite(exp)) return xrpcError(c, 400, "InvalidRequest", "exp must be an integer");
  const bad = expiryProblem(exp, lxm, c.var.now);
  if (bad) return xrpcError(c, 400, "BadExpiration", bad);
  const header = b64url(JSON.stringify({ typ: "JWT", alg: "ES256K" }));
  const claims = { iat: Math.floor(c.var.now / 1000), iss: account.did, aud, exp, lxm, jti: crypto.randomUUID() };
  const token = `${header}.${b64url(JSON.stringify(claims))}.${b64url(crypto.getRandomValues(new Uint8Array(32)))}`;
  // Kept so the video service can tell a token the PDS signed from a forged one (it checks the DID's key).
  await c.var.db.insert(emuTokens).values({
    token,
    platform: PLATFORM,
    kind: "service",
    grant: { subject: account.did, selected: [aud] },
    scopes: lxm ?? "",
    issuedAt: c.var.now,
    expiresAt: exp * 1000,
    revokedAt: null,
  });
  return c.json({ token });
});

/** The account a service-auth bearer speaks for, when it was issued for `aud` and `lxm`; else the 401 to answer. */
async function serviceCaller(c: Ctx, aud: string, lxm: string): Promise<string | Response> {
  const token = bearer(c);
  if (!token) return xrpcError(c, 401, "AuthMissing", "Authentication Required");
  const row = await c.var.db
    .select()
    .from(emuTokens)
    .where(and(eq(emuTokens.token, token), eq(emuTokens.platform, PLATFORM), eq(emuTokens.kind, "service")))
    .get();
  if (!row) return xrpcError(c, 401, "BadJwtSignature", "jwt signature does not match jwt issuer");
  if (row.grant.selected[0] !== aud)
    return xrpcError(c, 401, "BadJwtAudience", `jwt audience does not match service did: ${aud}`);
  if (row.scopes !== lxm) return xrpcError(c, 401, "BadJwtLexiconMethod", 'bad jwt lexicon method ("lxm")');
  if (row.expiresAt !== null && row.expiresAt <= c.var.now) return xrpcError(c, 401, "JwtExpired", "jwt expired");
  return row.grant.subject;
}

// ---- the jobs ----

interface Job {
  jobId: string;
  did: string;
  /** The processed video's CID: the blob the service puts on the PDS. */
  blobCid: string;
  size: number;
  /** Why processing fails at its end (the encoder's checks), else null. */
  failure: { code: string; error: string } | null;
}

const jobObject = (jobId: string) => `bsky-video-job:${jobId}`;
const contentKey = (did: string, contentCid: string) => `bsky-video-content:${did}:${contentCid}`;

/** A job id as the service writes them (20 characters of base32hex). */
function newJobId(): string {
  const A = "0123456789abcdefghijklmnopqrstuv";
  return Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => A[b & 31]).join("");
}

/** Seconds of an MP4/QuickTime file from its movie header (mvhd), or null when there is none to read. */
export function mp4Seconds(bytes: Uint8Array): number | null {
  for (let i = 4; i + 32 <= bytes.length; i++) {
    if (bytes[i] !== 0x6d || bytes[i + 1] !== 0x76 || bytes[i + 2] !== 0x68 || bytes[i + 3] !== 0x64) continue;
    const view = new DataView(bytes.buffer, bytes.byteOffset + i);
    const v1 = view.getUint8(4) === 1;
    const scale = view.getUint32(v1 ? 24 : 16);
    const duration = v1 ? Number(view.getBigUint64(28)) : view.getUint32(20);
    return scale > 0 ? duration / scale : null;
  }
  return null;
}

/** A container the encoder reads: ISO BMFF (ftyp), WebM/Matroska, or an MPEG program stream. */
function isVideo(bytes: Uint8Array): boolean {
  const ascii = String.fromCharCode(...bytes.slice(4, 8));
  if (ascii === "ftyp") return true;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return true;
  return bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0xba;
}

function failureOf(bytes: Uint8Array): Job["failure"] {
  if (!isVideo(bytes)) return { code: "validation_failure", error: "Unsupported video format" };
  const seconds = mp4Seconds(bytes);
  if (seconds !== null && seconds > VIDEO_LIMITS.maxSeconds)
    return { code: "validation_failure", error: `Video is too long (max ${VIDEO_LIMITS.maxSeconds / 60} minutes)` };
  return null;
}

/** The account's uploads in today's (UTC) window: how many, and their bytes. */
async function usedToday(db: Db, did: string, now: number) {
  const rows = await findObjects(db, PLATFORM, "video-job", { owner: did, since: Math.floor(now / DAY_MS) * DAY_MS });
  return { videos: rows.length, bytes: rows.reduce((n, r) => n + Number((r.data as { size?: number }).size ?? 0), 0) };
}

/** The job's status on the emulator clock: created, encoding with progress, scanning, uploading, then its end. */
async function statusOf(db: Db, row: { data: unknown; createdAt: number; readyAt: number | null }, now: number) {
  const job = row.data as Job;
  const base = { jobId: job.jobId, did: job.did };
  const end = row.readyAt ?? row.createdAt;
  if (now >= end) {
    if (job.failure)
      return {
        ...base,
        state: "JOB_STATE_FAILED",
        error: job.failure.error,
        failureCode: job.failure.code,
        message: "Failed to process video",
      };
    // Done: the service has uploaded the processed video to the account's PDS.
    await keepObject(db, {
      id: blobId(job.did, job.blobCid),
      platform: PLATFORM,
      kind: "blob",
      owner: job.did,
      data: { mimeType: "video/mp4", size: job.size },
      createdAt: end,
    });
    return {
      ...base,
      state: "JOB_STATE_COMPLETED",
      progress: 100,
      blob: { $type: "blob", ref: { $link: job.blobCid }, mimeType: "video/mp4", size: job.size },
    };
  }
  const f = (now - row.createdAt) / Math.max(1, end - row.createdAt);
  const stage = f < 0.1 ? ["JOB_STATE_CREATED", 0, 0.1] : f < 0.7 ? ["JOB_STATE_ENCODING", 0.1, 0.7] : [];
  const [state, from, to] = stage.length
    ? (stage as [string, number, number])
    : f < 0.85
      ? ["JOB_STATE_SCANNING", 0.7, 0.85]
      : ["JOB_STATE_UPLOADING", 0.85, 1];
  return { ...base, state, progress: Math.floor(((f - from) / (to - from)) * 100) };
}

async function uploadLimits(c: Ctx) {
  const did = await serviceCaller(c, VIDEO_SERVICE_DID, "app.bsky.video.getUploadLimits");
  if (did instanceof Response) return did;
  const used = await usedToday(c.var.db, did, c.var.now);
  const remainingDailyVideos = Math.max(0, VIDEO_LIMITS.perDay - used.videos);
  const remainingDailyBytes = Math.max(0, VIDEO_LIMITS.bytesPerDay - used.bytes);
  const over =
    remainingDailyVideos === 0
      ? "User has exceeded daily upload videos limit"
      : remainingDailyBytes === 0
        ? "User has exceeded daily upload bytes limit"
        : null;
  return c.json({
    canUpload: over === null,
    remainingDailyVideos,
    remainingDailyBytes,
    ...(over && { error: over, message: over }),
  });
}

async function uploadVideo(c: Ctx) {
  const did = await serviceCaller(c, PDS_DID, "com.atproto.repo.uploadBlob");
  if (did instanceof Response) return did;
  // The app names the account in `did` (the lexicon has no parameters, so an SDK call may leave it out).
  const named = c.req.query("did");
  if (named !== undefined && named !== did)
    return xrpcError(c, 400, "InvalidRequest", "did parameter must match the service auth issuer");
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim();
  if (!ACCEPTED.includes(type)) return xrpcError(c, 400, "InvalidRequest", `Unsupported mime type: ${type}`);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length === 0) return xrpcError(c, 400, "InvalidRequest", "Request body is empty");
  if (bytes.length > VIDEO_LIMITS.maxBytes)
    return xrpcError(c, 400, "InvalidRequest", `Video is too large (max ${VIDEO_LIMITS.maxBytes / 1_000_000} MB)`);
  const now = c.var.now;
  const contentCid = await cid(0x55, bytes);
  const known = await getObject(c.var.db, PLATFORM, contentKey(did, contentCid));
  const earlier = known ? await getObject(c.var.db, PLATFORM, jobObject(String(known.data.jobId))) : null;
  // The same video again: its job, not a second one (unless that one failed).
  if (earlier && !(earlier.data as unknown as Job).failure) {
    const status = await statusOf(c.var.db, earlier, now);
    return c.json({ ...status, error: "already_exists", message: "Video already processed" }, 409);
  }
  const used = await usedToday(c.var.db, did, now);
  if (used.videos >= VIDEO_LIMITS.perDay)
    return xrpcError(c, 400, "InvalidRequest", "User has exceeded daily upload videos limit");
  if (used.bytes + bytes.length > VIDEO_LIMITS.bytesPerDay)
    return xrpcError(c, 400, "InvalidRequest", "User has exceeded daily upload bytes limit");
  const job: Job = { jobId: newJobId(), did, blobCid: contentCid, size: bytes.length, failure: failureOf(bytes) };
  await createObject(c.var.db, {
    id: jobObject(job.jobId),
    platform: PLATFORM,
    kind: "video-job",
    owner: did,
    data: job as unknown as Record<string, unknown>,
    createdAt: now,
    readyAt: now + processingMs(bytes.length),
  });
  // The content now names this job (a failed one is replaced by the new try).
  await c.var.db
    .insert(emuObjects)
    .values({
      id: contentKey(did, contentCid),
      platform: PLATFORM,
      kind: "video-content",
      owner: did,
      data: { jobId: job.jobId },
      createdAt: now,
    })
    .onConflictDoUpdate({ target: emuObjects.id, set: { data: { jobId: job.jobId } } });
  return c.json({ jobStatus: { jobId: job.jobId, did, state: "JOB_STATE_CREATED", progress: 0 } });
}

/** video.bsky.app: the upload needs a token for the PDS's uploadBlob (the service uploads there for the account). */
export const blueskyVideo = new Hono<EmuEnv>()
  .get("/xrpc/app.bsky.video.getUploadLimits", uploadLimits)
  .post("/xrpc/app.bsky.video.uploadVideo", uploadVideo)
  .get("/xrpc/app.bsky.video.getJobStatus", async (c) => {
    const jobId = c.req.query("jobId");
    if (!jobId) return xrpcError(c, 400, "InvalidRequest", 'Error: Params must have the property "jobId"');
    const row = await getObject(c.var.db, PLATFORM, jobObject(jobId));
    if (!row) return xrpcError(c, 400, "InvalidRequest", `job not found: ${jobId}`);
    return c.json({ jobStatus: await statusOf(c.var.db, row, c.var.now) });
  });
