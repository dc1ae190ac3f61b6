// What the UI may use of the ai module: client-safe schemas, constants and pure rules (ADR 079).

export type { Tone } from "./limits";
export { AI_DEFAULTS, DEFAULT_CHARACTER_LIMIT, TONES } from "./limits";
