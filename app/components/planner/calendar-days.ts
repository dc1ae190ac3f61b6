import { addDays, addMonths, addWeeks, endOfMonth, formatISO, startOfMonth, startOfWeek } from "date-fns";
import { asDate, type CalendarView, dateText } from "./calendar";

/*
 * The planner's day arithmetic: the days a view shows, the period before or after, the view's title. The loader
 * runs it (and the week grid, loaded with its view), so the planner's first load carries no date library (ADR 104).
 */

const asDay = (date: Date) => formatISO(date, { representation: "date" });

/** 42 days (6 weeks) starting on the Sunday on or before the first of the anchor's month. */
export function monthGrid(anchor: string): string[] {
  const first = startOfWeek(startOfMonth(asDate(anchor)), { weekStartsOn: 0 });
  return Array.from({ length: 42 }, (_, i) => asDay(addDays(first, i)));
}

/** Sunday to Saturday of the anchor's week. */
export function weekDays(anchor: string): string[] {
  const first = startOfWeek(asDate(anchor), { weekStartsOn: 0 });
  return Array.from({ length: 7 }, (_, i) => asDay(addDays(first, i)));
}

/** Every day of the anchor's month (the list view's range). */
export function monthDays(anchor: string): string[] {
  const first = startOfMonth(asDate(anchor));
  const count = endOfMonth(first).getDate();
  return Array.from({ length: count }, (_, i) => asDay(addDays(first, i)));
}

/** The days a view shows: the month grid, the week, the one day, or the month as a list. */
export function viewDays(anchor: string, view: CalendarView): string[] {
  if (view === "month") return monthGrid(anchor);
  if (view === "week") return weekDays(anchor);
  if (view === "day") return [anchor];
  return monthDays(anchor);
}

/** The anchor one period (month, week or day) before (-1) or after (+1). */
export function shiftAnchor(anchor: string, view: CalendarView, step: -1 | 1): string {
  const at = asDate(anchor);
  if (view === "week") return asDay(addWeeks(at, step));
  if (view === "day") return asDay(addDays(at, step));
  return asDay(addMonths(at, step));
}

/** "March 2026", or a week range "Mar 1 – 7, 2026" / "Mar 29 – Apr 4, 2026" / "Dec 27, 2026 – Jan 2, 2027". */
export function headerLabel(anchor: string, view: CalendarView): string {
  if (view === "month" || view === "list") return dateText(asDate(anchor), "MMMM yyyy");
  if (view === "day") return dateText(asDate(anchor), "EEEE, MMMM d, yyyy");
  const days = weekDays(anchor);
  const a = asDate(days[0]!);
  const b = asDate(days[6]!);
  if (a.getFullYear() !== b.getFullYear()) return `${dateText(a, "MMM d, yyyy")} – ${dateText(b, "MMM d, yyyy")}`;
  if (a.getMonth() !== b.getMonth()) return `${dateText(a, "MMM d")} – ${dateText(b, "MMM d, yyyy")}`;
  return `${dateText(a, "MMM d")} – ${dateText(b, "d, yyyy")}`;
}
