import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { measuredPostBefore } from "./migration.test-helper";

/** A fixed instant, the 41st quarter-hour of its UTC day: the rollups file targets by UTC day and quarter-hour. */
const AT = Date.UTC(2026, 0, 20, 10);
const DAY = AT - (AT % 86_400_000);
const slots = (entries: Record<number, number>) => Array.from({ length: 96 }, (_, i) => entries[i] ?? 0);

/**
 * Migration 0087 (ADR 137) on a workspace already publishing on three platforms: each day's total holds its
 * platforms' published targets and their engagement added up, a day with engagement only included, and the triggers
 * keep it from then on.
 */
describe("migration 0087 (post_published_daily_total)", () => {
  it("adds up the platforms' targets and engagement of every day, then counts each new target and measurement into its day", async () => {
    // A Facebook target published at AT and measured with 5 likes and 1 comment.
    const { db, snapshot } = await measuredPostBefore("0087", AT);
    const text = (entries: Record<number, number>) => JSON.stringify(slots(entries));
    // Rows as the platform rollups hold them: Instagram in the same quarter-hour and the next, and a LinkedIn day
    // whose only row is its engagement.
    await db.batch([
      db
        .prepare(
          "INSERT INTO post_published_daily (workspace_id, day, platform, targets) VALUES ('w1', ?1, 'instagram', ?2)",
        )
        .bind(DAY, text({ 40: 2, 41: 1 })),
      db
        .prepare(
          "INSERT INTO post_best_times_daily (workspace_id, day, platform, posts, engagement) VALUES ('w1', ?1, ?2, ?3, ?4)",
        )
        .bind(DAY, "instagram", text({ 40: 2 }), text({ 40: 30 })),
      db
        .prepare(
          "INSERT INTO post_best_times_daily (workspace_id, day, platform, posts, engagement) VALUES ('w1', ?1, ?2, ?3, ?4)",
        )
        .bind(DAY + 86_400_000, "linkedin", text({ 3: 1 }), text({ 3: 4 })),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const totals = async () =>
      (
        await db
          .prepare("SELECT workspace_id, day, targets, engagement FROM post_published_daily_total ORDER BY day")
          .all<{ workspace_id: string; day: number; targets: string; engagement: string }>()
      ).results.map((r) => ({ ...r, targets: JSON.parse(r.targets), engagement: JSON.parse(r.engagement) }));
    expect(await totals()).toEqual([
      { workspace_id: "w1", day: DAY, targets: slots({ 40: 3, 41: 1 }), engagement: slots({ 40: 36 }) },
      { workspace_id: "w1", day: DAY + 86_400_000, targets: slots({}), engagement: slots({ 3: 4 }) },
    ]);

    // A new measurement of the Facebook target replaces its engagement (6 → 10); a LinkedIn target published in the
    // next quarter-hour counts there.
    await snapshot("s2", AT + 7_200_000, 9).run();
    await db
      .prepare(
        "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, published_at) VALUES ('t2', 't1', 'w1', 'linkedin', 'a1', 'published', ?)",
      )
      .bind(AT + 900_000)
      .run();
    const [today] = await totals();
    expect(today).toEqual({
      workspace_id: "w1",
      day: DAY,
      targets: slots({ 40: 3, 41: 2 }),
      engagement: slots({ 40: 40 }),
    });
  });
});
