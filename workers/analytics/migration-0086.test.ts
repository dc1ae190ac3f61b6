import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { measuredPostBefore } from "./migration.test-helper";

/** A fixed instant: the rollup files rows by UTC day, whatever the day. */
const AT = Date.UTC(2026, 0, 20, 10);

/**
 * Migration 0086 on a workspace already holding measured posts: its top-post counter starts at 1, the daily top-post
 * rollup's triggers move it from then on, and deleting a workspace's counter before its daily rows (as a workspace
 * deletion does) leaves no counter behind (ADR 136).
 */
describe("migration 0086 (top_post_versions)", () => {
  it("starts existing workspaces at 1, counts each change of their daily top-post rows, and never brings a deleted counter back", async () => {
    const { db, snapshot } = await measuredPostBefore("0086", AT);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const versions = async () =>
      (await db.prepare("SELECT workspace_id, version FROM top_post_versions ORDER BY workspace_id").all()).results;
    // w2 has never published: no counter, and nothing of it is kept.
    expect(await versions()).toEqual([{ workspace_id: "w1", version: 1 }]);

    // A new measurement takes the target's figures out of its day row and puts the new ones in: two changes.
    await snapshot("s2", AT + 7_200_000, 9).run();
    expect(await versions()).toEqual([{ workspace_id: "w1", version: 3 }]);
    // Moving the target to another day takes it out of one day row and into another.
    await db
      .prepare("UPDATE post_targets SET published_at = ? WHERE id = 't1'")
      .bind(AT + 86_400_000)
      .run();
    const moved = (await versions())[0] as { version: number };
    expect(moved.version).toBeGreaterThan(3);
    await db.prepare("DELETE FROM post_metrics_post_daily WHERE workspace_id = 'w1'").run();
    expect(((await versions())[0] as { version: number }).version).toBeGreaterThan(moved.version);

    await snapshot("s3", AT + 10_800_000, 12).run();
    await db.batch([
      db.prepare("DELETE FROM top_post_versions WHERE workspace_id = 'w1'"),
      db.prepare("DELETE FROM post_metrics_post_daily WHERE workspace_id = 'w1'"),
    ]);
    expect(await versions()).toEqual([]);
  });
});
