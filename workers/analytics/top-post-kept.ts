import type { Platform } from "../platform-profile";
import type { TargetRow } from "./aggregate";
import { platformKey } from "./period-scope";

/**
 * The top post a period ending now had at a version of its workspace's post_metrics_post_daily rows
 * (top_post_versions, ADR 136), kept in the isolate so a repeat asks D1 for the kept post's targets instead of
 * ranking the period again. Several isolates each keep their own; D1 decides whether what one keeps is current.
 */
export interface KeptTop {
  version: number;
  postId: string;
  /** The earliest publish of the post's targets in the period: while the period starts before it, none has left. */
  first: number;
  start: number;
  end: number;
}

type Period = { start: number; end: number; platforms: Platform[] | null };

/** Bounds what one isolate keeps: an entry is a few numbers, and the oldest goes first. */
const KEPT_MAX = 1_000;
const kept = new Map<string, KeptTop>();

/** The same period length and platform filter of the same workspace: periods ending now that slide along. */
const keyOf = (workspaceId: string, range: Period) =>
  `${workspaceId}:${platformKey(range.platforms)}:${range.end - range.start}`;

/**
 * Whether a top post found for `found`'s period is still the top post of `range` (the same length, later or equal),
 * given that nothing it depends on changed since (the version, checked in SQL): every other post only lost targets
 * as the start moved on, and the kept post lost none while its first publish is still inside. Targets that enter at
 * the end without a write (published at a time ahead of the clock that found it) are checked in SQL too.
 */
const stillTop = (found: KeptTop, range: Period) =>
  found.start <= range.start && found.end <= range.end && found.first >= range.start;

/** What the isolate keeps for this period, if it can still be its top post. */
export function keptTop(workspaceId: string, range: Period): KeptTop | null {
  const found = kept.get(keyOf(workspaceId, range));
  return found && stillTop(found, range) ? found : null;
}

/** Keeps the post whose targets `rows` are (the period's top post at `version`); nothing for an empty period. */
export function keepTop(workspaceId: string, range: Period, version: number | null, rows: TargetRow[]) {
  const [row] = rows;
  if (version === null || !row) return;
  const key = keyOf(workspaceId, range);
  kept.delete(key); // re-inserted last: the Map's order is the order of use
  kept.set(key, {
    version,
    postId: row.postId,
    first: Math.min(...rows.map((r) => r.publishedAt)),
    start: range.start,
    end: range.end,
  });
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
}
