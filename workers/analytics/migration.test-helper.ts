import { inboxAccountBefore } from "../inbox/migration.test-helper";

/**
 * A database migrated up to (not including) migration `next`, holding workspace w1's post t1 published at `at` on
 * Facebook and measured once, and a workspace w2 that never published. `snapshot` measures t1 again.
 */
export async function measuredPostBefore(next: string, at: number) {
  const db = await inboxAccountBefore(next);
  const snapshot = (id: string, takenAt: number, likes: number) =>
    db
      .prepare(
        "INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?1, 't1', 't1', 'a1', 'w1', 'facebook', ?2, 10, 5, ?3, 1, 0, 0, 0, 0)",
      )
      .bind(id, takenAt, likes);
  await db.batch([
    db.prepare(
      "INSERT INTO posts (id, workspace_id, user_id, content, status) VALUES ('t1', 'w1', 'u1', 'x', 'published')",
    ),
    db
      .prepare(
        "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, published_at) VALUES ('t1', 't1', 'w1', 'facebook', 'a1', 'published', ?)",
      )
      .bind(at),
    snapshot("s1", at + 3_600_000, 5),
    db.prepare("INSERT INTO workspaces (id, name) VALUES ('w2', 'Quiet')"),
  ]);
  return { db, snapshot };
}
