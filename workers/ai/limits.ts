import type { Platform } from "../db/schema/accounts";

/** Pure constants and helpers (no bindings, no zod): the UI imports this module too. */

/** SPEC §9 character limits; threads (an option only) uses its documented 500. */
export const CHARACTER_LIMITS: Record<Platform, number> = {
  instagram: 2200,
  facebook: 63206,
  twitter: 280,
  linkedin: 3000,
  youtube: 5000,
  threads: 500,
};
export const DEFAULT_CHARACTER_LIMIT = 2200;

/** SPEC §9 hashtag limits (Instagram 30, Twitter 2, Facebook 5); the others follow platform guidance. */
export const HASHTAG_LIMITS: Record<Platform, number> = {
  instagram: 30,
  twitter: 2,
  facebook: 5,
  linkedin: 5,
  youtube: 15,
  threads: 1,
};

/** How many hashtags a generated post carries: few enough to read well, never above the limit. */
export const RECOMMENDED_HASHTAGS: Record<Platform, number> = {
  instagram: 8,
  twitter: 2,
  facebook: 3,
  linkedin: 3,
  youtube: 3,
  threads: 1,
};

export const PLATFORM_NAMES: Record<Platform, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  twitter: "Twitter",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  threads: "Threads",
};

/** SPEC §9 suggested posting times. */
export const POSTING_TIMES: Partial<Record<Platform, string[]>> = {
  instagram: ["9:00", "11:00", "13:00", "17:00", "19:00"],
  twitter: ["8:00", "12:00", "17:00", "19:00"],
  facebook: ["9:00", "13:00", "15:00", "20:00"],
};

/** SPEC §3 tone options. */
export const TONES = ["professional", "casual", "enthusiastic", "educational", "humorous", "inspirational"] as const;
export type Tone = (typeof TONES)[number];

export const AI_DEFAULTS = { maxLength: 280, hashtagCount: 10, mentionCount: 5, minHashtags: 5, maxHashtags: 30 } as const;

/** Length as the platforms count it: by code point, so an emoji is one character. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/**
 * Cuts text to at most `max` characters at a word boundary, ending with an ellipsis when something
 * was removed. Never returns more than `max` characters.
 */
export function trimToLimit(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 1) return chars.slice(0, Math.max(0, max)).join("");
  const head = chars.slice(0, max - 1).join("");
  const wholeWord = /\s/.test(chars[max - 1]!);
  const cut = wholeWord ? head.length : head.search(/\s\S*$/);
  const base = (cut > max * 0.5 ? head.slice(0, cut) : head).replace(/[\s,;:–—-]+$/u, "");
  return `${base}…`;
}

/** What our code, never the model, says about a text's fit for a platform. */
export function fitFor(text: string, platform: Platform, maxLength?: number) {
  const limit = Math.min(CHARACTER_LIMITS[platform] ?? DEFAULT_CHARACTER_LIMIT, maxLength ?? Number.POSITIVE_INFINITY);
  const content = trimToLimit(text.trim(), limit);
  const count = characterCount(content);
  return { content, characterCount: count, withinLimit: count <= limit, limit };
}
