import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedBefore } from "../test/migration-db";

/** Migration 0052 on a directory holding workspaces: they keep their rows and shard, and none is moving (ADR 082). */
describe("migration 0052 (workspace moves)", () => {
  it("adds the move columns empty to existing workspaces", async () => {
    const db = await migratedBefore("0052");
    await db
      .prepare(
        "INSERT INTO workspaces (id, name, shard, created_at, updated_at) VALUES ('w1', 'Acme', 'SHARD_B', 1, 1)",
      )
      .run();
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const row = await db.prepare("SELECT id, name, shard, moving_to, move_step FROM workspaces").first();
    expect(row).toEqual({ id: "w1", name: "Acme", shard: "SHARD_B", moving_to: null, move_step: null });
  });
});
