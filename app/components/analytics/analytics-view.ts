import { DEFAULT_FILTERS, type Filters, filterQuery, PERIOD_OPTIONS, type Period } from "./filters";

/** The Analytics page's state is its URL: the open tab and the filters (the API's own query), so a view can be shared. */
export const ANALYTICS_TABS = [
  "overview",
  "engagement",
  "audience",
  "content",
  "growth",
  "hashtags",
  "timing",
  "links",
  "inbox",
  "reports",
] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

const isPeriod = (v: string | null): v is Period => PERIOD_OPTIONS.some((o) => o.value === v);
const isTab = (v: string | null): v is AnalyticsTab => ANALYTICS_TABS.includes(v as AnalyticsTab);

/**
 * The tab and filters a URL names; anything missing or unknown is the default (Overview, last 30 days, all).
 * The filter bar's plain GET form (no JavaScript) sends one `platforms` per ticked box, and still sends the custom
 * range's dates when another period was chosen over it: that period wins.
 */
export function analyticsView(params: URLSearchParams): { tab: AnalyticsTab; filters: Filters } {
  const tab = params.get("tab");
  const period = params.get("period");
  const preset = isPeriod(period) && period !== "custom" ? period : null;
  const start = preset ? "" : (params.get("startDate") ?? "");
  const end = preset ? "" : (params.get("endDate") ?? "");
  const platforms = params
    .getAll("platforms")
    .flatMap((p) => p.split(","))
    .filter(Boolean);
  return {
    tab: isTab(tab) ? tab : "overview",
    filters: {
      period: preset ?? (start || end || period === "custom" ? "custom" : DEFAULT_FILTERS.period),
      customDateRange: { start, end },
      platforms: platforms.length && !platforms.includes("all") ? platforms : ["all"],
    },
  };
}

/** The search string of a view: `filterQuery`'s, kept while a custom range is half chosen, and the tab unless Overview. */
export function analyticsSearch(tab: AnalyticsTab, filters: Filters): string {
  const q = new URLSearchParams(filterQuery(filters) ?? "");
  if (filters.period === "custom" && !q.has("startDate")) {
    q.set("period", "custom");
    if (filters.customDateRange.start) q.set("startDate", filters.customDateRange.start);
    if (filters.customDateRange.end) q.set("endDate", filters.customDateRange.end);
    if (!filters.platforms.includes("all")) q.set("platforms", filters.platforms.join(","));
  }
  if (tab !== "overview") q.set("tab", tab);
  return `?${q}`;
}
