/** The things the activity log records (ADR 018); pure, so the UI's filter offers the same list. */
export const ACTIVITY_ACTIONS = [
  "created",
  "edited",
  "submitted",
  "publish_requested",
  "approved",
  "rejected",
  "published",
  "commented",
  "connected",
  "disconnected",
  "client_approved",
  "changes_requested",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
