import { PLATFORM_PROFILES, type Platform } from "../platform-profile";

/**
 * An engagement rate over posts of several networks (ADR 008, amended): engagement / reach × 100, or / impressions
 * when no network in the figure reports reach (TikTok counts views only). A post whose network does not report that
 * denominator (Bluesky and Mastodon report neither: unreportedMetrics) is left out of both sides of the fraction,
 * and the figure says so (`leftOut`); when no post in it has the denominator the rate is null ("Not reported"),
 * never a 0 nobody measured. Pure: every rate in analytics, its exports and the API goes through here.
 */

export type RateBasis = "reach" | "impressions";

/** Figures summed over some posts of one network (a target, an account, a platform's share of a group). */
export interface RateGroup {
  platform: Platform;
  engagement: number;
  reach: number;
  impressions: number;
}

export interface Rate {
  /** Percent, 2 decimals; null when no post in the figure has the denominator. */
  rate: number | null;
  /** The denominator; null when no network in the figure reports one. */
  basis: RateBasis | null;
  /** Networks in the figure whose posts the rate leaves out (they do not report `basis`), sorted. */
  leftOut: Platform[];
}

export const reports = (platform: Platform, metric: RateBasis) =>
  !(PLATFORM_PROFILES[platform]?.unreportedMetrics ?? []).includes(metric);

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The rate of `groups` (zero-post groups excluded by the caller). `basis` fixes the denominator (the Hashtags tab's
 * engagement per reach, a Content tab's types compared over one denominator); otherwise reach when any network
 * present reports it, else impressions. Within the counted posts a measured reach of 0 falls back to impressions
 * (a caller wanting reach alone passes no impressions), and 0 over 0 stays 0, as before (ADR 008).
 */
export function rateOf(groups: readonly RateGroup[], fixed?: RateBasis | null): Rate {
  // No posts at all: 0 like every other figure of an empty period (nothing is claimed about any network).
  if (!groups.length) return { rate: 0, basis: null, leftOut: [] };
  const present = [...new Set(groups.map((g) => g.platform))].sort();
  const basis =
    fixed ??
    (present.some((p) => reports(p, "reach"))
      ? "reach"
      : present.some((p) => reports(p, "impressions"))
        ? "impressions"
        : null);
  if (!basis || !present.some((p) => reports(p, basis))) return { rate: null, basis: null, leftOut: present };
  let engagement = 0;
  let reach = 0;
  let impressions = 0;
  for (const g of groups)
    if (reports(g.platform, basis)) {
      engagement += g.engagement;
      reach += basis === "reach" ? g.reach : 0;
      impressions += g.impressions;
    }
  const base = reach > 0 ? reach : impressions;
  return {
    rate: base > 0 ? round2((engagement / base) * 100) : 0,
    basis,
    leftOut: present.filter((p) => !reports(p, basis)),
  };
}
