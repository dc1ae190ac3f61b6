import { CALENDAR_VIEWS, type CalendarView } from "./calendar";
import { PLANNER_STATUSES, type PlannerStatus } from "./planner-statuses";

export interface PlannerState {
  view: CalendarView;
  /** The local day the view is built around. */
  anchor: string;
  shown: PlannerStatus[];
  /** Networks shown; empty = all. */
  channels: string[];
}

/**
 * The planner's state read from its URL (?view=&date=&status=&channel=), with the defaults for what is absent:
 * `today` is the user's local day. One reading for the loader and the page; the loader works out the days it shows
 * (`viewDays`), so the calendar's date arithmetic stays on the server (first-load budget, ADR 104).
 */
export function plannerView(params: URLSearchParams, today: string): PlannerState {
  const view = CALENDAR_VIEWS.find((v) => v === params.get("view")) ?? "month";
  const date = params.get("date");
  const anchor = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today;
  const status = params.get("status");
  const shown = status ? PLANNER_STATUSES.filter((s) => status.split(",").includes(s)) : [...PLANNER_STATUSES];
  const channels = (params.get("channel") ?? "").split(",").filter(Boolean);
  return { view, anchor, shown, channels };
}

/** The planner's URL with `patch` applied (null removes a parameter): links and navigations alike. */
export function plannerHref(params: URLSearchParams, patch: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) v === null ? next.delete(k) : next.set(k, v);
  const query = next.toString();
  return query ? `/planner?${query}` : "/planner";
}
