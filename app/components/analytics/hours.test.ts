import { describe, expect, it } from "vitest";
import { heatLevels, hourLabel } from "./hours";

describe("hours", () => {
  it("labels hours on a 12-hour clock", () => {
    expect([0, 9, 12, 13, 23].map(hourLabel)).toEqual(["12 AM", "9 AM", "12 PM", "1 PM", "11 PM"]);
  });
  it("shades every hour against the busiest; missing hours are 0", () => {
    const levels = heatLevels([
      { hour: 14, activity: 200 },
      { hour: 15, activity: 50 },
    ]);
    expect(levels).toHaveLength(24);
    expect(levels[14]).toBe(1);
    expect(levels[15]).toBe(0.25);
    expect(levels[0]).toBe(0);
    expect(heatLevels([])).toEqual(Array(24).fill(0));
  });
});
