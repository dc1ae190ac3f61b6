// What the UI may use of the workspaces module: client-safe schemas, constants and pure rules (ADR 079).
export { ACTIVITY_ACTIONS } from "./activity-actions";
export { ApprovalMessages, needsApproval } from "./approval-rules";
export type { Mentionable } from "./mentions";
export { mentionSpans } from "./mentions";
