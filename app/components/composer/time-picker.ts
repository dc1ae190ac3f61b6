import { addHours } from "date-fns";
import { localToUtc, utcToLocal } from "../../../workers/posts/public";

/** The composer's 12-hour time picker (hour 1-12, minute 00-59, AM/PM) and schedule defaults. Pure. */
export type Period = "AM" | "PM";
export interface Time12 {
  hour: number;
  minute: string;
  period: Period;
}

export const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);
export const MINUTES = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));

/** "HH:mm" (24 h) → 12-hour parts. */
export function to12h(time: string): Time12 {
  const [h, minute] = time.split(":") as [string, string];
  const hours = Number(h);
  return { hour: hours % 12 === 0 ? 12 : hours % 12, minute, period: hours < 12 ? "AM" : "PM" };
}

/** 12-hour parts → "HH:mm" (24 h): 12 AM is 00, 12 PM is 12. */
export function from12h({ hour, minute, period }: Time12): string {
  const hours = (hour % 12) + (period === "PM" ? 12 : 0);
  return `${String(hours).padStart(2, "0")}:${minute}`;
}

/** SPEC §9: a new schedule defaults to now plus one hour, as local date and time in the user's zone. */
export function defaultSchedule(now: number, timeZone: string): { localDate: string; localTime: string } {
  return utcToLocal(addHours(now, 1).getTime(), timeZone);
}

/** A day picked on the planner keeps the default time of day, or now + 1 h when that day is today. */
export function scheduleOnDay(day: string, now: number, timeZone: string): { localDate: string; localTime: string } {
  const fallback = defaultSchedule(now, timeZone);
  const at = localToUtc(day, fallback.localTime, timeZone);
  return at !== null && at > now ? { localDate: day, localTime: fallback.localTime } : fallback;
}

/** True when a local date and time in `timeZone` lies before `now` (or does not exist). */
export function isPast(localDate: string, localTime: string, timeZone: string, now: number): boolean {
  const at = localToUtc(localDate, localTime, timeZone);
  return at === null || at < now;
}

/**
 * The wall time a post will actually carry when the one picked does not exist on that day (the hour the clocks
 * skip when they go forward, moved on by the gap as the server does), or null when it exists.
 */
export function skippedTime(localDate: string, localTime: string, timeZone: string): string | null {
  const at = localToUtc(localDate, localTime, timeZone);
  if (at === null) return null;
  const actual = utcToLocal(at, timeZone);
  return actual.localDate === localDate && actual.localTime === localTime ? null : actual.localTime;
}
