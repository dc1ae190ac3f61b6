import type { Context, Hono } from "hono";
import type { Db } from "../db/client";
import { type EmuEnv, emuSetting } from "./context";
import { numericId, opaqueToken } from "./ids";
import { createObject, type EmuObject, getObject, listObjects, updateObject } from "./objects";
import { jsonBody, selfUrl } from "./request";
import type { TikTokEnv } from "./tiktok";
import { download } from "./web";

/**
 * TikTok's Content Posting API, Direct Post (developers.tiktok.com content-posting-api-reference-direct-post, the
 * Media Transfer Guide, Get Post Status): video/init with FILE_UPLOAD (chunks checked as the guide words them) or
 * PULL_FROM_URL, photo posts through content/init, and status/fetch whose state moves with the emulator clock:
 * PROCESSING_UPLOAD or PROCESSING_DOWNLOAD, then PUBLISH_COMPLETE (after moderation for a non-private post) or FAILED.
 */
const P = "tiktok";
const MB = 1024 * 1024;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** An upload URL is valid for an hour after init. */
const UPLOAD_TTL = 60 * MINUTE;
/** Direct Post's daily cap per creator (spam_risk_too_many_posts). */
const DAILY_POSTS = 15;
const PRIVACY = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"];

export interface TikTokUser {
  openId: string;
  username: string;
  nickname: string;
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
}

type PostingContext = Context<TikTokEnv>;

/** TikTok's envelope: `error.code` is "ok" on success; `log_id` names the request in TikTok's logs. */
export function answer(c: Context, data: unknown, status = 200, code = "ok", message = "") {
  return c.json({ data, error: { code, message, log_id: opaqueToken("", 12) } }, status as 200);
}
/** `answer` with `field` a list of int64s written as bare JSON numbers, as TikTok writes them. */
function int64Answer(c: Context, field: string, digits: string[], data: Record<string, unknown>) {
  const marker = "\u0000int64\u0000";
  const text = JSON.stringify({
    data: { ...data, [field]: marker },
    error: { code: "ok", message: "", log_id: opaqueToken("", 12) },
  });
  return c.body(text.replace(JSON.stringify(marker), `[${digits.join(",")}]`), 200, {
    "Content-Type": "application/json",
  });
}
export const refuse = (c: Context, status: number, code: string, message: string) =>
  answer(c, {}, status, code, message);

/** Processing takes 5 s plus 10 s per full 10 MB; a post anyone else can see is then moderated for 30 s. */
export function publishDelayMs(bytes: number, privacy: string): number {
  return 5_000 + Math.floor(bytes / (10 * MB)) * 10_000 + (privacy === "SELF_ONLY" ? 0 : 30_000);
}

/** Where a publish is now: a finished processing counts as done whether or not anyone polled. */
export function publishState(p: EmuObject, now: number): { status: string; failReason?: string } {
  if (p.status === "FAILED") return { status: "FAILED", failReason: String(p.data.failReason) };
  if (p.readyAt !== null && now >= p.readyAt) return { status: "PUBLISH_COMPLETE" };
  if (p.readyAt === null && now > p.createdAt + UPLOAD_TTL) return { status: "FAILED", failReason: "upload_timeout" };
  return { status: p.status ?? "PROCESSING_UPLOAD" };
}

/** The creator's published posts that others can see (what the Display API lists), newest first. */
export async function publicVideos(db: Db, owner: string, now: number) {
  const rows = await listObjects(db, P, "publish", owner, { limit: 200 });
  return rows
    .filter((p) => p.data.privacy !== "SELF_ONLY" && publishState(p, now).status === "PUBLISH_COMPLETE")
    .map((p) => ({
      postId: String(p.data.postId),
      publishedAt: p.readyAt ?? p.createdAt,
      title: String(p.data.title ?? ""),
      description: String(p.data.description ?? ""),
      username: String(p.data.username),
      durationSec: Number(p.data.durationSec ?? 0),
    }));
}

