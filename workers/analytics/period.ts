import { TZDate, tzOffset } from "@date-fns/tz";
import { z } from "zod";
import { PLATFORMS, type Platform } from "../platform-profile";

export const PERIODS = ["7d", "30d", "90d", "1y"] as const;
export type PeriodName = (typeof PERIODS)[number] | "custom";
const DAY = 86_400_000;
const HOUR = 3_600_000;
const QUARTER_HOUR = 900_000;
const PERIOD_DAYS: Record<(typeof PERIODS)[number], number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };
/** A custom range may cover at most this many days (two years). */
export const MAX_RANGE_DAYS = 731;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be in YYYY-MM-DD format.");

/** `platforms=instagram,facebook` or `all` (or nothing). */
export const platformsParam = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v || v === "all") return null;
    const list = [
      ...new Set(
        v
          .split(",")
          .map((p) => p.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const unknown = list.find((p) => !(PLATFORMS as readonly string[]).includes(p));
    if (unknown) {
      ctx.addIssue({ code: "custom", message: `Unknown platform '${unknown}'. Use ${PLATFORMS.join(", ")} or all.` });
      return z.NEVER;
    }
    return list.length ? (list as Platform[]) : null;
  })
  .meta({ description: "Comma-separated platforms, or `all` (default).", example: "instagram,facebook" });

/** The query every analytics read accepts (SPEC §7: period or startDate and endDate; platforms). */
export const periodQuery = z
  .object({
    period: z.enum([...PERIODS, "custom"], { error: "Period must be one of 7d, 30d, 90d, 1y or custom." }).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    platforms: platformsParam,
  })
  .superRefine((q, ctx) => {
    if ((q.startDate && !q.endDate) || (!q.startDate && q.endDate)) {
      ctx.addIssue({ code: "custom", message: "Both startDate and endDate are required for a custom range." });
    } else if (q.period === "custom" && !q.startDate) {
      ctx.addIssue({ code: "custom", message: "Both startDate and endDate are required for a custom range." });
    } else if (q.startDate && q.endDate && q.startDate > q.endDate) {
      ctx.addIssue({ code: "custom", message: "startDate must be on or before endDate." });
    }
  });
export type PeriodQuery = z.output<typeof periodQuery>;

export interface Range {
  period: PeriodName;
  /** Inclusive start, exclusive end (epoch ms). */
  start: number;
  end: number;
  /** The equal-length period just before, for change percentages. */
  previous: { start: number; end: number };
  platforms: Platform[] | null;
  timezone: string;
  /** When the range was resolved: nothing is published or measured after it (PeriodRange). */
  now: number;
}

/** Resolves a parsed query to instants. Custom dates are whole days in the user's timezone. */
export function resolveRange(q: PeriodQuery, now: number, timezone: string): Range {
  let start: number;
  let end: number;
  let period: PeriodName;
  if (q.startDate && q.endDate) {
    period = "custom";
    start = startOfDayIn(q.startDate, timezone);
    end = startOfDayIn(q.endDate, timezone, 1);
    if ((end - start) / DAY > MAX_RANGE_DAYS + 1)
      throw new RangeError(`A custom range may cover at most ${MAX_RANGE_DAYS} days.`);
  } else {
    period = q.period && q.period !== "custom" ? q.period : "30d";
    end = now;
    start = now - PERIOD_DAYS[period as keyof typeof PERIOD_DAYS] * DAY;
  }
  const length = end - start;
  return { period, start, end, previous: { start: start - length, end: start }, platforms: q.platforms, timezone, now };
}

function startOfDayIn(date: string, timezone: string, addDays = 0): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d + addDays, 0, 0, 0, 0, timezone).getTime();
}

/** yyyy-MM-dd, weekday (0 = Sunday) and hour of an instant in a timezone. */
export function localParts(at: number, timezone: string) {
  const d = new TZDate(at, timezone);
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  return { day, weekday: d.getDay(), hour: d.getHours() };
}

/** The zone's UTC offset (ms) at an instant, remembered per instant (midnights and day ends repeat). */
export function offsetIn(timezone: string): (at: number) => number {
  const offsets = new Map<number, number>();
  return (at) => {
    let offset = offsets.get(at);
    if (offset === undefined) {
      offset = tzOffset(timezone, new Date(at)) * 60_000;
      offsets.set(at, offset);
    }
    return offset;
  };
}

/**
 * `localParts`' weekday and hour for many instants in one timezone (best times and posting patterns rank up to
 * ~100,000 quarter-hours a year): the zone's offset is looked up at each UTC day's first and last millisecond, and
 * an instant costs a lookup of its own only on a day whose offset changes (a DST switch). A zone that switched
 * and switched back within one UTC day would be missed; none does.
 */
export function weekdayHourIn(timezone: string): (at: number) => { weekday: number; hour: number } {
  const offsets = new Map<number, number | null>();
  const offsetAt = offsetIn(timezone);
  // Instants mostly come a day at a time (a rollup row is a day's quarter-hours): the last day's offset is kept.
  let lastDay = Number.NaN;
  let offset: number | null = null;
  return (at) => {
    const day = Math.floor(at / DAY) * DAY;
    if (day !== lastDay) {
      let known = offsets.get(day);
      if (known === undefined) {
        const first = offsetAt(day);
        known = first === offsetAt(day + DAY - 1) ? first : null;
        offsets.set(day, known);
      }
      lastDay = day;
      offset = known;
    }
    // On a day the zone switches, the offset is looked up per quarter-hour: zones switch on one (offsets and
    // switching times are whole quarter-hours), and a day's rollup rows bring the same quarter-hours again.
    // Arithmetic on the local instant rather than a Date per sample: 1970-01-01 (day 0) was a Thursday.
    const local = at + (offset ?? offsetAt(at - (at % QUARTER_HOUR)));
    const days = Math.floor(local / DAY);
    return { weekday: (((days + 4) % 7) + 7) % 7, hour: Math.floor((local - days * DAY) / HOUR) };
  };
}

/** Every local day key from start (inclusive) to end (exclusive). */
export function daysBetween(start: number, end: number, timezone: string): string[] {
  return dayBounds(start, end, timezone).map((d) => d.day);
}

/**
 * The local days of [start, end) with the instants each covers, clipped to the range: a snapshot taken in
 * [from, to) is filed under `day` (the same keys, in the same order, as daysBetween).
 */
export function dayBounds(
  start: number,
  end: number,
  timezone: string,
): Array<{ day: string; from: number; to: number }> {
  const offsetAt = offsetIn(timezone);
  const first = new TZDate(start, timezone);
  let at = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), 0, 0, 0, 0, timezone).getTime();
  const out: Array<{ day: string; from: number; to: number }> = [];
  while (at < end) {
    if (out.length) out[out.length - 1]!.to = at;
    out.push({ day: new Date(at + offsetAt(at)).toISOString().slice(0, 10), from: Math.max(at, start), to: end });
    // A day with the same offset at both ends is 24 hours (no zone switches twice in a day); only a DST day is
    // stepped in the zone's calendar, whose TZDate steps cost several offset lookups each.
    const next = at + DAY;
    if (offsetAt(next) === offsetAt(at)) at = next;
    else {
      const cursor = new TZDate(at, timezone);
      cursor.setDate(cursor.getDate() + 1);
      at = cursor.getTime();
    }
  }
  return out;
}
