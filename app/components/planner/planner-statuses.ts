/** The statuses the planner filters by (URL `?status=`), apart so the filter menu can load on its own. */
export const PLANNER_STATUSES = ["scheduled", "published", "draft", "failed"] as const;
export type PlannerStatus = (typeof PLANNER_STATUSES)[number];
