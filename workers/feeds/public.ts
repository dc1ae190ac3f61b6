// What the UI may use of the feeds module: client-safe schemas, constants and pure rules (ADR 079).
export { DEFAULT_TEMPLATE } from "./rules";
