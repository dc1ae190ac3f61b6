import { describe, expect, it } from "vitest";
import { countOf, formatCompact, formatDate, formatDateTime, formatPercent, formatTime24, truncate } from "./format";

describe("formatCompact", () => {
  it("shows thousands as K and millions as M with one decimal", () => {
    expect(formatCompact(0)).toBe("0");
    expect(formatCompact(999)).toBe("999");
    expect(formatCompact(1000)).toBe("1K");
    expect(formatCompact(1234)).toBe("1.2K");
    expect(formatCompact(15_260)).toBe("15.3K");
    expect(formatCompact(999_950)).toBe("1M");
    expect(formatCompact(2_560_000)).toBe("2.6M");
    expect(formatCompact(-4_500)).toBe("-4.5K");
    expect(formatCompact(12.34)).toBe("12.3");
  });
});

describe("formatPercent and truncate", () => {
  it("rounds percentages to two decimals", () => {
    expect(formatPercent(10.8367)).toBe("10.84%");
    expect(formatPercent(5)).toBe("5%");
  });

  it("cuts at the limit with an ellipsis, and leaves shorter text alone", () => {
    expect(truncate("a".repeat(150), 150)).toBe("a".repeat(150));
    expect(truncate("a".repeat(151), 150)).toBe(`${"a".repeat(150)}…`);
  });
});

describe("formatDateTime", () => {
  it("shows the instant in the user's timezone", () => {
    expect(formatDateTime("2026-01-05T14:00:00.000Z", "America/New_York")).toBe("Jan 5, 2026, 9:00 AM");
    expect(formatDateTime("2026-01-05T14:00:00.000Z", "Asia/Kolkata")).toBe("Jan 5, 2026, 7:30 PM");
  });

  it("follows daylight saving: an instant an hour after Berlin's spring-forward gap reads in summer time", () => {
    expect(formatDateTime("2026-03-29T00:30:00.000Z", "Europe/Berlin")).toBe("Mar 29, 2026, 1:30 AM");
    expect(formatDateTime("2026-03-29T01:30:00.000Z", "Europe/Berlin")).toBe("Mar 29, 2026, 3:30 AM");
  });
});

describe("formatDate", () => {
  it("shows the day alone, in a zone another format used first", () => {
    expect(formatDateTime("2026-01-05T03:00:00.000Z", "America/New_York")).toBe("Jan 4, 2026, 10:00 PM");
    expect(formatDate("2026-01-05T03:00:00.000Z", "America/New_York")).toBe("Jan 4, 2026");
    expect(formatDate("2026-01-05T03:00:00.000Z", "Asia/Tokyo")).toBe("Jan 5, 2026");
  });
});

describe("formatTime24", () => {
  it("shows the time of day in the user's timezone, midnight as 00", () => {
    expect(formatTime24("2026-03-05T13:05:00.000Z", "Europe/Berlin")).toBe("14:05");
    expect(formatTime24("2026-03-05T23:30:00.000Z", "Europe/Berlin")).toBe("00:30");
  });
});

describe("countOf", () => {
  it("puts the noun in the number the count needs", () => {
    expect(countOf(1, "post")).toBe("1 post");
    expect(countOf(0, "post")).toBe("0 posts");
    expect(countOf(2, "row")).toBe("2 rows");
    expect(countOf(1200, "reply", "replies")).toBe("1,200 replies");
  });
});
