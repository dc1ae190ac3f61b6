import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { measuredPostBefore } from "./migration.test-helper";

/** A fixed instant: the rollup files rows by UTC week, whatever the day. */
const AT = Date.UTC(2026, 0, 20, 10);

/**
 * Migration 0079 on a workspace already holding measured posts: its best-times counter starts at 1, the weekly
 * rollup's triggers move it from then on, and deleting a workspace's counter before its weekly rows (as a workspace
 * deletion does) leaves no counter behind (ADR 116).
 */
describe("migration 0079 (best_times_versions)", () => {
  it("starts existing workspaces at 1, counts each change of their weekly rows, and never brings a deleted counter back", async () => {
    const { db, snapshot } = await measuredPostBefore("0079", AT);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const versions = async () =>
      (await db.prepare("SELECT workspace_id, version FROM best_times_versions ORDER BY workspace_id").all()).results;
    // w2 has never published: no counter, read as version 0.
    expect(await versions()).toEqual([{ workspace_id: "w1", version: 1 }]);

    // A new measurement takes the target's figures out of its week and puts the new ones in: two changes.
    await snapshot("s2", AT + 7_200_000, 9).run();
    expect(await versions()).toEqual([{ workspace_id: "w1", version: 3 }]);
    await db.prepare("DELETE FROM post_best_times_weekly WHERE workspace_id = 'w1'").run();
    expect(await versions()).toEqual([{ workspace_id: "w1", version: 4 }]);

    await snapshot("s3", AT + 10_800_000, 12).run();
    await db.batch([
      db.prepare("DELETE FROM best_times_versions WHERE workspace_id = 'w1'"),
      db.prepare("DELETE FROM post_best_times_weekly WHERE workspace_id = 'w1'"),
    ]);
    expect(await versions()).toEqual([]);
  });
});
