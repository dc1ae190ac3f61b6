import { describe, expect, it } from "vitest";
import { chipTime, dayLabel, dayOf, firstHourShown, groupByDay, placement } from "./calendar";
import { headerLabel, monthGrid, shiftAnchor, viewDays, weekDays } from "./calendar-days";
import { dropInstant } from "./drop";

const BERLIN = "Europe/Berlin";

describe("monthGrid", () => {
  it("has 42 days starting on the Sunday on or before the first", () => {
    const grid = monthGrid("2026-03-15");
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe("2026-03-01"); // 1 March 2026 is a Sunday
    expect(grid[41]).toBe("2026-04-11");
    const feb = monthGrid("2026-02-01");
    expect(feb[0]).toBe("2026-02-01");
    expect(monthGrid("2026-10-09")[0]).toBe("2026-09-27");
  });
});

describe("weekDays and headers", () => {
  it("runs Sunday to Saturday, across a month and a year", () => {
    expect(weekDays("2026-03-04")).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
    ]);
    expect(headerLabel("2026-03-04", "week")).toBe("Mar 1 – 7, 2026");
    expect(headerLabel("2026-04-01", "week")).toBe("Mar 29 – Apr 4, 2026");
    expect(headerLabel("2026-12-31", "week")).toBe("Dec 27, 2026 – Jan 2, 2027");
    expect(headerLabel("2026-03-04", "month")).toBe("March 2026");
  });
  it("moves by a month or a week", () => {
    expect(shiftAnchor("2026-01-31", "month", 1)).toBe("2026-02-28");
    expect(shiftAnchor("2026-03-01", "week", -1)).toBe("2026-02-22");
  });
});

describe("placement in the user's zone", () => {
  const post = (p: Partial<{ publishedAt: string; scheduledDate: string; createdAt: string }>) => ({
    publishedAt: null,
    scheduledDate: null,
    createdAt: "2026-01-01T00:00:00Z",
    ...p,
  });
  it("uses published, else scheduled, else created", () => {
    expect(
      placement(post({ publishedAt: "2026-03-02T10:00:00Z", scheduledDate: "2026-03-05T10:00:00Z" }), "UTC").day,
    ).toBe("2026-03-02");
    expect(placement(post({ scheduledDate: "2026-03-05T10:00:00Z" }), "UTC").day).toBe("2026-03-05");
    expect(placement(post({}), "UTC").day).toBe("2026-01-01");
  });
  it("puts 23:30 UTC on the next local day in Berlin and the same day in New York", () => {
    const p = post({ scheduledDate: "2026-03-05T23:30:00Z" });
    expect(placement(p, BERLIN)).toEqual({ day: "2026-03-06", hour: 0 });
    expect(placement(p, "America/New_York")).toEqual({ day: "2026-03-05", hour: 18 });
    expect([...groupByDay([p], BERLIN).keys()]).toEqual(["2026-03-06"]);
  });
});

describe("dropInstant across DST (Europe/Berlin)", () => {
  it("keeps 09:00 local when moved from summer to winter time (October week)", () => {
    const friday = Date.parse("2026-10-23T07:00:00Z"); // 09:00 CEST
    expect(dayOf(friday, BERLIN)).toBe("2026-10-23");
    const monday = dropInstant(friday, BERLIN, "2026-10-26");
    expect(new Date(monday!).toISOString()).toBe("2026-10-26T08:00:00.000Z"); // 09:00 CET
  });
  it("keeps 09:00 local when moved into summer time (March week)", () => {
    const saturday = Date.parse("2026-03-28T08:00:00Z"); // 09:00 CET
    expect(new Date(dropInstant(saturday, BERLIN, "2026-03-30")!).toISOString()).toBe("2026-03-30T07:00:00.000Z");
  });
  it("takes the hour of the week view's slot and keeps the minutes", () => {
    const at = Date.parse("2026-10-24T07:15:00Z"); // 09:15 CEST
    expect(new Date(dropInstant(at, BERLIN, "2026-10-25", 14)!).toISOString()).toBe("2026-10-25T13:15:00.000Z");
    // 02:15 on the spring-forward night does not exist and moves forward to 03:15 CEST.
    expect(new Date(dropInstant(at, BERLIN, "2026-03-29", 2)!).toISOString()).toBe("2026-03-29T01:15:00.000Z");
  });
});

describe("chipTime", () => {
  it("shows the time the post sits at, in the user's zone", () => {
    const post = {
      publishedAt: null,
      scheduledDate: "2026-03-09T08:00:00.000Z",
      createdAt: "2026-03-01T00:00:00.000Z",
    };
    expect(chipTime(post, BERLIN)).toBe("9:00 AM");
    expect(chipTime({ ...post, publishedAt: "2026-03-09T17:05:00.000Z" }, "UTC")).toBe("5:05 PM");
  });
});

describe("day and list views", () => {
  it("a day view shows its day and steps a day; a list view shows the month and steps a month", () => {
    expect(viewDays("2026-03-29", "day")).toEqual(["2026-03-29"]);
    expect(shiftAnchor("2026-03-31", "day", 1)).toBe("2026-04-01");
    expect(headerLabel("2026-03-29", "day")).toBe("Sunday, March 29, 2026");
    const list = viewDays("2026-02-10", "list");
    expect([list[0], list.at(-1), list.length]).toEqual(["2026-02-01", "2026-02-28", 28]);
    expect(shiftAnchor("2026-01-31", "list", 1)).toBe("2026-02-28");
    expect(headerLabel("2026-02-10", "list")).toBe("February 2026");
  });
});

describe("firstHourShown", () => {
  it("opens at 8 AM, or earlier when the week has an earlier post", () => {
    expect(firstHourShown([])).toBe(8);
    expect(firstHourShown([9, 15])).toBe(8);
    expect(firstHourShown([15, 6, 22])).toBe(6);
    expect(firstHourShown([0])).toBe(0);
  });
});

describe("dayLabel", () => {
  it("names a day as the week, month and agenda views label it, whatever the host's zone", () => {
    expect(dayLabel("2026-03-29", "EEE d")).toBe("Sun 29");
    expect(dayLabel("2026-03-29", "EEEE, MMMM d")).toBe("Sunday, March 29");
    expect(dayLabel("2026-01-01", "MMMM d, yyyy")).toBe("January 1, 2026");
  });
});
