import { byPlatform, type Platform } from "../../../workers/platform-profile";

/**
 * How each network shows a caption in its feed: where it cuts with a "more" link, and the frame it
 * gives media. Pure. The cut points are the networks' feed truncations (approximate, by characters).
 */
export const MORE_AT = byPlatform((p) => p.moreAt);

/** Tailwind aspect class of the media frame per network. */
export const MEDIA_FRAME: Record<Platform, string> = {
  instagram: "aspect-[4/5]",
  facebook: "aspect-[1.91/1]",
  twitter: "aspect-video",
  linkedin: "aspect-[1.91/1]",
  youtube: "aspect-video",
  threads: "aspect-square",
  bluesky: "aspect-video",
  mastodon: "aspect-video",
  tiktok: "aspect-[9/16]",
  google_business: "aspect-[4/3]",
  // Pinterest's standard pin is 2:3.
  pinterest: "aspect-[2/3]",
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
