import { describe, expect, it } from "vitest";
import { choosePeriod, DEFAULT_FILTERS, filterQuery, togglePlatform } from "./filters";

describe("platform filter (SPEC §4)", () => {
  it("'all' selects only all", () => {
    expect(togglePlatform(["instagram", "facebook"], "all")).toEqual(["all"]);
  });
  it("a platform chosen while all is selected replaces all; others add up", () => {
    expect(togglePlatform(["all"], "instagram")).toEqual(["instagram"]);
    expect(togglePlatform(["instagram"], "facebook")).toEqual(["instagram", "facebook"]);
  });
  it("toggling a selected platform removes it; empty reverts to all", () => {
    expect(togglePlatform(["instagram", "facebook"], "instagram")).toEqual(["facebook"]);
    expect(togglePlatform(["facebook"], "facebook")).toEqual(["all"]);
  });
});

describe("period and query", () => {
  it("choosing a non-custom period clears the custom range; custom keeps it", () => {
    const custom = {
      ...DEFAULT_FILTERS,
      period: "custom" as const,
      customDateRange: { start: "2026-01-01", end: "2026-01-31" },
    };
    expect(choosePeriod(custom, "7d").customDateRange).toEqual({ start: "", end: "" });
    expect(choosePeriod(custom, "custom").customDateRange).toEqual({ start: "2026-01-01", end: "2026-01-31" });
  });
  it("builds the API query; an incomplete custom range asks for nothing", () => {
    expect(filterQuery(DEFAULT_FILTERS)).toBe("period=30d");
    expect(filterQuery({ ...DEFAULT_FILTERS, platforms: ["instagram", "facebook"] })).toBe(
      "period=30d&platforms=instagram%2Cfacebook",
    );
    expect(
      filterQuery({ ...DEFAULT_FILTERS, period: "custom", customDateRange: { start: "2026-01-01", end: "" } }),
    ).toBeNull();
    expect(
      filterQuery({
        ...DEFAULT_FILTERS,
        period: "custom",
        customDateRange: { start: "2026-01-01", end: "2026-01-31" },
      }),
    ).toBe("startDate=2026-01-01&endDate=2026-01-31");
  });
});
