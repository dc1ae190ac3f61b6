import { TZDate } from "@date-fns/tz";
import { format, lightFormat } from "date-fns";

/**
 * Wall time in a user's IANA zone ↔ UTC instants, with @date-fns/tz. Pure: the composer and planner use
 * it too. A wall time that does not exist (the spring-forward gap, e.g. 02:30 in Berlin on 29 March
 * 2026) is moved forward by the gap, to 03:30 local time — what TZDate and most calendars do; a time
 * that occurs twice in autumn resolves as TZDate resolves it (the second, standard-time, occurrence).
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

/** The UTC instant (epoch ms) of a local date and time in `timeZone`, or null for a date that does not exist. */
export function localToUtc(localDate: string, localTime: string, timeZone: string): number | null {
  if (!LOCAL_DATE.test(localDate) || !LOCAL_TIME.test(localTime)) return null;
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  const [hh, mm] = localTime.split(":").map(Number) as [number, number];
  const at = new TZDate(y, m - 1, d, hh, mm, timeZone);
  if (Number.isNaN(at.getTime())) return null; // unknown zone
  if (at.getFullYear() !== y || at.getMonth() !== m - 1 || at.getDate() !== d) return null;
  return at.getTime();
}

/** The local date and time of an instant in `timeZone`, as the composer's pickers show them. */
export function utcToLocal(instant: number, timeZone: string): { localDate: string; localTime: string } {
  const at = new TZDate(instant, timeZone);
  // lightFormat: no locale tables, so the planner and composer that load this stay light (ADR 096).
  return { localDate: lightFormat(at, "yyyy-MM-dd"), localTime: lightFormat(at, "HH:mm") };
}

/** An instant as a reader in `timeZone` reads it, e.g. "Dec 5, 2026, 9:00 AM" (notices, emails, the bell). */
export function formatLocal(instant: number, timeZone: string): string {
  return format(new TZDate(instant, timeZone), "MMM d, yyyy, h:mm a");
}

/** The local day of an instant in `timeZone`, e.g. "Dec 5, 2026" (a mail's subject). */
export function formatLocalDay(instant: number, timeZone: string): string {
  return format(new TZDate(instant, timeZone), "MMM d, yyyy");
}

/** `formatLocal` with the zone named, e.g. "Dec 5, 2026, 9:00 AM (Europe/Berlin)": mails are read anywhere. */
export function formatZoned(instant: number, timeZone: string): string {
  return `${formatLocal(instant, timeZone)} (${timeZone})`;
}

/** Start (00:00) or end (next day's 00:00, exclusive) of a local day, as UTC epoch ms. */
export function localDayBounds(localDate: string, timeZone: string): { start: number; end: number } | null {
  const start = localToUtc(localDate, "00:00", timeZone);
  if (start === null) return null;
  const next = new TZDate(start, timeZone);
  next.setDate(next.getDate() + 1);
  return { start, end: next.getTime() };
}
