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
  "retried",
  "confirmed",
  "media_added",
  "media_changed",
  "media_deleted",
  "category_added",
  "category_changed",
  "category_deleted",
  "category_post_added",
  "category_post_removed",
  "feed_added",
  "feed_changed",
  "feed_deleted",
  "queue_changed",
  "board_created",
  "report_scheduled",
  "report_schedule_changed",
  "report_schedule_deleted",
  "report_sent",
  "label_added",
  "label_changed",
  "label_deleted",
  "piece_added",
  "piece_changed",
  "piece_deleted",
  "inbox_assigned",
  "inbox_status_changed",
  "inbox_replied",
  "inbox_labelled",
  "inbox_noted",
  "inbox_drafted",
  "inbox_moderated",
  "saved_reply_added",
  "saved_reply_deleted",
  "inbox_rule_added",
  "inbox_rule_deleted",
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
  | "api_key"
  | "media"
  | "category"
  | "feed"
  | "report_schedule"
  | "label"
  | "piece"
  | "inbox_item"
  | "inbox_saved_reply"
  | "inbox_rule";
