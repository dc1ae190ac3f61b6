import type { Context, Hono } from "hono";
import { Hono as HonoApp } from "hono";
import type { EmuEnv } from "./context";
import { numericId, opaqueToken } from "./ids";
import { createObject, type EmuObject, getObject, listObjects, updateObject } from "./objects";
import { missingScope, P, type PinEnv, pinError } from "./pinterest-shared";
import { multipartParts, selfUrl, sniffImage } from "./request";
import { download } from "./web";

/**
 * Pinterest's media: `POST /v5/media` registers a video upload and answers where to POST it (an S3 bucket, with
 * the form fields of a signed POST policy); the bytes go there as multipart `file`; `GET /v5/media/{id}` reports
 * registered → processing → succeeded | failed; a pin then names it as `media_source.video_id`. Images come by
 * URL (Pinterest fetches them) or as base64 in the pin itself.
 */
export const PIN_UPLOAD_HOST = "pinterest-media-upload.s3-accelerate.amazonaws.com";
const MB = 1024 * 1024;
/** help.pinterest.com video specs: up to 2 GB; images up to 20 MB. */
const VIDEO_MAX = 2048 * MB;
const IMAGE_MAX = 20 * MB;
/** Processing on the emulator clock: ten seconds, plus a minute per full 10 MB. */
export const videoProcessingMs = (bytes: number) => 10_000 + Math.floor(bytes / (10 * MB)) * 60_000;

function statusOf(m: EmuObject, now: number): string {
  if (m.status === "processing" && m.readyAt !== null && now >= m.readyAt) return "succeeded";
  return m.status ?? "registered";
}

export function mountMediaRoutes(api: Hono<PinEnv>) {
  api.post("/v5/media", async (c) => {
    const denied = missingScope(c, "pins:write");
    if (denied) return denied;
    const body = (await c.req.json().catch(() => null)) as { media_type?: unknown } | null;
    if (body?.media_type !== "video") return pinError(c, 400, 1, "Invalid request: media_type must be video.");
    const id = numericId(19);
    const params = {
      "x-amz-date": new Date(c.var.now).toISOString().replace(/[-:]|\.\d{3}/g, ""),
      "x-amz-signature": opaqueToken("", 32),
      "x-amz-security-token": opaqueToken("IQoJ", 24),
      "x-amz-algorithm": "AWS4-HMAC-SHA256",
      key: `uploads/${id.slice(0, 2)}/${id.slice(2, 4)}/${c.var.user.id}:video:${id}`,
      policy: btoa(JSON.stringify({ expiration: new Date(c.var.now + 3600_000).toISOString() })),
      "x-amz-credential": "EMULATOR/us-east-1/s3/aws4_request",
      "Content-Type": "multipart/form-data",
    };
    await createObject(c.var.db, {
      id,
      platform: P,
      kind: "media",
      owner: c.var.user.id,
      status: "registered",
      data: { params },
      createdAt: c.var.now,
    });
    return c.json(
      { media_id: id, media_type: "video", upload_url: selfUrl(c, PIN_UPLOAD_HOST, "/"), upload_parameters: params },
      201,
    );
  });

  api.get("/v5/media/:media_id", async (c) => {
    const denied = missingScope(c, "pins:read");
    if (denied) return denied;
    const m = await getObject(c.var.db, P, c.req.param("media_id"));
    if (m?.kind !== "media" || m.owner !== c.var.user.id) return pinError(c, 404, 50, "Media upload not found.");
    return c.json({ media_id: m.id, media_type: "video", status: statusOf(m, c.var.now) });
  });

  api.get("/v5/media", async (c) => {
    const denied = missingScope(c, "pins:read");
    if (denied) return denied;
    const items = await listObjects(c.var.db, P, "media", c.var.user.id, { limit: 25 });
    return c.json({
      items: items.map((m) => ({ media_id: m.id, media_type: "video", status: statusOf(m, c.var.now) })),
      bookmark: null,
    });
  });
}

