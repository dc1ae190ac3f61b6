/**
 * The AI tools' fixed choices, apart from limits.ts's per-platform tables so the AI page's generator shows them
 * without the platform profiles (ADR 104).
 */

export const DEFAULT_CHARACTER_LIMIT = 2200;

/** SPEC §3 tone options. */
export const TONES = ["professional", "casual", "enthusiastic", "educational", "humorous", "inspirational"] as const;
export type Tone = (typeof TONES)[number];

export const AI_DEFAULTS = {
  maxLength: 280,
  hashtagCount: 10,
  mentionCount: 5,
  minHashtags: 5,
  maxHashtags: 30,
} as const;
