// What the UI may use of the queue module: client-safe schemas, constants and pure rules (ADR 079).

export type { Slot } from "./slots";
export { normalizeSlots, WEEKDAY_NAMES, WEEKDAYS } from "./slots";
