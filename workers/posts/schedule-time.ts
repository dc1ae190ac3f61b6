/**
 * Wall time in a user's IANA zone ↔ UTC instants, with the platform's own Intl (no date library: the planner and
 * composer load this in the browser). Pure. A wall time that does not exist (the spring-forward gap, e.g. 02:30 in
 * Berlin on 29 March 2026) is moved forward by the gap, to 03:30 local time, as most calendars do; a time that
 * occurs twice in autumn resolves to its second, standard-time, occurrence.
 */

/** Part of PostMessages (rules.ts), here without its zod so the planner's drop check can name them. */
export const ScheduleMessages = {
  scheduleRequired: "Please choose a date and time to schedule this post",
  scheduleInvalid: "Please enter a valid date and time",
  schedulePast: "Schedule date cannot be in the past",
  scheduleTooFar: "Schedule date cannot be more than 2 years ahead",
} as const;

export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's wall clock in `timeZone` (hour 0–23); throws a RangeError for an unknown zone. */
export function wallClock(instant: number, timeZone: string) {
  let fmt = zoneFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    zoneFormats.set(timeZone, fmt);
  }
  const parts = fmt.formatToParts(new Date(instant));
  const num = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const [year, month, day] = [num("year"), num("month"), num("day")];
  const [hour, minute, second] = [num("hour") % 24, num("minute"), num("second")];
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    localDate: `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`,
    localTime: `${pad(hour)}:${pad(minute)}`,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

const HALF_DAY_MS = 12 * 3_600_000;

/** The UTC instant (epoch ms) of a local date and time in `timeZone`, or null for a date that does not exist. */
export function localToUtc(localDate: string, localTime: string, timeZone: string): number | null {
  if (!LOCAL_DATE.test(localDate) || !LOCAL_TIME.test(localTime)) return null;
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  const [hh, mm] = localTime.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const asDate = new Date(wall);
  if (asDate.getUTCFullYear() !== y || asDate.getUTCMonth() !== m - 1 || asDate.getUTCDate() !== d) return null;
  let before: number;
  let after: number;
  try {
    before = offsetAt(wall - HALF_DAY_MS, timeZone);
    after = offsetAt(wall + HALF_DAY_MS, timeZone);
  } catch {
    return null; // unknown zone
  }
  // The offset in force half a day either side: where they agree, or only one reads back as this wall time, that
  // one. Otherwise the time is in a gap or an overlap, and the smaller offset gives both answers chosen above.
  const fits = [before, after].filter((o) => offsetAt(wall - o, timeZone) === o);
  if (fits.length === 1 || before === after) return wall - (fits[0] ?? before);
  return wall - Math.min(before, after);
}

/** The local date and time of an instant in `timeZone`, as the composer's pickers show them. */
export function utcToLocal(instant: number, timeZone: string): { localDate: string; localTime: string } {
  const { localDate, localTime } = wallClock(instant, timeZone);
  return { localDate, localTime };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An instant as a reader in `timeZone` reads it, e.g. "Dec 5, 2026, 9:00 AM" (notices, emails, the bell). */
export function formatLocal(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const time = `${w.hour % 12 || 12}:${String(w.minute).padStart(2, "0")} ${w.hour < 12 ? "AM" : "PM"}`;
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year}, ${time}`;
}

/** Start (00:00) or end (next day's 00:00, exclusive) of a local day, as UTC epoch ms. */
export function localDayBounds(localDate: string, timeZone: string): { start: number; end: number } | null {
  const start = localToUtc(localDate, "00:00", timeZone);
  if (start === null) return null;
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const end = localToUtc(next, "00:00", timeZone);
  return end === null ? null : { start, end };
}
