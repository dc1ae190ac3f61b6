import type { POST_STATUSES, TARGET_STATUSES } from "../db/schema/posts";

type PostStatus = (typeof POST_STATUSES)[number];
type TargetStatus = (typeof TARGET_STATUSES)[number];

const IN_FLIGHT: TargetStatus[] = ["queued", "publishing", "unconfirmed"];

/**
 * A post's status from its targets. While any target is on its way the post is `publishing`; once all
 * are done: all published → published, some → partially_published, none → failed. A target still
 * waiting keeps the post `scheduled` (or `draft`). A post without targets keeps what the user chose.
 */
export function derivePostStatus(targets: ReadonlyArray<{ status: TargetStatus }>, intent: "draft" | "scheduled"): PostStatus {
  if (targets.length === 0) return intent;
  const statuses = targets.map((t) => t.status);
  if (statuses.some((s) => IN_FLIGHT.includes(s))) return "publishing";
  if (statuses.some((s) => s === "scheduled")) return "scheduled";
  if (statuses.some((s) => s === "draft")) return "draft";
  const published = statuses.filter((s) => s === "published").length;
  if (published === statuses.length) return "published";
  return published > 0 ? "partially_published" : "failed";
}
