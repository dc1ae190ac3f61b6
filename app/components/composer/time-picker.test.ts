import { describe, expect, it } from "vitest";
import { defaultSchedule, from12h, HOURS, isPast, MINUTES, scheduleOnDay, skippedTime, to12h } from "./time-picker";

describe("12-hour time picker", () => {
  it("offers hours 1-12 and minutes 00-59", () => {
    expect(HOURS[0]).toBe(1);
    expect(HOURS.at(-1)).toBe(12);
    expect(MINUTES).toHaveLength(60);
    expect(MINUTES[5]).toBe("05");
  });
  it.each([
    ["00:05", { hour: 12, minute: "05", period: "AM" }],
    ["09:00", { hour: 9, minute: "00", period: "AM" }],
    ["12:30", { hour: 12, minute: "30", period: "PM" }],
    ["23:59", { hour: 11, minute: "59", period: "PM" }],
  ] as const)("%s round-trips", (time, parts) => {
    expect(to12h(time)).toEqual(parts);
    expect(from12h(parts)).toBe(time);
  });
});

describe("schedule defaults in the user's zone", () => {
  const now = Date.parse("2026-10-24T22:30:00Z"); // 00:30 CEST on Sunday 25 Oct, the night clocks go back
  it("defaults to now plus one hour, local", () => {
    expect(defaultSchedule(now, "Europe/Berlin")).toEqual({ localDate: "2026-10-25", localTime: "01:30" });
    expect(defaultSchedule(now, "America/New_York")).toEqual({ localDate: "2026-10-24", localTime: "19:30" });
  });
  it("a planner day keeps that time, but never lies in the past", () => {
    expect(scheduleOnDay("2026-10-28", now, "Europe/Berlin")).toEqual({ localDate: "2026-10-28", localTime: "01:30" });
    expect(scheduleOnDay("2026-10-20", now, "Europe/Berlin")).toEqual({ localDate: "2026-10-25", localTime: "01:30" });
  });
  it("knows past from future across the zone", () => {
    expect(isPast("2026-10-25", "00:00", "Europe/Berlin", now)).toBe(true);
    expect(isPast("2026-10-25", "01:00", "Europe/Berlin", now)).toBe(false);
  });
});

describe("a time the clocks skip", () => {
  // New York's spring-forward night next year: the second Sunday of March, 02:00 → 03:00.
  const year = new Date().getUTCFullYear() + 1;
  const firstWeekday = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const night = `${year}-03-${String(1 + ((7 - firstWeekday) % 7) + 7).padStart(2, "0")}`;

  it("is named with the time the post will carry", () => {
    expect(skippedTime(night, "02:30", "America/New_York")).toBe("03:30");
    expect(skippedTime(night, "02:00", "America/New_York")).toBe("03:00");
  });
  it("is none for a time that exists, that night or in another zone", () => {
    expect(skippedTime(night, "01:59", "America/New_York")).toBeNull();
    expect(skippedTime(night, "03:00", "America/New_York")).toBeNull();
    expect(skippedTime(night, "02:30", "UTC")).toBeNull();
  });
});
