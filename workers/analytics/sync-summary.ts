import { PLATFORM_NAMES, type Platform } from "../platform-profile";
import type { SyncResult } from "./sync";

/** Outcome of a user-requested sync, per platform: a platform with any failure counts as failed. */
export function summarizeByPlatform(results: SyncResult[]) {
  const platforms = [...new Set(results.map((r) => r.platform))];
  const failed = platforms.filter((p) => results.some((r) => r.platform === p && r.failures.length > 0));
  return {
    platformsSynced: platforms.length - failed.length,
    platforms: platforms.map((p) => {
      const own = results.filter((r) => r.platform === p);
      return {
        platform: p,
        accounts: own.length,
        postsSynced: own.reduce((s, r) => s + r.targetsSynced, 0),
        commentsSynced: own.reduce((s, r) => s + r.commentsSynced, 0),
        ok: !failed.includes(p),
      };
    }),
    failures: results.flatMap((r) => r.failures),
  };
}
export type SyncSummary = ReturnType<typeof summarizeByPlatform>;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (names: string[]) =>
  names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
const nameOf = (p: Platform) => PLATFORM_NAMES[p];

/** "YouTube: quota exceeded; LinkedIn: token expired": each failed platform once, with its distinct reasons. */
export function failureDetail(summary: SyncSummary): string {
  const reasons = new Map<Platform, Set<string>>();
  for (const f of summary.failures) reasons.set(f.platform, (reasons.get(f.platform) ?? new Set()).add(f.message));
  return [...reasons].map(([p, messages]) => `${nameOf(p)}: ${[...messages].join(", ")}`).join("; ");
}

/**
 * What the user is told after a sync that synced something: the SPEC sentence when every platform
 * synced, else which platforms synced and which failed, and why.
 */
export function syncMessage(summary: SyncSummary): string {
  const ok = summary.platforms.filter((p) => p.ok).map((p) => nameOf(p.platform));
  if (!summary.failures.length) return `Successfully synced analytics for ${plural(ok.length, "platform")}`;
  const failed = summary.platforms.filter((p) => !p.ok).map((p) => nameOf(p.platform));
  return `Synced analytics for ${listed(ok)}; ${listed(failed)} failed (${failureDetail(summary)})`;
}
