import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

/**
 * Migration 0077: a Meta delivery names the network's accounts, not ours, and `accountsNamed` (delivery-reads.ts)
 * looks the connected ones up by that id across the shard. Without an index led by the id, SQLite searches the
 * status index: every connected account of every workspace on the shard.
 */
describe("migration 0077 (connected accounts by the network's id)", () => {
  it("lets a delivery's account read search by the network's ids, not scan the shard's connected accounts", async () => {
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id, workspace_id, platform, platform_user_id, username FROM connected_accounts
       WHERE platform_user_id IN (?, ?, ?) AND status = ?`,
    )
      .bind("p1", "p2", "p3", "connected")
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("\n")).toContain(
      "USING INDEX connected_accounts_remote_idx (platform_user_id=? AND status=?)",
    );
  });
});
