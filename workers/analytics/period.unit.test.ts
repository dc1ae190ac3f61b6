import { describe, expect, it } from "vitest";
import { localParts, weekdayHourIn } from "./period";

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
      for (let at = start; at < start + 366 * 86_400_000; at += 15 * 60_000) {
        const { weekday, hour } = localParts(at, zone);
        const fast = local(at);
        if (fast.weekday !== weekday || fast.hour !== hour)
          expect({ zone, at, ...fast }).toEqual({ zone, at, weekday, hour });
      }
    }
    // ~245,000 comparisons: seconds on a loaded 2-core machine, more with the test clock shifted (every Date built
    // through the shift), so the default 5 s would time out a correct rule.
  }, 60_000);
});
