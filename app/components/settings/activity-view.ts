import type { ActivityAction } from "../../../workers/workspaces/activity-actions";

const LABELS: Record<ActivityAction, string> = {
  created: "Created",
  edited: "Edited",
  submitted: "Submitted for approval",
  publish_requested: "Asked to publish now",
  approved: "Approved",
  rejected: "Sent back",
  published: "Published",
  commented: "Commented on",
  connected: "Connected",
  disconnected: "Disconnected",
};

/** An action of the log in words ("Sent back"); an action this UI does not know yet shows as stored. */
export const activityLabel = (action: string) => LABELS[action as ActivityAction] ?? action;

/** The query both the table and its CSV take: a page, and the filters that are set. */
export function activityQuery(filter: { action: string; userId: string }, page?: number): string {
  const q = new URLSearchParams();
  if (page !== undefined) q.set("page", String(page));
  if (filter.action) q.set("action", filter.action);
  if (filter.userId) q.set("userId", filter.userId);
  const s = q.toString();
  return s ? `?${s}` : "";
}
