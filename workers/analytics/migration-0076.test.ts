import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "../inbox/migration.test-helper";

const HOUR = 3_600_000;
/** A fixed UTC midnight: the migration files rows by the hour of publishing, whatever the day. */
const DAY = Date.UTC(2026, 0, 20);

/**
 * Migration 0076 on a workspace already holding published, measured targets: post_metrics_hourly is filled with
 * post_metrics_daily's sums per hour of publishing, and its triggers keep it from then on.
 */
describe("migration 0076 (post_metrics_hourly)", () => {
  it("fills the hourly rows from the published targets and their current metrics, and keeps them after", async () => {
    const db = await inboxAccountBefore("0076");
    const target = (id: string, status: string, publishedAt: number | null) =>
      db
        .prepare(
          "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, published_at) VALUES (?1, ?1, 'w1', 'facebook', 'a1', ?2, ?3)",
        )
        .bind(id, status, publishedAt);
    const snapshot = (id: string, targetId: string, takenAt: number, likes: number) =>
      db
        .prepare(
          "INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?1, ?2, ?2, 'a1', 'w1', 'facebook', ?3, 10, 5, ?4, 1, 0, 0, 0, 0)",
        )
        .bind(id, targetId, takenAt, likes);
    await db.batch([
      ...["t1", "t2", "t3", "t4"].map((id) =>
        db
          .prepare(
            "INSERT INTO posts (id, workspace_id, user_id, content, status) VALUES (?, 'w1', 'u1', 'x', 'published')",
          )
          .bind(id),
      ),
      target("t1", "published", DAY + 10 * HOUR + 5 * 60_000),
      target("t2", "published", DAY + 10 * HOUR + 50 * 60_000),
      target("t3", "published", DAY + 11 * HOUR + 30 * 60_000),
      target("t4", "scheduled", null),
      snapshot("s1", "t1", DAY + 12 * HOUR, 5),
      snapshot("s2", "t2", DAY + 12 * HOUR, 7),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const hourly = async () =>
      (
        await db
          .prepare(
            "SELECT hour, account_id, platform, targets, likes, comments, reach FROM post_metrics_hourly ORDER BY hour",
          )
          .all()
      ).results;
    const row = (h: number, targets: number, likes: number, comments: number, reach: number) => ({
      hour: DAY + h * HOUR,
      account_id: "a1",
      platform: "facebook",
      targets,
      likes,
      comments,
      reach,
    });
    expect(await hourly()).toEqual([row(10, 2, 12, 2, 10), row(11, 1, 0, 0, 0)]);

    // From here the triggers: t4 is published at 11:10, t3 measured, t1 measured again, t2 deleted.
    await db.batch([
      db
        .prepare("UPDATE post_targets SET status = 'published', published_at = ? WHERE id = 't4'")
        .bind(DAY + 11 * HOUR + 10 * 60_000),
      snapshot("s3", "t3", DAY + 13 * HOUR, 4),
      snapshot("s4", "t1", DAY + 13 * HOUR, 9),
      db.prepare("DELETE FROM post_metric_snapshots WHERE target_id = 't2'"),
      db.prepare("DELETE FROM post_metrics_current WHERE target_id = 't2'"),
      db.prepare("DELETE FROM post_targets WHERE id = 't2'"),
    ]);
    expect(await hourly()).toEqual([row(10, 1, 9, 1, 5), row(11, 2, 4, 1, 5)]);
  });
});
