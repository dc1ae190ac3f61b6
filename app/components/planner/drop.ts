// Loaded at a drop, not with the planner (ADR 104): wall time → instant is the time-zone library's work.
import { TZDate } from "@date-fns/tz";
import { localToUtc } from "../../../workers/posts/public";

export { ScheduleMessages } from "../../../workers/posts/public";

/**
 * The new UTC instant of a post dropped on `day` (and, in the week view, `hour`): its local time of day
 * is kept (the minutes, in the week view), whatever DST does between the two days. Null if that wall
 * time cannot be resolved.
 */
export function dropInstant(instant: number, timeZone: string, day: string, hour?: number): number | null {
  const local = new TZDate(instant, timeZone);
  const hh = String(hour ?? local.getHours()).padStart(2, "0");
  const mm = String(local.getMinutes()).padStart(2, "0");
  return localToUtc(day, `${hh}:${mm}`, timeZone);
}
