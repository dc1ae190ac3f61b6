import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "../inbox/migration.test-helper";

/** A fixed instant: the rows below are data, not times the app compares with now. */
const AT = Date.UTC(2026, 0, 20, 9);

/**
 * Migration 0081 on an account whose queue already has two channels due at one instant (two Add to queue calls that
 * raced before it, ADR 022): they migrate as they are, holding no slot; from then on a slot holds one queued channel,
 * and a channel scheduled by hand still shares its instant (ADR 126).
 */
describe("migration 0081 (queue_slot)", () => {
  it("keeps channels already sharing an instant, then lets one queued channel hold a slot beside any scheduled by hand", async () => {
    const db = await inboxAccountBefore("0081");
    const target = (id: string, at: number) =>
      db
        .prepare(
          "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, due_at) VALUES (?1, 'p1', 'w1', 'facebook', 'a1', 'scheduled', ?2)",
        )
        .bind(id, at);
    await db.batch([
      db.prepare(
        "INSERT INTO posts (id, workspace_id, user_id, content, status) VALUES ('p1', 'w1', 'u1', 'x', 'scheduled')",
      ),
      target("t1", AT),
      target("t2", AT),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const slots = await db.prepare("SELECT id, queue_slot FROM post_targets ORDER BY id").all();
    expect(slots.results).toEqual([
      { id: "t1", queue_slot: null },
      { id: "t2", queue_slot: null },
    ]);

    const place = (id: string) => db.prepare("UPDATE post_targets SET queue_slot = due_at WHERE id = ?").bind(id).run();
    await place("t1");
    await expect(place("t2")).rejects.toThrow(/UNIQUE constraint failed: post_targets.account_id, post_targets.due_at/);
    // A third channel scheduled by hand at that instant is no slot holder: it is written.
    await target("t3", AT).run();
    // A failed queued channel lets go of its slot.
    await db.prepare("UPDATE post_targets SET status = 'failed' WHERE id = 't1'").run();
    await place("t2");
  });
});
