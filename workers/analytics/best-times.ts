import { byPlatform, PLATFORM_NAMES, type Platform } from "../platform-profile";
import { type PublishSample, publishSamples, round, type TargetRow, WEEKDAYS } from "./aggregate";
import { offsetIn, weekdayHourIn } from "./period";
import { DAY_MS, SLOT_MS, unitStarts, WEEK_MS } from "./rollup-ranges";

/** SPEC §9 suggested posting times (local hours); platforms the spec does not list use Instagram's. */
export const SUGGESTED_HOURS: Partial<Record<Platform, number[]>> = byPlatform((p) =>
  p.postingTimes?.map((time) => Number.parseInt(time, 10)),
);
/** Below this many published posts with metrics the user's own data is too thin to rank hours. */
export const MIN_POSTS_FOR_COMPUTED = 10;

export interface BestTime {
  weekday: number;
  day: string;
  hour: number;
  posts: number;
  avgEngagement: number;
}

export function bestTimes(rows: TargetRow[], timezone: string, platform: Platform | null, limit = 5) {
  const measured = rows.filter((r) => r.hasMetrics && (!platform || r.platform === platform));
  return rankBestTimes(publishSamples(measured), timezone, platform, limit);
}

/** A post_best_times_weekly row: slot i is the quarter-hour starting at week + i·SLOT_MS. */
export interface WeekSlots {
  week: number;
  posts: number[];
  engagement: number[];
}

/**
 * Best-times samples from weekly quarter-hour rows, folded so that ranking them costs ~672 samples per UTC offset
 * instead of one per non-empty quarter-hour ever: through a week whose eight UTC midnights (its own and the next
 * week's first) have one offset, slot i falls on the same local weekday and hour in every such week (weeks are 7 days
 * apart), so those weeks are summed slot by slot per offset and sampled at the first one's slots. A switch between
 * two midnights changes the later one's offset (`weekdayHourIn` assumes, as here, that no zone switches and switches
 * back within a day), so a week holding a DST switch keeps a sample per slot. `rankBestTimes` answers the same as over
 * every quarter-hour; the offset is looked up once per midnight, not twice per day.
 */
export function weeklySamples(rows: WeekSlots[], timezone: string): PublishSample[] {
  const offsetAt = offsetIn(timezone);
  const folded = new Map<number, WeekSlots>();
  const samples: PublishSample[] = [];
  const sample = (r: WeekSlots) => {
    r.posts.forEach((n, i) => {
      if (n > 0) samples.push({ at: r.week + i * SLOT_MS, posts: n, engagement: r.engagement[i] ?? 0 });
    });
  };
  for (const r of rows) {
    const [offset, ...rest] = unitStarts({ start: r.week, end: r.week + WEEK_MS + DAY_MS }, DAY_MS).map(offsetAt);
    if (offset === undefined || rest.some((o) => o !== offset)) {
      sample(r);
      continue;
    }
    const sum = folded.get(offset);
    if (!sum) folded.set(offset, { week: r.week, posts: [...r.posts], engagement: [...r.engagement] });
    else
      r.posts.forEach((n, i) => {
        sum.posts[i] = (sum.posts[i] ?? 0) + n;
        sum.engagement[i] = (sum.engagement[i] ?? 0) + (r.engagement[i] ?? 0);
      });
  }
  for (const sum of folded.values()) sample(sum);
  return samples;
}

/** Ranks local (weekday, hour) slots by average engagement; `platform` only picks the suggested hours. */
export function rankBestTimes(samples: PublishSample[], timezone: string, platform: Platform | null, limit = 5) {
  const analyzed = samples.reduce((n, s) => n + s.posts, 0);
  if (analyzed < MIN_POSTS_FOR_COMPUTED) {
    const hours = (platform && SUGGESTED_HOURS[platform]) ?? SUGGESTED_HOURS.instagram!;
    const whose = PLATFORM_NAMES[platform && SUGGESTED_HOURS[platform] ? platform : "instagram"];
    const needed = MIN_POSTS_FOR_COMPUTED - analyzed;
    return {
      source: "suggested" as const,
      label: `Suggested times for ${whose}. Your own best times appear after ${needed} more published ${needed === 1 ? "post" : "posts"} with metrics (${analyzed} of ${MIN_POSTS_FOR_COMPUTED} so far).`,
      timezone,
      postsAnalyzed: analyzed,
      postsNeeded: needed,
      hours,
      times: [] as BestTime[],
    };
  }
  const slots = new Map<string, BestTime & { engagement: number }>();
  const local = weekdayHourIn(timezone);
  for (const r of samples) {
    const { weekday, hour } = local(r.at);
    const key = `${weekday}:${hour}`;
    const slot = slots.get(key) ?? {
      weekday,
      day: WEEKDAYS[weekday]!,
      hour,
      posts: 0,
      avgEngagement: 0,
      engagement: 0,
    };
    slot.posts += r.posts;
    slot.engagement += r.engagement;
    slots.set(key, slot);
  }
  const times = [...slots.values()]
    .map(({ engagement, ...s }) => ({ ...s, avgEngagement: round(engagement / s.posts) }))
    .sort((a, b) => b.avgEngagement - a.avgEngagement || a.weekday - b.weekday || a.hour - b.hour)
    .slice(0, limit);
  return {
    source: "computed" as const,
    label: `Based on engagement of your ${analyzed} published posts`,
    timezone,
    postsAnalyzed: analyzed,
    postsNeeded: 0,
    hours: [...new Set(times.map((t) => t.hour))],
    times,
  };
}
