import type { Platform } from "../platform-profile";
import type { ContentType } from "./aggregate";

export interface MediaInfo {
  kind: "image" | "video";
  durationSec?: number | null;
}

/** The content type of a published target, from its post's media (none: text, or video on YouTube). */
export function contentTypeOf(input: {
  platform: Platform;
  media: MediaInfo[] | null;
  format?: string | null;
}): ContentType {
  if (input.format === "story" || input.format === "reel") return input.format;
  const media = input.media ?? [];
  if (media.length === 0) return input.platform === "youtube" ? "video" : "text";
  if (media.length > 1) return "carousel";
  const [only] = media;
  if (only!.kind === "image") return "single_image";
  if (input.platform === "instagram" && (only!.durationSec ?? Infinity) <= 90) return "reel";
  return "video";
}
