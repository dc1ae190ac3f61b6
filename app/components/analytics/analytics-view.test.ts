import { describe, expect, it } from "vitest";
import { analyticsSearch, analyticsView } from "./analytics-view";
import { DEFAULT_FILTERS } from "./filters";

const view = (search: string) => analyticsView(new URLSearchParams(search));

describe("the Analytics page's URL", () => {
  it("defaults to Overview, the last 30 days and every platform", () => {
    expect(view("")).toEqual({ tab: "overview", filters: DEFAULT_FILTERS });
    expect(view("tab=nope&period=2y&platforms=")).toEqual({ tab: "overview", filters: DEFAULT_FILTERS });
  });

  it("reads the tab, a period, chosen platforms and a custom range", () => {
    expect(view("tab=growth&period=7d&platforms=instagram,facebook")).toEqual({
      tab: "growth",
      filters: { period: "7d", customDateRange: { start: "", end: "" }, platforms: ["instagram", "facebook"] },
    });
    expect(view("startDate=2026-01-05&endDate=2026-01-11").filters).toEqual({
      period: "custom",
      customDateRange: { start: "2026-01-05", end: "2026-01-11" },
      platforms: ["all"],
    });
  });

  it("reads the filter bar's plain form: a box per platform, and a chosen period over the custom range's dates", () => {
    expect(view("tab=growth&period=7d&platforms=instagram&platforms=facebook")).toEqual({
      tab: "growth",
      filters: { period: "7d", customDateRange: { start: "", end: "" }, platforms: ["instagram", "facebook"] },
    });
    expect(view("period=90d&startDate=2026-01-05&endDate=2026-01-11").filters).toEqual({
      period: "90d",
      customDateRange: { start: "", end: "" },
      platforms: ["all"],
    });
    expect(view("period=custom&startDate=2026-01-05&endDate=2026-01-11").filters.customDateRange).toEqual({
      start: "2026-01-05",
      end: "2026-01-11",
    });
  });

  it("writes back what it reads, a half-chosen custom range included", () => {
    for (const search of [
      "?period=30d",
      "?period=7d&platforms=instagram&tab=timing",
      "?startDate=2026-01-05&endDate=2026-01-11&platforms=linkedin&tab=hashtags",
      "?period=custom&startDate=2026-01-05&tab=content",
    ]) {
      const { tab, filters } = view(search);
      expect(analyticsSearch(tab, filters)).toBe(search);
    }
  });
});
