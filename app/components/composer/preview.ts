import type { Platform } from "../../../workers/db/schema/accounts";

/**
 * How each network shows a caption in its feed: where it cuts with a "more" link, and the frame it
 * gives media. Pure. The cut points are the networks' feed truncations (approximate, by characters).
 */
export const MORE_AT: Record<Platform, number | null> = {
  instagram: 125,
  facebook: 477,
  twitter: null,
  linkedin: 210,
  youtube: 100,
  threads: null,
};

/** Tailwind aspect class of the media frame per network. */
export const MEDIA_FRAME: Record<Platform, string> = {
  instagram: "aspect-[4/5]",
  facebook: "aspect-[1.91/1]",
  twitter: "aspect-video",
  linkedin: "aspect-[1.91/1]",
  youtube: "aspect-video",
  threads: "aspect-square",
};

/** The caption as the feed shows it before "more": cut at the last space before the limit. */
export function feedCaption(caption: string, platform: Platform): { shown: string; truncated: boolean } {
  const at = MORE_AT[platform];
  const chars = [...caption];
  if (at === null || chars.length <= at) return { shown: caption, truncated: false };
  const head = chars.slice(0, at).join("");
  const space = head.lastIndexOf(" ");
  return { shown: (space > at * 0.6 ? head.slice(0, space) : head).trimEnd(), truncated: true };
}
