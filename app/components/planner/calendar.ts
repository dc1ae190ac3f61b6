import { dateFormat, formatTime } from "~/lib/format";
import { type PlacedPost, placementInstant } from "../posts/post-view";

/**
 * The planner's date math (SPEC §2 Content planner), pure and zone-explicit: a calendar day is a local
 * date string "yyyy-MM-dd" in the user's IANA zone; instants are epoch milliseconds.
 */
export const CALENDAR_VIEWS = ["month", "week", "day", "list"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/**
 * A calendar day as the host's local midnight of that date: date-fns' day and month steps keep local dates whole
 * in any host zone (across its DST too), so the same day strings come out on the server and in every browser,
 * with no time-zone library in the page (ADR 104).
 */
export const asDate = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/**
 * Month and weekday names from the browser's own Intl (en-US, as the app's copy is), not date-fns' `format`: its
 * locale tables are most of the planner's date code (ADR 096). Days here are the host's local dates (asDate); day
 * numbers and years are the date's own.
 */
const NAMED = {
  "MMMM yyyy": { month: "long", year: "numeric" },
  "EEEE, MMMM d, yyyy": { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  "EEEE, MMMM d": { weekday: "long", month: "long", day: "numeric" },
  "MMMM d, yyyy": { month: "long", day: "numeric", year: "numeric" },
  "MMM d, yyyy": { month: "short", day: "numeric", year: "numeric" },
  "MMM d": { month: "short", day: "numeric" },
  EEE: { weekday: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DayPattern = keyof typeof NAMED | "EEE d";
const named = (date: Date, pattern: keyof typeof NAMED) => dateFormat("en-US", NAMED[pattern]).format(date);
export const dateText = (date: Date, pattern: DayPattern | "d, yyyy") =>
  pattern === "d, yyyy"
    ? `${date.getDate()}, ${date.getFullYear()}`
    : pattern === "EEE d"
      ? `${named(date, "EEE")} ${date.getDate()}`
      : named(date, pattern);

/**
 * Where an instant falls on the wall clock in `timeZone`: its local day ("yyyy-MM-dd"), hour (0–23) and time as
 * a calendar chip shows it ("9:00 AM"). Read with Intl, as `~/lib/format` reads the instants it shows, so the
 * planner's first load has no time-zone library (ADR 104); wall time → instant (a drop, drop.ts) stays on @date-fns/tz.
 */
function wallClock(instant: number, timeZone: string): { day: string; hour: number; time: string } {
  const read = (options: Intl.DateTimeFormatOptions) => {
    const parts = dateFormat("en-US", options, timeZone).formatToParts(instant);
    return (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  };
  const day = read({ year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" });
  return {
    day: `${day("year")}-${day("month")}-${day("day")}`,
    hour: Number(day("hour")),
    time: formatTime(instant, timeZone),
  };
}

/** The local day of an instant in `timeZone`. */
export const dayOf = (instant: number, timeZone: string) => wallClock(instant, timeZone).day;

export const isSameMonth = (day: string, anchor: string) => day.slice(0, 7) === anchor.slice(0, 7);
export const dayNumber = (day: string) => Number(day.slice(8));
export const dayLabel = (day: string, pattern: DayPattern) => dateText(asDate(day), pattern);

/** Where a post sits in the user's zone: its local day and hour. */
export function placement(post: PlacedPost, timeZone: string): { day: string; hour: number } {
  const { day, hour } = wallClock(placementInstant(post), timeZone);
  return { day, hour };
}

/** The local time a calendar chip shows, e.g. "9:00 AM". */
export function chipTime(post: PlacedPost, timeZone: string): string {
  return wallClock(placementInstant(post), timeZone).time;
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
 * The hour a week view opens at: the start of the working day (8 AM), or the week's earliest post if it is
 * earlier, so nobody lands on an empty midnight and nothing scheduled is above the fold.
 */
export function firstHourShown(postHours: number[], workdayStart = 8): number {
  return Math.min(workdayStart, ...postHours);
}