/** The post settings every Direct Post is checked on: the creator's own options, the app's audit, the daily cap. */
async function postInfoProblem(c: PostingContext, info: Record<string, unknown> | undefined, video: boolean) {
  const u = c.var.user;
  const privacy = info?.privacy_level;
  if (typeof privacy !== "string" || !PRIVACY.includes(privacy))
    return refuse(c, 400, "invalid_params", "post_info.privacy_level is required.");
  if (!u.privacyLevelOptions.includes(privacy))
    return refuse(c, 400, "privacy_level_option_mismatch", "privacy_level is not one of the creator's options.");
  if (!(await emuSetting(c.var.db, "tiktokAudited")) && privacy !== "SELF_ONLY")
    return refuse(
      c,
      403,
      "unaudited_client_can_only_post_to_private_accounts",
      "Unaudited clients can only post with SELF_ONLY visibility.",
    );
  if (info?.brand_content_toggle === true && privacy === "SELF_ONLY")
    return refuse(c, 400, "invalid_params", "Branded content cannot be posted with SELF_ONLY visibility.");
  const switches: Array<[string, boolean]> = [["disable_comment", u.commentDisabled]];
  if (video) switches.push(["disable_duet", u.duetDisabled], ["disable_stitch", u.stitchDisabled]);
  for (const [field, off] of switches)
    if (off && info?.[field] === false)
      return refuse(c, 400, "invalid_params", `${field} must be true: the creator turned it off.`);
  const today = await listObjects(c.var.db, P, "publish", u.openId, { since: c.var.now - DAY, limit: 100 });
  if (today.length >= DAILY_POSTS)
    return refuse(c, 403, "spam_risk_too_many_posts", "The daily post cap for this creator has been reached.");
  return null;
}

/** FILE_UPLOAD's chunk rules (Media Transfer Guide), as the error message a developer would get. */
export function chunkProblem(size: unknown, chunk: unknown, count: unknown): string | null {
  if (![size, chunk, count].every((n) => Number.isInteger(n) && (n as number) > 0))
    return "video_size, chunk_size and total_chunk_count must be positive integers.";
  const [s, k, n] = [size as number, chunk as number, count as number];
  if (s > 4096 * MB) return "The video is larger than 4 GB.";
  if (s < 5 * MB) return k === s && n === 1 ? null : "A video under 5 MB is uploaded whole: chunk_size is video_size.";
  if (k < 5 * MB || k > 64 * MB) return "chunk_size must be between 5 MB and 64 MB.";
  if (n !== Math.floor(s / k)) return "total_chunk_count must be video_size / chunk_size, rounded down.";
  if (n > 1000) return "A video is uploaded in at most 1000 chunks.";
  if (s - (n - 1) * k > 128 * MB) return "The last chunk may hold at most 128 MB.";
  return null;
}

async function newPublish(c: PostingContext, data: Record<string, unknown>, status: string, readyAt: number | null) {
  const id = `v_pub_${data.source === "FILE_UPLOAD" ? "file" : "url"}~v2-1.${numericId(18)}`;
  await createObject(c.var.db, {
    id,
    platform: P,
    kind: "publish",
    owner: c.var.user.openId,
    status,
    readyAt,
    // Post ids are int64s sent as JSON numbers: kept below 2^53 so a JavaScript client reads them exactly.
    // TikTok's post ids are 19-digit int64s (past 2^53), as in its share URLs.
    data: { ...data, postId: numericId(19), username: c.var.user.username },
    createdAt: c.var.now,
  });
  return id;
}

