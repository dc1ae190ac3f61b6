/** SPEC §2/§4 analytics filter state and its rules, as pure functions. */
export const PERIOD_OPTIONS = [
  { value: "7d", label: "Last 7 Days" },
  { value: "30d", label: "Last 30 Days" },
  { value: "90d", label: "Last 90 Days" },
  { value: "1y", label: "Last Year" },
  { value: "custom", label: "Custom Range" },
] as const;
export type Period = (typeof PERIOD_OPTIONS)[number]["value"];

export interface Filters {
  period: Period;
  customDateRange: { start: string; end: string };
  /** ["all"] or specific platforms. */
  platforms: string[];
}

export const DEFAULT_FILTERS: Filters = { period: "30d", customDateRange: { start: "", end: "" }, platforms: ["all"] };

/** Choosing a period other than custom clears the custom range. */
export function choosePeriod(f: Filters, period: Period): Filters {
  return { ...f, period, customDateRange: period === "custom" ? f.customDateRange : { start: "", end: "" } };
}

/**
 * 'all' selects only all; a specific platform while all is selected replaces all; toggling a selected
 * platform removes it; an empty selection reverts to all.
 */
export function togglePlatform(selected: string[], platform: string): string[] {
  if (platform === "all") return ["all"];
  if (selected.includes("all")) return [platform];
  const next = selected.includes(platform) ? selected.filter((p) => p !== platform) : [...selected, platform];
  return next.length ? next : ["all"];
}

/** The query string the analytics API takes, or null while a custom range is incomplete. */
export function filterQuery(f: Filters): string | null {
  const q = new URLSearchParams();
  if (f.period === "custom") {
    if (!f.customDateRange.start || !f.customDateRange.end) return null;
    q.set("startDate", f.customDateRange.start);
    q.set("endDate", f.customDateRange.end);
  } else q.set("period", f.period);
  if (!f.platforms.includes("all")) q.set("platforms", f.platforms.join(","));
  return q.toString();
}
