import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { posts, postTargets } from "../db/schema/posts";
import { derivePostStatus, type TargetStatus } from "../delivery/state";

/**
 * The moves of channels (post_targets) that other modules ask publishing for: a post command's channels, an
 * approver's decision and the queue's placements. Each keeps the post's row in step in the same D1 batch: its
 * status derived from its channels (never set apart from them), its shown time from its earliest waiting channel.
 * The post commands' statements join their batch, whose post row carries the status its channels make.
 */
export class TargetMoves {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new post's channels, or an edit's fresh ones (the same ids for the channels an edit keeps). */
  add(rows: Array<typeof postTargets.$inferInsert>) {
    return rows.length ? [this.db.insert(postTargets).values(rows)] : [];
  }

  /** An edit's channels not yet sent, given way to its fresh ones (`add`). */
  drop(ids: string[]) {
    return ids.length ? [this.db.delete(postTargets).where(inArray(postTargets.id, ids))] : [];
  }

  /** Publish Now: the channels not yet sent become due `at` (`scheduled`), or wait for approval, from attempt one. */
  dueNow(ids: string[], status: "scheduled" | "pending_approval", at: number) {
    return this.db
      .update(postTargets)
      .set({
        status,
        dueAt: status === "scheduled" ? at : null,
        attemptCount: 0,
        errorKind: null,
        errorMessage: null,
        updatedAt: at,
      })
      .where(inArray(postTargets.id, ids));
  }

  /**
   * An approver's decision on a post's channels waiting for approval: `scheduled`, due at `dueAt`, or back to
   * draft when rejected; written with `also` (the decision's own rows) in one batch.
   */
  async decide(postId: string, decision: { dueAt: number } | { rejected: true }, also: BatchItem<"sqlite">[]) {
    const { db } = this;
    const now = this.now();
    const approved = "dueAt" in decision;
    const status: TargetStatus = approved ? "scheduled" : "draft";
    const targets = await db
      .select({ status: postTargets.status, errorKind: postTargets.errorKind })
      .from(postTargets)
      .where(eq(postTargets.postId, postId));
    const after = targets.map((t) => (t.status === "pending_approval" ? { status } : t));
    await db.batch([
      db
        .update(postTargets)
        .set({ status, dueAt: approved ? decision.dueAt : null, updatedAt: now })
        .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "pending_approval"))),
      db
        .update(posts)
        .set({
          status: derivePostStatus(after),
          ...(approved ? { scheduledAt: decision.dueAt } : {}),
          updatedAt: now,
        })
        .where(eq(posts.id, postId)),
      ...also,
    ]);
  }

  /**
   * Waiting channels moved to new due times (Add to queue, a reorder, Share next with `restart`, whose attempt
   * count starts over), each only while still `scheduled`; every post touched shows its earliest waiting time.
   */
  async retime(moves: Array<{ id: string; postId: string; dueAt: number }>, options: { restart?: boolean } = {}) {
    const { db } = this;
    const now = this.now();
    const [first, ...rest] = moves.map((m) =>
      db
        .update(postTargets)
        .set({ dueAt: m.dueAt, ...(options.restart ? { attemptCount: 0 } : {}), updatedAt: now })
        .where(and(eq(postTargets.id, m.id), eq(postTargets.status, "scheduled"))),
    );
    if (!first) return;
    const postIds = [...new Set(moves.map((m) => m.postId))];
    await db.batch([first, ...rest, ...postIds.map((id) => this.earliestDue(id, now))]);
  }

  /** The post's shown time follows its earliest waiting channel. */
  private earliestDue(postId: string, now: number) {
    return this.db
      .update(posts)
      .set({
        scheduledAt: sql`coalesce((SELECT min(due_at) FROM post_targets WHERE post_id = ${postId} AND status = 'scheduled'), ${posts.scheduledAt})`,
        updatedAt: now,
      })
      .where(eq(posts.id, postId));
  }
}
