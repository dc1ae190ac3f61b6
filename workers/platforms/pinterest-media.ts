import { z } from "zod";
import { parseAnswer } from "./http";
import type { PinterestApi } from "./pinterest-api";
import type { ClientDeps } from "./registry";
import { PlatformError, type PublishMedia, type PublishRequest } from "./types";

/** Video processing is polled every five seconds, for up to ten minutes, before the attempt is retried later. */
const POLL_MS = 5_000;
const POLL_LIMIT = 120;

const Registered = z.object({
  media_id: z.string().min(1),
  upload_url: z.string().url(),
  upload_parameters: z.record(z.string(), z.string()),
});
const MediaStatus = z.object({ status: z.enum(["registered", "processing", "succeeded", "failed"]) });

/** `media_source` of a pin (PinMediaSource): an image by URL or as base64, or an uploaded video with a cover. */
export type MediaSource =
  | { source_type: "image_url"; url: string }
  | { source_type: "image_base64"; content_type: string; data: string }
  | { source_type: "video_id"; media_id: string; cover_image_key_frame_time: number }
  | { source_type: "multiple_image_urls"; items: Array<{ url: string }>; index: number }
  | { source_type: "multiple_image_base64"; items: Array<{ content_type: string; data: string }>; index: number };

/** PinMediaSourceImagesURL / ImagesBase64: a carousel pin holds 2 to 5 images. */
export const CAROUSEL_MAX = 5;

/** What a pin's media may be, in words pre-flight and the client share. */
export const PinMediaMessages = {
  videoAlone: "A Pinterest video pin takes one video, without images",
  carouselSize: `A Pinterest carousel takes 2 to ${CAROUSEL_MAX} images`,
} as const;

/** A video pin is one video alone (a carousel holds images only); the count of images is the profile's maxItems. */
export function pinMediaProblems(kinds: Array<"image" | "video">): string[] {
  return kinds.length > 1 && kinds.includes("video") ? [PinMediaMessages.videoAlone] : [];
}

async function base64Of(media: PublishMedia): Promise<string> {
  const bytes = new Uint8Array(await new Response(await media.open()).arrayBuffer());
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(out);
}

/**
 * An image goes by its signed link, which Pinterest fetches; a link Pinterest cannot reach (a plain-http local
 * server) sends the bytes as base64 instead (JPEG or PNG only, as the API takes them).
 */
export async function imageSource(media: PublishMedia): Promise<MediaSource> {
  if (new URL(media.url).protocol === "https:") return { source_type: "image_url", url: media.url };
  if (media.mimeType !== "image/jpeg" && media.mimeType !== "image/png")
    throw new PlatformError("permanent", "Pinterest takes an image it cannot fetch only as JPEG or PNG.", {
      platform: "pinterest",
    });
  return { source_type: "image_base64", content_type: media.mimeType, data: await base64Of(media) };
}

/**
 * A carousel: its images as `imageSource` sends each (by signed link, or as base64 when Pinterest cannot reach our
 * links; one origin, so never a mix). The first image is the one shown first (`index` 0).
 */
export async function carouselSource(images: PublishMedia[]): Promise<MediaSource> {
  const sources = await Promise.all(images.map(imageSource));
  const urls = sources.flatMap((s) => (s.source_type === "image_url" ? [{ url: s.url }] : []));
  if (urls.length === sources.length) return { source_type: "multiple_image_urls", items: urls, index: 0 };
  const items = sources.flatMap((s) =>
    s.source_type === "image_base64" ? [{ content_type: s.content_type, data: s.data }] : [],
  );
  return { source_type: "multiple_image_base64", items, index: 0 };
}

/** A registered upload's state (Media.status), or null when Pinterest no longer has it. */
export type VideoState = z.output<typeof MediaStatus>["status"] | null;

/**
 * A video's upload: register it (`POST /v5/media`) and POST the bytes to the returned upload URL with the returned
 * form fields. Answers the media id a pin names once Pinterest has processed it.
 */
export async function uploadVideo(api: PinterestApi, token: string, media: PublishMedia): Promise<string> {
  const res = await api.http.answer(api.url("/media"), Registered, {
    json: { media_type: "video" },
    headers: { Authorization: `Bearer ${token}` },
  });
  const { media_id, upload_url, upload_parameters } = res.data;
  const form = new FormData();
  for (const [k, v] of Object.entries(upload_parameters)) form.append(k, v);
  form.append("file", await new Response(await media.open()).blob(), "video");
  // The upload URL is the bucket's, signed by its form fields: no Pinterest token goes there.
  await api.http.request(upload_url, { method: "POST", body: form });
  return media_id;
}

/** `GET /v5/media/{id}`: registered → processing → succeeded | failed; null for an upload Pinterest does not have. */
export async function videoState(api: PinterestApi, token: string, mediaId: string): Promise<VideoState> {
  try {
    const status = await api.call<unknown>(token, `/media/${mediaId}`);
    return parseAnswer("pinterest", MediaStatus, status, false).status;
  } catch (err) {
    if (err instanceof PlatformError && err.details.status === 404) return null;
    throw err;
  }
}

export const processingFailed = () =>
  new PlatformError("permanent", "Pinterest could not process the video.", { platform: "pinterest" });

/** Polls the upload until Pinterest has processed it (ten minutes at most in one attempt). */
export async function videoProcessed(api: PinterestApi, deps: ClientDeps, token: string, mediaId: string) {
  for (let poll = 0; ; poll++) {
    const state = await videoState(api, token, mediaId);
    if (state === "succeeded") return;
    if (state === "failed" || state === null) throw processingFailed();
    if (poll >= POLL_LIMIT)
      throw new PlatformError("retryable", "Pinterest is still processing the video.", { platform: "pinterest" });
    await deps.sleep(POLL_MS);
  }
}

/** A video pin's media: the processed upload, its first frame as the cover. */
export const videoPin = (mediaId: string): MediaSource => ({
  source_type: "video_id",
  media_id: mediaId,
  cover_image_key_frame_time: 0,
});

/**
 * A video published in one go: uploaded, its media id recorded at once (ADR 100) so a retry or a crash waits for
 * this upload instead of sending the bytes again, then polled until processed.
 */
export async function videoSource(
  api: PinterestApi,
  deps: ClientDeps,
  token: string,
  media: PublishMedia,
  record?: PublishRequest["recordHandle"],
): Promise<MediaSource> {
  const mediaId = await uploadVideo(api, token, media);
  await record?.({ remoteId: mediaId, ready: false, expiresAt: null });
  await videoProcessed(api, deps, token, mediaId);
  return videoPin(mediaId);
}
