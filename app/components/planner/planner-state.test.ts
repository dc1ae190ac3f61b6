import { describe, expect, it } from "vitest";
import { viewDays } from "./calendar-days";
import { plannerHref, plannerView } from "./planner-state";

const read = (query: string, today = "2026-03-15") => {
  const state = plannerView(new URLSearchParams(query), today);
  return { ...state, days: viewDays(state.anchor, state.view) };
};

describe("plannerView", () => {
  it("defaults to this month's grid around today, every status and channel", () => {
    const s = read("");
    expect(s.view).toBe("month");
    expect(s.anchor).toBe("2026-03-15");
    expect(s.shown).toEqual(["scheduled", "published", "draft", "failed"]);
    expect(s.channels).toEqual([]);
    expect(s.days[0]).toBe("2026-03-01");
    expect(s.days.at(-1)).toBe("2026-04-11");
  });

  it("reads the view, day, statuses and channels, and the days they cover", () => {
    const s = read("view=week&date=2026-04-01&status=draft,failed,bogus&channel=linkedin,x");
    expect(s.view).toBe("week");
    expect(s.anchor).toBe("2026-04-01");
    expect(s.shown).toEqual(["draft", "failed"]);
    expect(s.channels).toEqual(["linkedin", "x"]);
    expect(s.days).toEqual([
      "2026-03-29",
      "2026-03-30",
      "2026-03-31",
      "2026-04-01",
      "2026-04-02",
      "2026-04-03",
      "2026-04-04",
    ]);
    expect(read("view=day&date=2026-04-01").days).toEqual(["2026-04-01"]);
    expect(read("view=list&date=2026-02-10").days).toHaveLength(28);
  });

  it("ignores an unknown view and a malformed date", () => {
    const s = read("view=year&date=2026-4-1", "2026-11-30");
    expect(s.view).toBe("month");
    expect(s.anchor).toBe("2026-11-30");
  });
});

describe("plannerHref", () => {
  it("sets and removes parameters and keeps the rest", () => {
    const params = new URLSearchParams("view=week&date=2026-04-01&channel=x");
    expect(plannerHref(params, { date: "2026-04-08" })).toBe("/planner?view=week&date=2026-04-08&channel=x");
    expect(plannerHref(params, { view: null, channel: null })).toBe("/planner?date=2026-04-01");
    expect(plannerHref(new URLSearchParams(""), { view: null })).toBe("/planner");
  });
});
