import { Invalid, NotFound, UpstreamFailed } from "../errors";
import { parseOrThrow } from "../http/validate";
import type { Services } from "../services";
import { periodQuery, type Range, resolveRange } from "./period";
import { type SyncResult, syncAccount, workspaceAccountIds } from "./sync";
import { failureDetail, summarizeByPlatform, syncMessage } from "./sync-summary";

/**
 * What the analytics API routes and the Analytics page's loader and action share: the period of a query, and
 * Sync Data. Each throws the API's domain errors, so both answer the same message and status.
 */

/** The period and platform filter of a query (SPEC §7), resolved in the viewer's timezone. */
export function rangeFromQuery(query: Record<string, string>, now: number, timezone: string): Range {
  const q = parseOrThrow(periodQuery, query);
  try {
    return resolveRange(q, now, timezone);
  } catch (err) {
    if (err instanceof RangeError) throw new Invalid(err.message);
    throw err;
  }
}

/** A sync's per-platform summary and its message; refused when nothing synced and something failed. */
export function syncOutcome(results: SyncResult[]) {
  const summary = summarizeByPlatform(results);
  if (summary.platformsSynced === 0 && summary.failures.length > 0) {
    throw new UpstreamFailed(`Failed to sync analytics (${failureDetail(summary)})`);
  }
  return { summary, message: syncMessage(summary) };
}

/** Sync Data: every account of the workspace now, with the posts published in the last `days` days. */
export async function syncWorkspace(services: Services, workspaceId: string, days: number) {
  const { db, now } = services;
  const ids = await workspaceAccountIds(db, workspaceId);
  if (!ids.length) throw new NotFound("No connected accounts found. Please connect your social media accounts first.");
  const deps = services.analyticsDeps();
  const publishedSince = now() - days * 86_400_000;
  const results: SyncResult[] = [];
  for (const id of ids) {
    const r = await syncAccount(id, deps, { force: true, publishedSince });
    if (r) results.push(r);
  }
  // Fresh followers and engagement show on the dashboard at once, not after its 30 s cache.
  await services.dashboard.forget(workspaceId);
  return syncOutcome(results);
}
