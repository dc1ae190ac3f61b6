// What the UI may use of the ai module: client-safe schemas, constants and pure rules (ADR 079).

export { CHARACTER_LIMITS, characterCount, HASHTAG_LIMITS } from "./limits";
// From tones.ts itself: limits.ts's tables would bring the platform profiles to the AI page (ADR 104).
export { AI_DEFAULTS, DEFAULT_CHARACTER_LIMIT, TONES, type Tone } from "./tones";
