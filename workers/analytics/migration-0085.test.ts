import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "../inbox/migration.test-helper";

/** A fixed UTC midnight: the rollups file growth by UTC day and quarter-hour, whatever the day. */
const DAY = Date.UTC(2026, 0, 20);
const SLOT = 900_000;

/**
 * Migration 0085 (ADR 135) on a workspace already holding engagement on two platforms, one of its days older than
 * the snapshots kept: each day's total is its platforms' quarter-hours added up, and the triggers keep it from then on.
 */
describe("migration 0085 (post_engagement_daily_total)", () => {
  it("adds up the platforms' rows of every day, then files each new snapshot's growth into its day", async () => {
    const db = await inboxAccountBefore("0085");
    const slots = (entries: Record<number, number>) =>
      JSON.stringify(Array.from({ length: 96 }, (_, i) => entries[i] ?? 0));
    const row = (day: number, platform: string, likes: Record<number, number>, shares: Record<number, number>) =>
      db
        .prepare(
          "INSERT INTO post_engagement_daily (workspace_id, day, platform, likes, comments, shares) VALUES ('w1', ?1, ?2, ?3, ?4, ?5)",
        )
        .bind(day, platform, slots(likes), slots({}), slots(shares));
    // Rows as the rollup holds them after retention: no snapshots behind them.
    await db.batch([
      row(DAY - 86_400_000, "instagram", { 95: 4 }, {}),
      row(DAY, "instagram", { 0: 3, 40: 1 }, { 40: 2 }),
      row(DAY, "facebook", { 40: 5, 41: -1 }, {}),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const totals = async () =>
      (
        await db
          .prepare("SELECT day, likes, comments, shares FROM post_engagement_daily_total ORDER BY day")
          .all<{ day: number; likes: string; comments: string; shares: string }>()
      ).results.map((r) => ({
        day: r.day,
        likes: JSON.parse(r.likes),
        comments: JSON.parse(r.comments),
        shares: JSON.parse(r.shares),
      }));
    const zero = JSON.parse(slots({}));
    expect(await totals()).toEqual([
      { day: DAY - 86_400_000, likes: JSON.parse(slots({ 95: 4 })), comments: zero, shares: zero },
      {
        day: DAY,
        likes: JSON.parse(slots({ 0: 3, 40: 6, 41: -1 })),
        comments: zero,
        shares: JSON.parse(slots({ 40: 2 })),
      },
    ]);

    // A snapshot after the migration: its growth (its first, so all of it) lands in its day's total too.
    await db.batch([
      db.prepare(
        "INSERT INTO posts (id, workspace_id, user_id, content, status) VALUES ('p1', 'w1', 'u1', 'x', 'published')",
      ),
      db
        .prepare(
          "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, published_at) VALUES ('t1', 'p1', 'w1', 'facebook', 'a1', 'published', ?)",
        )
        .bind(DAY),
      db
        .prepare(
          "INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES ('s1', 't1', 'p1', 'a1', 'w1', 'facebook', ?, 10, 5, 7, 1, 0, 0, 0, 0)",
        )
        .bind(DAY + 40 * SLOT + 60_000),
    ]);
    const [, today] = await totals();
    expect(today!.likes[40]).toBe(13);
    expect(today!.comments[40]).toBe(1);
  });
});
