import { localToUtc, wallClock } from "../../../workers/posts/public";
import { type PlacedPost, placementInstant } from "../posts/post-view";

/**
 * The planner's date math (SPEC §2 Content planner), pure and zone-explicit: a calendar day is a local
 * date string "yyyy-MM-dd" in the user's IANA zone; instants are epoch milliseconds. Written on Date's UTC
 * methods and the browser's own Intl rather than a date library: the planner's first load pays for no code
 * the platform already has (bench/RESULTS.md#first-load-javascript).
 */
export const CALENDAR_VIEWS = ["month", "week", "day", "list"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DAY_MS = 86_400_000;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** A local calendar day as a date in UTC, so day arithmetic never depends on the host's zone. */
const asDate = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const asDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, n: number) => new Date(date.getTime() + n * DAY_MS);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const startOfMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const startOfWeek = (date: Date) => addDays(date, -date.getUTCDay());

/** A day in the few patterns the planner writes: EEEE/EEE (weekday), MMMM/MMM (month), d, yyyy. */
function formatDay(date: Date, pattern: string): string {
  return pattern.replace(/EEEE|EEE|MMMM|MMM|yyyy|d/g, (token) => {
    if (token === "EEEE") return WEEKDAYS[date.getUTCDay()]!;
    if (token === "EEE") return WEEKDAYS[date.getUTCDay()]!.slice(0, 3);
    if (token === "MMMM") return MONTHS[date.getUTCMonth()]!;
    if (token === "MMM") return MONTHS[date.getUTCMonth()]!.slice(0, 3);
    if (token === "yyyy") return String(date.getUTCFullYear());
    return String(date.getUTCDate());
  });
}

/** The local day of an instant in `timeZone`. */
export const dayOf = (instant: number, timeZone: string) => wallClock(instant, timeZone).localDate;

/** 42 days (6 weeks) starting on the Sunday on or before the first of the anchor's month. */
export function monthGrid(anchor: string): string[] {
  const first = startOfWeek(startOfMonth(asDate(anchor)));
  return Array.from({ length: 42 }, (_, i) => asDay(addDays(first, i)));
}

/** Sunday to Saturday of the anchor's week. */
export function weekDays(anchor: string): string[] {
  const first = startOfWeek(asDate(anchor));
  return Array.from({ length: 7 }, (_, i) => asDay(addDays(first, i)));
}

/** Every day of the anchor's month (the list view's range). */
export function monthDays(anchor: string): string[] {
  const first = startOfMonth(asDate(anchor));
  const count = daysInMonth(first.getUTCFullYear(), first.getUTCMonth());
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
  if (view === "week") return asDay(addDays(at, 7 * step));
  if (view === "day") return asDay(addDays(at, step));
  // A month on, the same day of the month, or the month's last day when it is shorter (Jan 31 → Feb 28).
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + step;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return asDay(new Date(Date.UTC(y, m, Math.min(at.getUTCDate(), daysInMonth(y, m)))));
}

/** "March 2026", or a week range "Mar 1 – 7, 2026" / "Mar 29 – Apr 4, 2026" / "Dec 27, 2026 – Jan 2, 2027". */
export function headerLabel(anchor: string, view: CalendarView): string {
  if (view === "month" || view === "list") return formatDay(asDate(anchor), "MMMM yyyy");
  if (view === "day") return formatDay(asDate(anchor), "EEEE, MMMM d, yyyy");
  const days = weekDays(anchor);
  const a = asDate(days[0]!);
  const b = asDate(days[6]!);
  if (a.getUTCFullYear() !== b.getUTCFullYear())
    return `${formatDay(a, "MMM d, yyyy")} – ${formatDay(b, "MMM d, yyyy")}`;
  if (a.getUTCMonth() !== b.getUTCMonth()) return `${formatDay(a, "MMM d")} – ${formatDay(b, "MMM d, yyyy")}`;
  return `${formatDay(a, "MMM d")} – ${formatDay(b, "d, yyyy")}`;
}

export const isSameMonth = (day: string, anchor: string) => day.slice(0, 7) === anchor.slice(0, 7);
export const dayNumber = (day: string) => Number(day.slice(8));
export const dayLabel = (day: string, pattern: string) => formatDay(asDate(day), pattern);

/** Where a post sits in the user's zone: its local day and hour. */
export function placement(post: PlacedPost, timeZone: string): { day: string; hour: number } {
  const { localDate, hour } = wallClock(placementInstant(post), timeZone);
  return { day: localDate, hour };
}

/** The local time a calendar chip shows, e.g. "9:00 AM". */
export function chipTime(post: PlacedPost, timeZone: string): string {
  const { hour, minute } = wallClock(placementInstant(post), timeZone);
  return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** Posts grouped by local day (and hour, for the week view), in time order. */
export function groupByDay<T extends PlacedPost>(posts: T[], timeZone: string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const post of [...posts].sort((a, b) => placementInstant(a) - placementInstant(b))) {
    const { day } = placement(post, timeZone);
    out.set(day, [...(out.get(day) ?? []), post]);
  }
  return out;
}

/**
 * The new UTC instant of a post dropped on `day` (and, in the week view, `hour`): its local time of day
 * is kept (the minutes, in the week view), whatever DST does between the two days. Null if that wall
 * time cannot be resolved.
 */
export function dropInstant(instant: number, timeZone: string, day: string, hour?: number): number | null {
  const local = wallClock(instant, timeZone);
  const hh = String(hour ?? local.hour).padStart(2, "0");
  const mm = String(local.minute).padStart(2, "0");
  return localToUtc(day, `${hh}:${mm}`, timeZone);
}

/**
 * The hour a week view opens at: the start of the working day (8 AM), or the week's earliest post if it is
 * earlier, so nobody lands on an empty midnight and nothing scheduled is above the fold.
 */
export function firstHourShown(postHours: number[], workdayStart = 8): number {
  return Math.min(workdayStart, ...postHours);
}
