import { byPlatform, type Platform } from "../platform-profile";
import { DEFAULT_CHARACTER_LIMIT } from "./tones";

export { AI_DEFAULTS, DEFAULT_CHARACTER_LIMIT, TONES, type Tone } from "./tones";

/** Pure constants and helpers (no bindings, no zod): the UI imports this module too. */

/** Per-platform limits from the platform profile, in the shapes the AI helpers and post rules read. */
export const CHARACTER_LIMITS = byPlatform((p) => p.characterLimit);
export const HASHTAG_LIMITS = byPlatform((p) => p.hashtagLimit);
export const RECOMMENDED_HASHTAGS = byPlatform((p) => p.recommendedHashtags);
export const POSTING_TIMES = byPlatform((p) => p.postingTimes);

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
