// What the UI may use of the pieces module: client-safe schemas, constants and pure rules (ADR 079).
export { fillTemplate, PIECE_KINDS, TEMPLATE_VARIABLES, withoutSignature, withSignature } from "./rules";
export type { Piece } from "./schemas";
