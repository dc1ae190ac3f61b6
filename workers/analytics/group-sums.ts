import type { Platform } from "../platform-profile";
import type { RateGroup } from "./rate";

/**
 * A breakdown's figures (content types, hashtags) as rollups and per-target pieces give them: published targets and
 * the sums of their metrics, per key and network, merged here.
 */

/** Sums times `sign`: −1 takes a day's rest, read per target, out of that day's rollup row (perTargetPieces). */
export const signed = <T extends { targets: number; impressions: number; reach: number; engagement: number }>(
  rows: T[],
  sign: number,
): T[] =>
  rows.map((r) => ({
    ...r,
    targets: sign * r.targets,
    impressions: sign * r.impressions,
    reach: sign * r.reach,
    engagement: sign * r.engagement,
  }));

export type GroupSums = Omit<RateGroup, "platform"> & { targets: number };
/** Sums merged per key and, within it, per network (what a rate needs); keys without published targets are left out. */
export function mergeByKey<S extends GroupSums & { platform: Platform }, K>(sums: S[], keyOf: (s: S) => K) {
  const byKey = new Map<K, Map<Platform, GroupSums>>();
  for (const s of sums) {
    const networks = byKey.get(keyOf(s)) ?? new Map<Platform, GroupSums>();
    const into = networks.get(s.platform) ?? { targets: 0, impressions: 0, reach: 0, engagement: 0 };
    into.targets += Number(s.targets);
    into.impressions += Number(s.impressions);
    into.reach += Number(s.reach);
    into.engagement += Number(s.engagement);
    networks.set(s.platform, into);
    byKey.set(keyOf(s), networks);
  }
  return [...byKey]
    .map(([key, networks]) => {
      // A network whose targets all went (a piece's −1 cancelling a rollup row) is no part of the figure.
      const groups = [...networks].filter(([, g]) => g.targets > 0).map(([platform, g]) => ({ platform, ...g }));
      const total = (k: keyof GroupSums) => groups.reduce((n, g) => n + g[k], 0);
      return {
        key,
        groups,
        targets: total("targets"),
        impressions: total("impressions"),
        reach: total("reach"),
        engagement: total("engagement"),
      };
    })
    .filter((m) => m.targets > 0);
}
