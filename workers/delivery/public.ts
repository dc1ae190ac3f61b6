// What the UI may use of the delivery module: client-safe schemas, constants and pure rules (ADR 079).
export { editLock } from "./edit-lock";
