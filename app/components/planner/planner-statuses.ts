/** The statuses the planner filters by (URL `?status=`), apart so the filter menu can load on its own. */
export const PLANNER_STATUSES = ["scheduled", "published", "draft", "failed"] as const;
export type PlannerStatus = (typeof PLANNER_STATUSES)[number];

/** How many choices narrow the planner: each status hidden and each channel picked (none picked: every channel). */
export function activeFilters(shown: readonly PlannerStatus[], channels: readonly string[]): number {
  return PLANNER_STATUSES.filter((s) => !shown.includes(s)).length + channels.length;
}

/** The Filters button's name: it says when something is filtered out, so an emptier calendar is not a surprise. */
export const filtersLabel = (active: number) => (active ? `Filters, ${active} active` : "Filters");
