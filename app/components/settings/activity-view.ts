import type { ActivityAction } from "../../../workers/workspaces/index";

const LABELS: Record<ActivityAction, string> = {
  created: "Created",
  edited: "Edited",
  deleted: "Deleted",
  submitted: "Submitted for approval",
  publish_requested: "Asked to publish now",
  approved: "Approved",
  rejected: "Sent back",
  published: "Published",
  commented: "Commented on",
  connected: "Connected",
  disconnected: "Disconnected",
  client_approved: "Approved by the client",
  changes_requested: "Changes asked by the client",
  workspace_created: "Created the workspace",
  archived: "Archived the workspace",
  unarchived: "Unarchived the workspace",
  settings_changed: "Changed settings",
  ownership_transferred: "Transferred ownership",
  invited: "Invited",
  invite_withdrawn: "Withdrew an invitation",
  joined: "Joined",
  role_changed: "Changed a role",
  member_removed: "Removed a member",
  left: "Left",
  link_shared: "Shared with a client",
  link_revoked: "Revoked a client link",
  webhook_added: "Added a webhook",
  webhook_changed: "Changed a webhook",
  webhook_deleted: "Deleted a webhook",
  key_created: "Created an API key",
  key_revoked: "Revoked an API key",
  retried: "Retried a channel",
  confirmed: "Confirmed a channel went out",
  media_added: "Added media",
  media_changed: "Changed media",
  media_deleted: "Deleted media",
  category_added: "Added a category",
  category_changed: "Changed a category",
  category_deleted: "Deleted a category",
  category_post_added: "Added a post to a category",
  category_post_removed: "Took a post out of a category",
  feed_added: "Added a feed",
  feed_changed: "Changed a feed",
  feed_deleted: "Deleted a feed",
  queue_changed: "Changed a queue",
  board_created: "Made a Pinterest board",
  report_scheduled: "Scheduled a report",
  report_schedule_changed: "Changed a report schedule",
  report_schedule_deleted: "Deleted a report schedule",
  report_sent: "Sent a report now",
  label_added: "Added a label",
  label_changed: "Changed a label",
  label_deleted: "Deleted a label",
  piece_added: "Saved a piece",
  piece_changed: "Changed a saved piece",
  piece_deleted: "Deleted a saved piece",
  inbox_assigned: "Assigned an inbox item",
  inbox_status_changed: "Marked an inbox item",
  inbox_replied: "Replied from the inbox",
  inbox_labelled: "Labelled inbox items",
  inbox_noted: "Added a note to an inbox item",
  inbox_drafted: "Drafted an inbox reply for approval",
  inbox_moderated: "Hid, liked or deleted a comment from the inbox",
  saved_reply_added: "Saved a reply",
  saved_reply_deleted: "Deleted a saved reply",
  inbox_rule_added: "Added an inbox rule",
  inbox_rule_deleted: "Deleted an inbox rule",
};

/** An action of the log in words ("Sent back"); an action this UI does not know yet shows as stored. */
export const activityLabel = (action: string) => LABELS[action as ActivityAction] ?? action;

type ActivityFilter = { action: string; userId: string };

function filterParams(filter: ActivityFilter, q = new URLSearchParams()) {
  if (filter.action) q.set("action", filter.action);
  if (filter.userId) q.set("userId", filter.userId);
  return q;
}

/** The CSV download's query: the filters that are set, as the table has them. */
export function activityQuery(filter: ActivityFilter): string {
  const s = filterParams(filter).toString();
  return s ? `?${s}` : "";
}

/** A page of Settings → Activity as a link (the loader reads the same parameters), so paging works without JavaScript. */
export const activityPageHref = (filter: ActivityFilter, page: number) =>
  `?${filterParams(filter, new URLSearchParams({ tab: "activity", page: String(page) }))}`;