export function mountPosting(app: Hono<TikTokEnv>) {
  app.post("/v2/post/publish/creator_info/query/", (c) => {
    const u = c.var.user;
    return answer(c, {
      creator_avatar_url: `https://p16.tiktokcdn.example/${u.username}.jpeg`,
      creator_username: u.username,
      creator_nickname: u.nickname,
      privacy_level_options: u.privacyLevelOptions,
      comment_disabled: u.commentDisabled,
      duet_disabled: u.duetDisabled,
      stitch_disabled: u.stitchDisabled,
      max_video_post_duration_sec: u.maxVideoPostDurationSec,
    });
  });

  app.post("/v2/post/publish/video/init/", async (c) => {
    const body = await jsonBody(c);
    const info = body?.post_info;
    const source = body?.source_info;
    const problem = await postInfoProblem(c, info, true);
    if (problem) return problem;
    if (typeof info.title === "string" && info.title.length > 2200)
      return refuse(c, 400, "invalid_params", "post_info.title is longer than 2200 characters.");
    const common = { title: info.title ?? "", privacy: info.privacy_level, mediaType: "VIDEO" };
    if (source?.source === "FILE_UPLOAD") {
      const wrong = chunkProblem(source.video_size, source.chunk_size, source.total_chunk_count);
      if (wrong) return refuse(c, 400, "invalid_params", wrong);
      const id = await newPublish(
        c,
        {
          ...common,
          source: "FILE_UPLOAD",
          videoSize: source.video_size,
          chunkSize: source.chunk_size,
          totalChunks: source.total_chunk_count,
          uploaded: 0,
        },
        "PROCESSING_UPLOAD",
        null,
      );
      const uploadUrl = selfUrl(c, "open-upload.tiktokapis.com", `/upload/?upload_id=${encodeURIComponent(id)}`);
      return answer(c, { publish_id: id, upload_url: uploadUrl });
    }
    if (source?.source === "PULL_FROM_URL") {
      const got = await download(c as unknown as Context<EmuEnv>, String(source.video_url ?? ""), "video");
      if (!got.ok && got.status === null)
        return refuse(c, 403, "url_ownership_unverified", "The video_url's domain is not verified for this app.");
      const fine = got.ok && (got.type === "video/mp4" || got.type === "video/quicktime");
      const size = got.ok ? got.size : 0;
      // The fetch is TikTok's: a link that answers an error fails the publish as video_pull_failed.
      const failReason = got.ok ? "file_format_check_failed" : "video_pull_failed";
      const id = await newPublish(
        c,
        { ...common, source: "PULL_FROM_URL", videoSize: size, ...(fine ? {} : { failReason }) },
        fine ? "PROCESSING_DOWNLOAD" : "FAILED",
        fine ? c.var.now + publishDelayMs(size, info.privacy_level) : null,
      );
      return answer(c, { publish_id: id });
    }
    return refuse(c, 400, "invalid_params", "source_info.source must be FILE_UPLOAD or PULL_FROM_URL.");
  });

  app.post("/v2/post/publish/content/init/", async (c) => {
    const body = await jsonBody(c);
    const info = body?.post_info;
    const source = body?.source_info;
    if (body?.media_type !== "PHOTO") return refuse(c, 400, "invalid_params", "media_type must be PHOTO.");
    if (body?.post_mode !== "DIRECT_POST" && body?.post_mode !== "MEDIA_UPLOAD")
      return refuse(c, 400, "invalid_params", "post_mode must be DIRECT_POST or MEDIA_UPLOAD.");
    const problem = await postInfoProblem(c, info, false);
    if (problem) return problem;
    if (String(info.title ?? "").length > 90)
      return refuse(c, 400, "invalid_params", "post_info.title is longer than 90 characters.");
    if (String(info.description ?? "").length > 4000)
      return refuse(c, 400, "invalid_params", "post_info.description is longer than 4000 characters.");
    const images: unknown = source?.photo_images;
    if (source?.source !== "PULL_FROM_URL" || !Array.isArray(images) || images.length < 1 || images.length > 35)
      return refuse(c, 400, "invalid_params", "source_info takes PULL_FROM_URL with 1 to 35 photo_images.");
    let bytes = 0;
    let failReason: string | null = null;
    for (const url of images) {
      const got = await download(c as unknown as Context<EmuEnv>, String(url), "image");
      if (!got.ok && got.status === null)
        return refuse(c, 403, "url_ownership_unverified", "A photo URL's domain is not verified for this app.");
      // Photos are JPEG or WebP only; anything else fails in processing, as TikTok reports it.
      if (!got.ok || (got.type !== "image/jpeg" && got.type !== "image/webp"))
        failReason ??= "file_format_check_failed";
      else bytes += got.size;
    }
    const id = await newPublish(
      c,
      {
        title: info.title ?? "",
        description: info.description ?? "",
        privacy: info.privacy_level,
        mediaType: "PHOTO",
        source: "PULL_FROM_URL",
        photos: images.length,
        ...(failReason ? { failReason } : {}),
      },
      failReason ? "FAILED" : "PROCESSING_DOWNLOAD",
      failReason ? null : c.var.now + publishDelayMs(bytes, info.privacy_level),
    );
    return answer(c, { publish_id: id });
  });

  app.post("/v2/post/publish/status/fetch/", async (c) => {
    const id = (await jsonBody(c))?.publish_id;
    const p = typeof id === "string" ? await getObject(c.var.db, P, id) : null;
    if (p?.kind !== "publish" || p.owner !== c.var.user.openId)
      return refuse(c, 400, "invalid_params", "publish_id is invalid or does not belong to the user.");
    const state = publishState(p, c.var.now);
    const done = state.status === "PUBLISH_COMPLETE";
    // Only a post others can see gets a public id, once moderation is through. The field is list<int64>: the ids
    // go out as JSON numbers digit for digit, which JSON.stringify cannot write from a JS number.
    const ids = done && p.data.privacy !== "SELF_ONLY" ? [String(p.data.postId)] : [];
    return int64Answer(c, "publicaly_available_post_id", ids, {
      status: state.status,
      ...(state.failReason ? { fail_reason: state.failReason } : {}),
      uploaded_bytes: Number(p.data.uploaded ?? 0),
      downloaded_bytes: p.data.source === "PULL_FROM_URL" && done ? Number(p.data.videoSize ?? 0) : 0,
    });
  });
}

