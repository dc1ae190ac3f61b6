import { describe, expect, it } from "vitest";
import { localDayBounds, localToUtc, utcToLocal } from "./schedule-time";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("local wall time in Europe/Berlin across the October 2026 change (25 Oct)", () => {
  it("09:00 on the day after the change is 08:00 UTC (CET, +01:00)", () => {
    expect(iso(localToUtc("2026-10-26", "09:00", "Europe/Berlin"))).toBe("2026-10-26T08:00:00.000Z");
  });
  it("09:00 on the day before the change is 07:00 UTC (CEST, +02:00)", () => {
    expect(iso(localToUtc("2026-10-24", "09:00", "Europe/Berlin"))).toBe("2026-10-24T07:00:00.000Z");
  });
  it("round-trips back to the same wall time", () => {
    expect(utcToLocal(Date.UTC(2026, 9, 26, 8), "Europe/Berlin")).toEqual({
      localDate: "2026-10-26",
      localTime: "09:00",
    });
    expect(utcToLocal(Date.UTC(2026, 9, 24, 7), "Europe/Berlin")).toEqual({
      localDate: "2026-10-24",
      localTime: "09:00",
    });
  });
});

describe("the spring gap and other edge cases", () => {
  it("moves a nonexistent time (02:30 on 29 March 2026) forward by the gap, to 03:30 CEST", () => {
    const at = localToUtc("2026-03-29", "02:30", "Europe/Berlin");
    expect(iso(at)).toBe("2026-03-29T01:30:00.000Z");
    expect(utcToLocal(at!, "Europe/Berlin")).toEqual({ localDate: "2026-03-29", localTime: "03:30" });
  });
  it("works for zones west of UTC (New York, 1 Nov 2026 change)", () => {
    expect(iso(localToUtc("2026-11-02", "09:00", "America/New_York"))).toBe("2026-11-02T14:00:00.000Z");
    expect(iso(localToUtc("2026-10-31", "09:00", "America/New_York"))).toBe("2026-10-31T13:00:00.000Z");
  });
  it("refuses impossible dates, bad times and unknown zones", () => {
    expect(localToUtc("2026-02-30", "09:00", "Europe/Berlin")).toBeNull();
    expect(localToUtc("2026-02-10", "24:00", "Europe/Berlin")).toBeNull();
    expect(localToUtc("2026-02-10", "09:00", "Mars/Olympus")).toBeNull();
  });
  it("a local day that is 25 hours long (the autumn change) has the right bounds", () => {
    const day = localDayBounds("2026-10-25", "Europe/Berlin")!;
    expect(iso(day.start)).toBe("2026-10-24T22:00:00.000Z");
    expect(iso(day.end)).toBe("2026-10-25T23:00:00.000Z");
  });
});
