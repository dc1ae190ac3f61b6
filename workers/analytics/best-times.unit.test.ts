import { describe, expect, it } from "vitest";
import type { PublishSample } from "./aggregate";
import { rankBestTimes, type WeekSlots, weeklySamples } from "./best-times";
import { SLOT_MS, WEEK_MS } from "./rollup-ranges";

/** A seeded generator, so a failure reproduces. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe("weeklySamples", () => {
  // Two years of quarter-hours (two DST seasons each way), most empty, as the daily rollup's samples and as weekly rows.
  const next = random(7);
  const start = Date.UTC(2025, 0, 1, 5, 45);
  const every: PublishSample[] = [];
  const weeks = new Map<number, WeekSlots>();
  for (let at = start; at < start + 2 * 365 * 86_400_000; at += SLOT_MS) {
    if (next() < 0.6) continue;
    const posts = 1 + Math.floor(next() * 3);
    const engagement = Math.floor(next() * 500);
    every.push({ at, posts, engagement });
    const week = at - (at % WEEK_MS);
    const row = weeks.get(week) ?? { week, posts: Array(672).fill(0), engagement: Array(672).fill(0) };
    const i = (at - week) / SLOT_MS;
    row.posts[i] += posts;
    row.engagement[i] += engagement;
    weeks.set(week, row);
  }
  const rows = [...weeks.values()];

  it("ranks every local weekday and hour as the quarter-hours do, in DST, half-hour and 45-minute zones", () => {
    for (const zone of [
      "UTC",
      "America/New_York",
      "Europe/Berlin",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
    ]) {
      expect(rankBestTimes(weeklySamples(rows, zone), zone, null, 168), zone).toEqual(
        rankBestTimes(every, zone, null, 168),
      );
    }
  });

  it("folds the weeks without a switch into one week of samples per offset", () => {
    expect(every.length).toBeGreaterThan(25_000);
    // UTC: one offset, one week of quarter-hours.
    expect(weeklySamples(rows, "UTC").length).toBeLessThanOrEqual(672);
    // New York: two offsets, and the four weeks holding a switch keep their own quarter-hours.
    expect(weeklySamples(rows, "America/New_York").length).toBeLessThanOrEqual(672 * (2 + 4));
  });
});
