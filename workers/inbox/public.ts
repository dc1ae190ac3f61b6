// What the UI may use of the inbox module: client-safe types and pure rules (ADR 079).
export type { LiveEvent, Replying } from "./live-events";
export { fillTemplate, TEMPLATE_VARIABLES } from "./team-rules";
export type { ReplyWindow } from "./window-rules";