/** S3's answer to a refused POST upload: XML with a Code and a Message. */
const s3Error = (c: Context, status: number, code: string, message: string) =>
  c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`, {
    status: status as 400,
    headers: { "Content-Type": "application/xml" },
  });

/** The upload bucket: a browser-style POST of the policy's fields and `file`; 204 No Content when stored. */
export const pinterestUploads = new HonoApp<EmuEnv>();

// The bucket's root (`upload_url` ends in "/"), however the host's mount point leaves the path.
pinterestUploads.post("*", async (c) => {
  const parts = await multipartParts(c.req.raw).catch(() => null);
  if (!parts)
    return s3Error(c, 400, "MalformedPOSTRequest", "The body of your POST request is not multipart/form-data.");
  const field = (name: string) => {
    const p = parts.find((x) => x.name === name && !x.filename);
    return p ? new TextDecoder().decode(p.bytes) : null;
  };
  const key = field("key") ?? "";
  const mediaId = key.split(":video:")[1] ?? "";
  const media = await getObject(c.var.db, P, mediaId);
  const params = (media?.data.params ?? {}) as Record<string, string>;
  if (media?.kind !== "media" || params.key !== key)
    return s3Error(c, 403, "AccessDenied", "Invalid according to Policy: Policy Condition failed: key");
  for (const name of ["policy", "x-amz-signature", "x-amz-credential", "x-amz-date", "x-amz-algorithm"])
    if (field(name) !== params[name])
      return s3Error(c, 403, "AccessDenied", `Invalid according to Policy: Policy Condition failed: ${name}`);
  if (media.status !== "registered")
    return s3Error(c, 403, "AccessDenied", "Invalid according to Policy: the upload was already made.");
  const file = parts.find((p) => p.name === "file");
  if (!file || file.bytes.length === 0)
    return s3Error(c, 400, "InvalidArgument", "POST requires exactly one file upload per request.");
  if (file.bytes.length > VIDEO_MAX)
    return s3Error(c, 400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size");
  // Pinterest reads the bytes: anything but an MP4/MOV container fails in processing.
  const isVideo = String.fromCharCode(...file.bytes.subarray(4, 8)) === "ftyp";
  await updateObject(c.var.db, P, media.id, {
    status: isVideo ? "processing" : "failed",
    readyAt: c.var.now + videoProcessingMs(file.bytes.length),
    data: { ...media.data, size: file.bytes.length },
  });
  return c.body(null, 204);
});

type MediaSource =
  | { kind: "image" | "video" | "carousel"; json: Record<string, unknown> }
  | { problem: string; status: number; code: number };

const bad = (problem: string, status = 400, code = 1): MediaSource => ({ problem, status, code });
/** PinMediaSourceImagesURL / ImagesBase64: a carousel has 2 to 5 images. */
const CAROUSEL_MIN = 2;
const CAROUSEL_MAX = 5;

async function image(c: Context<PinEnv>, url: unknown): Promise<MediaSource | { url: string }> {
  if (typeof url !== "string") return bad("Invalid request: url is required.");
  const got = await download(c, url, "image");
  if (!got.ok || !got.type?.startsWith("image/")) return bad("Sorry we could not fetch the image.");
  if (got.size > IMAGE_MAX) return bad("The image is too large: images may be up to 20 MB.");
  return { url };
}

/** An image sent in the request (content_type and base64 data), checked as Pinterest reads it. */
function base64Image(s: Record<string, unknown>): MediaSource | null {
  if (s.content_type !== "image/jpeg" && s.content_type !== "image/png")
    return bad("Invalid request: content_type must be image/jpeg or image/png.");
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(String(s.data ?? "")), (ch) => ch.charCodeAt(0));
  } catch {
    return bad("Invalid request: data must be base64.");
  }
  if (sniffImage(bytes) !== s.content_type) return bad("Sorry, the image data does not match its content_type.");
  if (bytes.length > IMAGE_MAX) return bad("The image is too large: images may be up to 20 MB.");
  return null;
}

/** A carousel's items, each an image by URL or as base64 with its own title, description and link. */
async function carousel(c: Context<PinEnv>, s: Record<string, unknown>, byUrl: boolean): Promise<MediaSource> {
  const items = s.items;
  if (!Array.isArray(items) || items.length < CAROUSEL_MIN || items.length > CAROUSEL_MAX)
    return bad(`Invalid request: media_source.items must hold ${CAROUSEL_MIN} to ${CAROUSEL_MAX} images.`);
  const out: Record<string, unknown>[] = [];
  for (const raw of items) {
    const item = (raw ?? {}) as Record<string, unknown>;
    if (byUrl) {
      const got = await image(c, item.url);
      if (!("url" in got)) return got;
    } else {
      const wrong = base64Image(item);
      if (wrong) return wrong;
    }
    const { title = null, description = null, link = null } = item;
    out.push({ title, description, link, images: { "1200x": byUrl ? { url: item.url } : { width: null } } });
  }
  const index = typeof s.index === "number" && s.index >= 0 && s.index < out.length ? s.index : 0;
  return { kind: "carousel", json: { media_type: "multiple_images", items: out, index } };
}

/** The pin's media from its `media_source` (PinMediaSource), or the problem Pinterest answers with. */
export async function mediaSourceProblem(c: Context<PinEnv>, src: unknown): Promise<MediaSource> {
  if (!src || typeof src !== "object") return bad("Invalid request: media_source is required.");
  const s = src as Record<string, unknown>;
  switch (s.source_type) {
    case "image_url": {
      const got = await image(c, s.url);
      return "url" in got
        ? { kind: "image", json: { media_type: "image", images: { "1200x": { url: got.url } } } }
        : got;
    }
    case "image_base64":
      return (
        base64Image(s) ?? {
          kind: "image",
          json: { media_type: "image", images: { "1200x": { width: null, height: null } } },
        }
      );
    case "multiple_image_urls":
      return carousel(c, s, true);
    case "multiple_image_base64":
      return carousel(c, s, false);
    case "video_id": {
      const m = await getObject(c.var.db, P, String(s.media_id ?? ""));
      if (m?.kind !== "media" || m.owner !== c.var.user.id) return bad("Media upload not found.", 404, 50);
      const status = statusOf(m, c.var.now);
      if (status === "failed") return bad("The video failed to process: upload an MP4 or MOV file.");
      if (status !== "succeeded") return bad(`The video is not ready yet: its status is ${status}.`);
      let cover: string | null = null;
      if (s.cover_image_url !== undefined) {
        const got = await image(c, s.cover_image_url);
        if (!("url" in got)) return got;
        cover = got.url;
      } else if (s.cover_image_data === undefined && typeof s.cover_image_key_frame_time !== "number")
        // (inferred) a video Pin needs a cover: an image, its data or a key frame of the video.
        return bad(
          "Invalid request: a video Pin needs cover_image_url, cover_image_data or cover_image_key_frame_time.",
        );
      return { kind: "video", json: { media_type: "video", cover_image_url: cover, media_id: m.id } };
    }
    default:
      return bad(`Invalid request: media_source.source_type ${String(s.source_type)} is not accepted here.`);
  }
}
