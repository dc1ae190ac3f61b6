import type { Db } from "../db/client";
import { cachedJson, cacheJson, cacheKey } from "../http/json-cache";
import type { Platform } from "../platform-profile";
import { rankBestTimes } from "./best-times";
import { changeCount } from "./change-counters";
import { loadBestTimeSamples } from "./engagement-reads";

type BestTimesAnswer = ReturnType<typeof rankBestTimes>;
type Kept = { version: number; answer: BestTimesAnswer };

/** Raised when the answer's shape changes, so what an earlier deploy kept is not served. */
const FORMAT = "1";
/** An answer is served only while its version is current; the lifetime only bounds what the cache holds. */
const KEPT_SECONDS = 86_400;

/**
 * Best times over everything a workspace published, in one viewer's timezone, for all platforms or one. Ranking
 * reads every week ever published (at 100,000 posts, 272 weeks of 672 quarter-hours: ~17 ms of the Worker's CPU) and
 * changes only when the weekly rollup does, so the answer is kept in the Cache API with the rollup's version
 * (best_times_versions, bumped by the rollup's own triggers) and served while that version is current (ADR 116).
 */
export async function bestTimesAnswer(
  db: Db,
  workspaceId: string,
  platform: Platform | null,
  timezone: string,
): Promise<BestTimesAnswer> {
  const key = cacheKey("best-times", FORMAT, workspaceId, platform ?? "all", timezone);
  const [version, kept] = await Promise.all([
    changeCount(db, "best_times_versions", workspaceId).then((v) => v ?? 0),
    cachedJson<Kept>(key),
  ]);
  if (kept?.version === version) return kept.answer;
  // The version is read before the rollup: a change between the two reads makes the next request compute again,
  // where reading it after could label an older answer with the newer version.
  const samples = await loadBestTimeSamples(db, workspaceId, platform ? [platform] : null, timezone);
  const answer = rankBestTimes(samples, timezone, platform);
  await cacheJson(key, { version, answer } satisfies Kept, KEPT_SECONDS);
  return answer;
}
