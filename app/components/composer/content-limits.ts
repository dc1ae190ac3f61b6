import { DEFAULT_CHARACTER_LIMIT } from "../../../workers/ai/limits";
import type { Platform } from "../../../workers/platform-profile";
import { captionLength } from "../../../workers/posts/caption-length";
import { CHARACTER_LIMITS, captionOf, PostMessages, tightestPlatform } from "../../../workers/posts/rules";

export interface ContentCounter {
  count: number;
  max: number;
  /** The platform whose limit applies; null with no platform selected (the default limit). */
  platform: Platform | null;
  over: boolean;
}

/** The live counter: the caption (content plus listed hashtags) against the smallest selected limit. */
export function contentCounter(content: string, hashtags: string[], platforms: Platform[]): ContentCounter {
  const platform = tightestPlatform(platforms);
  const max = platform ? CHARACTER_LIMITS[platform] : DEFAULT_CHARACTER_LIMIT;
  const count = captionLength(platform, captionOf(content, hashtags));
  return { count, max, platform, over: count > max };
}

/** The account's own character limit where its server sets one (a Mastodon instance, ADR 059), else the platform's. */
export function accountCharacterLimit(platform: Platform, account?: { metadata?: Record<string, unknown> } | null) {
  const limits = account?.metadata?.limits as { maxCharacters?: unknown } | undefined;
  return typeof limits?.maxCharacters === "number" ? limits.maxCharacters : CHARACTER_LIMITS[platform];
}

/** One SPEC §5 message per selected platform whose limit the caption exceeds. */
export function platformLimitMessages(content: string, hashtags: string[], platforms: Platform[]): string[] {
  const caption = captionOf(content, hashtags);
  return platforms.flatMap((p) => {
    const count = captionLength(p, caption);
    return count > CHARACTER_LIMITS[p] ? [PostMessages.platformLimit(p, count, CHARACTER_LIMITS[p])] : [];
  });
}

/** The form's space-separated words as a list, without their # or @. */
export const words = (text: string, prefix: "#" | "@") => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .map((w) => w.replace(prefix === "#" ? /^#+/ : /^@+/, ""))
      .filter(Boolean),
  ),
];
