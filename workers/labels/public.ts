// What the UI may use of the labels module: client-safe schemas, constants and pure rules (ADR 079).
export { LABEL_COLOURS, LabelMessages, MAX_LABELS_PER_POST } from "./rules";
export type { Label } from "./schemas";
export { labelBody } from "./schemas";
