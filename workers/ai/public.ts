// What the UI may use of the ai module: client-safe schemas, constants and pure rules (ADR 079).

export type { Tone } from "./limits";
export {
  AI_DEFAULTS,
  CHARACTER_LIMITS,
  characterCount,
  DEFAULT_CHARACTER_LIMIT,
  HASHTAG_LIMITS,
  TONES,
} from "./limits";