/** open-upload.tiktokapis.com: the chunks of a FILE_UPLOAD, each with its Content-Range, strictly in order. */
export function mountUpload(app: Hono<EmuEnv>) {
  app.put("/upload/", async (c) => {
    const id = c.req.query("upload_id") ?? "";
    const p = await getObject(c.var.db, P, id);
    if (p?.kind !== "publish" || p.data.source !== "FILE_UPLOAD")
      return refuse(c, 404, "invalid_params", "The upload URL is not valid.");
    if (publishState(p, c.var.now).status !== "PROCESSING_UPLOAD")
      return refuse(c, 403, "invalid_params", "This upload is finished or has expired.");
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(c.req.header("Content-Range") ?? "");
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const [size, chunk, total, uploaded] = [
      p.data.videoSize,
      p.data.chunkSize,
      p.data.totalChunks,
      p.data.uploaded,
    ].map(Number) as [number, number, number, number];
    const index = Math.round(uploaded / chunk);
    const last = index === total - 1;
    const expected = last ? size - uploaded : chunk;
    if (!range || Number(range[3]) !== size)
      return refuse(c, 400, "invalid_params", "Content-Range must be bytes {first}-{last}/{video_size}.");
    if (Number(range[1]) !== uploaded)
      return refuse(c, 416, "invalid_params", `Chunks are uploaded in order: the next starts at byte ${uploaded}.`);
    if (Number(range[2]) - Number(range[1]) + 1 !== expected || bytes.length !== expected)
      return refuse(c, 400, "invalid_params", `This chunk must hold ${expected} bytes.`);
    const done = uploaded + bytes.length;
    await updateObject(c.var.db, P, id, {
      data: { ...p.data, uploaded: done },
      readyAt: last ? c.var.now + publishDelayMs(size, String(p.data.privacy)) : null,
    });
    return c.body(null, last ? 201 : 206);
  });
}
