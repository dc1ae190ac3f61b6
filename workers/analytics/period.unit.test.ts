import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { dayBounds, daysBetween, localParts, weekdayHourIn } from "./period";

describe("weekdayHourIn", () => {
  it("gives localParts' weekday and hour for every quarter-hour of a year, DST switches and odd offsets included", () => {
    const start = Date.UTC(2026, 0, 1);
    for (const zone of [
      "Europe/Berlin",
      "America/New_York",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "UTC",
    ]) {
      const local = weekdayHourIn(zone);
      // Each quarter-hour's first and last minute: a switch falls on a quarter-hour, never inside one.
      for (let quarter = start; quarter < start + 366 * 86_400_000; quarter += 15 * 60_000)
        for (const at of [quarter, quarter + 14 * 60_000]) {
          const { weekday, hour } = localParts(at, zone);
          const fast = local(at);
          if (fast.weekday !== weekday || fast.hour !== hour)
            expect({ zone, at, ...fast }).toEqual({ zone, at, weekday, hour });
        }
    }
    // ~490,000 comparisons: seconds on a loaded 2-core machine, more with the test clock shifted (every Date built
    // through the shift), so the default 5 s would time out a correct rule.
  }, 60_000);
});

describe("dayBounds", () => {
  /** Each local day stepped in the zone's calendar: what dayBounds answered before it stepped 24 hours at a time. */
  const byCalendar = (start: number, end: number, zone: string) => {
    const first = new TZDate(start, zone);
    const cursor = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), 0, 0, 0, 0, zone);
    const out: Array<{ day: string; from: number; to: number }> = [];
    while (cursor.getTime() < end) {
      const at = cursor.getTime();
      if (out.length) out[out.length - 1]!.to = at;
      out.push({ day: localParts(at, zone).day, from: Math.max(at, start), to: end });
      cursor.setDate(cursor.getDate() + 1);
    }
    return out;
  };

  it("gives the calendar's local days over two years, DST switches (one at midnight) and odd offsets included", () => {
    const start = Date.UTC(2025, 11, 31, 13, 7);
    const end = start + 2 * 366 * 86_400_000 + 3_600_000;
    for (const zone of [
      "Europe/Berlin",
      "America/New_York",
      "America/Santiago",
      "America/Havana",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "UTC",
    ]) {
      const days = dayBounds(start, end, zone);
      expect(days.length, zone).toBeGreaterThan(731);
      expect(days, zone).toEqual(byCalendar(start, end, zone));
      expect(daysBetween(start, end, zone), zone).toEqual(days.map((d) => d.day));
    }
  });
});
