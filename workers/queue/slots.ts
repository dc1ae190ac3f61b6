/**
 * Weekly posting slots ("Mon–Fri 09:00, 12:30, 17:00") and the instants they fall on. Pure: the Worker,
 * the composer and the queue view share it. A slot is a wall time in the queue's IANA zone, so a 09:00 slot
 * stays 09:00 local across a daylight-saving change: each instant is computed from the calendar date and
 * the wall time (localToUtc), never by adding 24 h to the previous one.
 */
import { localToUtc, utcToLocal } from "../posts/public";

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
/** Ten a day, every day of the week: more than any network's daily pace allows. */
export const MAX_SLOTS = 70;
/** How far the queue looks for a free slot: a year of a weekly pattern. */
export const QUEUE_HORIZON_DAYS = 366;

export const QueueMessages = {
  slotTime: "Slot times must be HH:MM (24-hour), for example 09:00",
  slotDay: "Slot days must be 1 (Monday) to 7 (Sunday)",
  tooMany: `A queue may have at most ${MAX_SLOTS} weekly slots`,
  noSlots: (account: string) => `${account} has no queue time slots yet. Add slots in the Queue view first.`,
  full: (account: string) => `${account}'s queue has no free slot in the next year.`,
  noAccounts: "Please choose at least one account to add this post to its queue",
  copyNowhere: "Please choose at least one other account to copy these slots to",
} as const;

/** A weekly slot: ISO weekday and HH:MM wall time (checked by slot-schema.ts). */
export interface Slot {
  day: number;
  time: string;
}

/** Sorted by day then time, duplicates dropped: the stored form of a queue's slots. */
export function normalizeSlots(slots: Slot[]): Slot[] {
  const unique = new Map(slots.map((s) => [`${s.day}:${s.time}`, s]));
  return [...unique.values()].sort((a, b) => a.day - b.day || a.time.localeCompare(b.time));
}

/** ISO weekday (1 = Monday) of a YYYY-MM-DD calendar date. */
function isoWeekday(y: number, m: number, d: number): number {
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/** The calendar date `offset` days after y-m-d, as YYYY-MM-DD (calendar arithmetic, no zone involved). */
function addDays(y: number, m: number, d: number, offset: number): { y: number; m: number; d: number; iso: string } {
  const at = new Date(Date.UTC(y, m - 1, d + offset));
  return { y: at.getUTCFullYear(), m: at.getUTCMonth() + 1, d: at.getUTCDate(), iso: at.toISOString().slice(0, 10) };
}

/**
 * The slot instants strictly after `from`, in order, up to `limit` of them or `horizonDays` calendar days.
 * A slot inside the spring-forward gap lands where localToUtc puts it (moved forward by the gap); two slots
 * that land on one instant count once.
 */
export function slotInstants(
  slots: Slot[],
  timeZone: string,
  from: number,
  { limit, horizonDays = QUEUE_HORIZON_DAYS }: { limit: number; horizonDays?: number },
): number[] {
  const out: number[] = [];
  if (slots.length === 0 || limit <= 0) return out;
  const sorted = normalizeSlots(slots);
  const [y, m, d] = utcToLocal(from, timeZone).localDate.split("-").map(Number) as [number, number, number];
  for (let offset = 0; offset <= horizonDays && out.length < limit; offset++) {
    const day = addDays(y, m, d, offset);
    const weekday = isoWeekday(day.y, day.m, day.d);
    // Sorted by instant, not wall time: a gap slot moved forward may pass a later slot of the same day.
    const instants = sorted
      .filter((slot) => slot.day === weekday)
      .map((slot) => localToUtc(day.iso, slot.time, timeZone))
      .filter((at): at is number => at !== null && at > from)
      .sort((a, b) => a - b);
    for (const at of instants) {
      if (out.at(-1) === at) continue;
      out.push(at);
      if (out.length === limit) break;
    }
  }
  return out;
}

/** The first slot instant after `from` that `taken` does not hold, or null when the horizon has none. */
export function nextFreeSlot(slots: Slot[], timeZone: string, from: number, taken: ReadonlySet<number>): number | null {
  const limit = taken.size + 1;
  return slotInstants(slots, timeZone, from, { limit }).find((at) => !taken.has(at)) ?? null;
}

/**
 * Reordering: the posts keep the set of times they occupy, and take them in the new order (the first post
 * gets the earliest time). Returns target id → new due time.
 */
export function reorderedTimes(current: Array<{ id: string; dueAt: number }>, order: string[]): Map<string, number> {
  const times = current.map((t) => t.dueAt).sort((a, b) => a - b);
  return new Map(order.map((id, i) => [id, times[i]!]));
}
