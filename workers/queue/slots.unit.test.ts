import { describe, expect, it } from "vitest";
import { utcToLocal } from "../posts/schedule-time";
import { slotSchema } from "./slot-schema";
import { nextFreeSlot, normalizeSlots, reorderedTimes, type Slot, slotInstants } from "./slots";

const weekdays = (time: string): Slot[] => [1, 2, 3, 4, 5].map((day) => ({ day, time }));
const everyDay = (time: string): Slot[] => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, time }));
const local = (at: number, tz: string) => {
  const l = utcToLocal(at, tz);
  return `${l.localDate} ${l.localTime}`;
};
const iso = (at: number) => new Date(at).toISOString();

describe("slot instants across daylight-saving changes", () => {
  it("keeps 09:00 at 09:00 in Berlin across the spring change (29 March 2026)", () => {
    const from = Date.parse("2026-03-27T12:00:00Z"); // Friday afternoon
    const at = slotInstants(everyDay("09:00"), "Europe/Berlin", from, { limit: 3 });
    expect(at.map((a) => local(a, "Europe/Berlin"))).toEqual([
      "2026-03-28 09:00",
      "2026-03-29 09:00",
      "2026-03-30 09:00",
    ]);
    // CET (UTC+1) before, CEST (UTC+2) after: 23 hours between the two 09:00s around the change.
    expect(at.map(iso)).toEqual(["2026-03-28T08:00:00.000Z", "2026-03-29T07:00:00.000Z", "2026-03-30T07:00:00.000Z"]);
  });

  it("keeps 09:00 at 09:00 in Berlin across the autumn change (25 October 2026)", () => {
    const from = Date.parse("2026-10-24T12:00:00Z");
    const at = slotInstants(everyDay("09:00"), "Europe/Berlin", from, { limit: 2 });
    expect(at.map(iso)).toEqual(["2026-10-25T08:00:00.000Z", "2026-10-26T08:00:00.000Z"]);
  });

  it("keeps weekday 09:00 and 17:00 in New York across both US changes (8 March, 1 November 2026)", () => {
    const tz = "America/New_York";
    const slots = [...weekdays("09:00"), ...weekdays("17:00")];
    const spring = slotInstants(slots, tz, Date.parse("2026-03-06T23:00:00Z"), { limit: 2 }); // Friday 18:00 EST
    expect(spring.map((a) => local(a, tz))).toEqual(["2026-03-09 09:00", "2026-03-09 17:00"]); // skips the weekend
    expect(spring.map(iso)).toEqual(["2026-03-09T13:00:00.000Z", "2026-03-09T21:00:00.000Z"]); // EDT, UTC-4
    const autumn = slotInstants(slots, tz, Date.parse("2026-10-30T22:00:00Z"), { limit: 2 }); // Friday 18:00 EDT
    expect(autumn.map(iso)).toEqual(["2026-11-02T14:00:00.000Z", "2026-11-02T22:00:00.000Z"]); // EST, UTC-5
  });

  it("moves a slot inside the spring-forward gap forward by the gap, in order, counted once", () => {
    const slots: Slot[] = [
      { day: 7, time: "02:30" }, // does not exist on 29 March 2026 in Berlin: becomes 03:30
      { day: 7, time: "03:00" },
      { day: 7, time: "03:30" },
    ];
    const at = slotInstants(slots, "Europe/Berlin", Date.parse("2026-03-28T12:00:00Z"), { limit: 2 });
    expect(at.map((a) => local(a, "Europe/Berlin"))).toEqual(["2026-03-29 03:00", "2026-03-29 03:30"]);
  });
});

describe("next free slot", () => {
  const tz = "Europe/Berlin";
  const from = Date.parse("2026-06-01T06:00:00Z"); // Monday 08:00 in Berlin

  it("takes the first slot not already filled, later today or on the next slot day", () => {
    const slots = [...weekdays("09:00"), ...weekdays("12:30")];
    const [nine, half12, tomorrow9] = slotInstants(slots, tz, from, { limit: 3 });
    expect(nextFreeSlot(slots, tz, from, new Set())).toBe(nine);
    expect(nextFreeSlot(slots, tz, from, new Set([nine!]))).toBe(half12);
    expect(nextFreeSlot(slots, tz, from, new Set([nine!, half12!]))).toBe(tomorrow9);
    expect(local(tomorrow9!, tz)).toBe("2026-06-02 09:00");
  });

  it("never offers a slot at or before the clock", () => {
    const at = Date.parse("2026-06-01T07:00:00Z"); // 09:00 sharp in Berlin
    expect(local(nextFreeSlot(weekdays("09:00"), tz, at, new Set())!, tz)).toBe("2026-06-02 09:00");
  });

  it("has none without slots", () => {
    expect(nextFreeSlot([], tz, from, new Set())).toBeNull();
  });
});

describe("slot rules", () => {
  it("refuses a time that is not HH:MM and a day outside 1–7, with the message the user sees", () => {
    expect(slotSchema.safeParse({ day: 1, time: "9am" }).error?.issues[0]?.message).toBe(
      "Slot times must be HH:MM (24-hour), for example 09:00",
    );
    expect(slotSchema.safeParse({ day: 8, time: "09:00" }).error?.issues[0]?.message).toBe(
      "Slot days must be 1 (Monday) to 7 (Sunday)",
    );
  });

  it("sorts slots by day and time and drops duplicates", () => {
    expect(
      normalizeSlots([
        { day: 2, time: "09:00" },
        { day: 1, time: "17:00" },
        { day: 1, time: "09:00" },
        { day: 2, time: "09:00" },
      ]),
    ).toEqual([
      { day: 1, time: "09:00" },
      { day: 1, time: "17:00" },
      { day: 2, time: "09:00" },
    ]);
  });

  it("reordering hands the same times out in the new order", () => {
    const moved = reorderedTimes(
      [
        { id: "a", dueAt: 100 },
        { id: "b", dueAt: 200 },
        { id: "c", dueAt: 300 },
      ],
      ["c", "a", "b"],
    );
    expect(Object.fromEntries(moved)).toEqual({ c: 100, a: 200, b: 300 });
  });
});
