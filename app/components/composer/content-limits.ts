import { DEFAULT_CHARACTER_LIMIT } from "../../../workers/ai/public";
import type { Platform } from "../../../workers/platform-profile";
import { CHARACTER_LIMITS, captionLength, captionOf, PostMessages } from "../../../workers/posts/public";

export interface ContentCounter {
  count: number;
  max: number;
  /** The platform whose limit applies; null with no platform selected (the default limit). */
  platform: Platform | null;
  over: boolean;
}

type LimitOf = (platform: Platform) => number;
const platformLimit: LimitOf = (p) => CHARACTER_LIMITS[p];

/**
 * The live counter: the caption (content plus listed hashtags) against the smallest selected limit. `limitOf`
 * gives a platform's limit for the chosen accounts (a Mastodon instance's own, `selectedLimit`).
 */
export function contentCounter(
  content: string,
  hashtags: string[],
  platforms: Platform[],
  limitOf: LimitOf = platformLimit,
): ContentCounter {
  const platform = platforms.reduce<Platform | null>(
    (best, p) => (best === null || limitOf(p) < limitOf(best) ? p : best),
    null,
  );
  const max = platform ? limitOf(platform) : DEFAULT_CHARACTER_LIMIT;
  const count = captionLength(platform, captionOf(content, hashtags));
  return { count, max, platform, over: count > max };
}

/**
 * The account's own character limit where its server sets one (a Mastodon instance, ADR 059), else the platform's
 * (`fallback`: for a photo post, TikTok's longer description).
 */
export function accountCharacterLimit(
  platform: Platform,
  account?: { metadata?: Record<string, unknown> } | null,
  fallback = CHARACTER_LIMITS[platform],
) {
  const limits = account?.metadata?.limits as { maxCharacters?: unknown } | undefined;
  return typeof limits?.maxCharacters === "number" ? limits.maxCharacters : fallback;
}

/** One SPEC §5 message per selected platform whose limit the caption exceeds. */
export function platformLimitMessages(
  content: string,
  hashtags: string[],
  platforms: Platform[],
  limitOf: LimitOf = platformLimit,
): string[] {
  const caption = captionOf(content, hashtags);
  return platforms.flatMap((p) => {
    const count = captionLength(p, caption);
    return count > limitOf(p) ? [PostMessages.platformLimit(p, count, limitOf(p))] : [];
  });
}

/** A platform's limit for the chosen accounts: the smallest of their own (Mastodon instances), else the platform's. */
export function selectedLimit(
  platform: Platform,
  accountIds: string[],
  accounts: Array<{ id: string; metadata?: Record<string, unknown> }>,
  fallback = CHARACTER_LIMITS[platform],
): number {
  const chosen = accounts.filter((a) => accountIds.includes(a.id));
  return chosen.length ? Math.min(...chosen.map((a) => accountCharacterLimit(platform, a, fallback))) : fallback;
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
