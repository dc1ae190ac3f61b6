import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "../inbox/migration.test-helper";

/** Fixed instants: the rows below are data, not times the app compares with now. */
const AT = Date.UTC(2026, 0, 20, 9);
const HOUR = 3600_000;

/**
 * Migration 0083 on channels queued before 0081 (ADR 126): each waiting channel of an account with a queue comes to
 * hold the instant it is due at; of two that raced onto one instant, the first created holds it and the other
 * stays unslotted; an instant held since 0081 stays with its holder; accounts without a queue, drafts and failed
 * channels are untouched. Then a channel placed by the queue can no longer share an old channel's slot.
 */
describe("migration 0083 (queue_slot backfill)", () => {
  it("gives each old queued instant one holder and leaves the rest as they were", async () => {
    const db = await inboxAccountBefore("0083");
    const target = (id: string, account: string, at: number, o: { status?: string; slot?: number; made: number }) =>
      db
        .prepare(
          "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, due_at, queue_slot, created_at) VALUES (?1, 'p1', 'w1', 'facebook', ?2, ?3, ?4, ?5, ?6)",
        )
        .bind(id, account, o.status ?? "scheduled", at, o.slot ?? null, o.made);
    await db.batch([
      db.prepare(
        "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES ('a2', 'w1', 'u1', 'facebook', 'p2', 'q', 'Q', 'page', 'enc')",
      ),
      db
        .prepare("INSERT INTO account_queues (account_id, workspace_id, slots) VALUES ('a1', 'w1', ?)")
        .bind(JSON.stringify([{ day: 2, time: "09:00" }])),
      db.prepare(
        "INSERT INTO posts (id, workspace_id, user_id, content, status) VALUES ('p1', 'w1', 'u1', 'x', 'scheduled')",
      ),
      // Two Add to queue calls that raced before 0081: both due at AT; "raced" came second.
      target("raced", "a1", AT, { made: 2 }),
      target("first", "a1", AT, { made: 1 }),
      target("alone", "a1", AT + HOUR, { made: 3 }),
      target("draft", "a1", AT + 2 * HOUR, { status: "draft", made: 4 }),
      target("failed", "a1", AT + 3 * HOUR, { status: "failed", made: 5 }),
      // Placed by the queue since 0081 (it holds its slot), beside an older channel at the same instant.
      target("older", "a1", AT + 4 * HOUR, { made: 6 }),
      target("holder", "a1", AT + 4 * HOUR, { slot: AT + 4 * HOUR, made: 7 }),
      // An account without a queue: its channels were scheduled by hand.
      target("by-hand", "a2", AT, { made: 8 }),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const slots = await db.prepare("SELECT id, queue_slot FROM post_targets ORDER BY created_at").all();
    expect(slots.results).toEqual([
      { id: "first", queue_slot: AT },
      { id: "raced", queue_slot: null },
      { id: "alone", queue_slot: AT + HOUR },
      { id: "draft", queue_slot: null },
      { id: "failed", queue_slot: null },
      { id: "older", queue_slot: null },
      { id: "holder", queue_slot: AT + 4 * HOUR },
      { id: "by-hand", queue_slot: null },
    ]);
    // A channel the queue places now cannot take the old channel's slot (before, the index let it in).
    await target("new", "a1", AT, { made: 9 }).run();
    await expect(db.prepare("UPDATE post_targets SET queue_slot = due_at WHERE id = 'new'").run()).rejects.toThrow(
      /UNIQUE constraint failed: post_targets.account_id, post_targets.due_at/,
    );
  });
});
