/** The things the activity log records (ADR 018); pure, so the UI's filter offers the same list. */
export const ACTIVITY_ACTIONS = [
  "created",
  "edited",
  "deleted",
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
  "workspace_created",
  "archived",
  "unarchived",
  "settings_changed",
  "ownership_transferred",
  "invited",
  "invite_withdrawn",
  "joined",
  "role_changed",
  "member_removed",
  "left",
  "link_shared",
  "link_revoked",
  "webhook_added",
  "webhook_changed",
  "webhook_deleted",
  "key_created",
  "key_revoked",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What an entry was about: `subjectId` names one of these. */
export type ActivitySubject =
  | "post"
  | "account"
  | "workspace"
  | "member"
  | "invite"
  | "share_link"
  | "webhook"
  | "api_key";
