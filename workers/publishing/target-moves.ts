import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { postTargets } from "../db/schema/posts";
import type { TargetStatus } from "../delivery";
import {
  decideTargets,
  deleteTargets,
  dueNow,
  earliestDue,
  freeSlots,
  insertTargets,
  type RetimeMove,
  retimeTarget,
} from "./target-writes";

/**
 * The moves of channels (post_targets) that other modules ask publishing for: a post command's channels, an
 * approver's decision and the queue's placements. Each keeps the post's row in step in the same D1 batch: its
 * status derived from its channels (never set apart from them), its shown time from its earliest waiting channel.
 * The post commands' statements join their batch, whose post row carries the status its channels make.
 * The statements themselves are target-writes.ts' (ADR 080).
 */
export class TargetMoves {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new post's channels, or an edit's fresh ones (the same ids for the channels an edit keeps). */
  add(rows: Array<typeof postTargets.$inferInsert>) {
    return insertTargets(this.db, rows);
  }

  /** An edit's channels not yet sent, given way to its fresh ones (`add`). */
  drop(ids: string[]) {
    return deleteTargets(this.db, ids);
  }

  /** Publish Now: the channels not yet sent become due `at` (`scheduled`), or wait for approval, from attempt one. */
  dueNow(ids: string[], status: "scheduled" | "pending_approval", at: number) {
    return dueNow(this.db, ids, status, at);
  }

  /**
   * An approver's decision on a post's channels waiting for approval: `scheduled`, due at `dueAt`, or back to
   * draft when rejected; written with `also` (the decision's own rows) in one batch.
   */
  async decide(postId: string, decision: { dueAt: number } | { rejected: true }, also: BatchItem<"sqlite">[]) {
    const { db } = this;
    const approved = "dueAt" in decision;
    const status: TargetStatus = approved ? "scheduled" : "draft";
    const targets = await db
      .select({ status: postTargets.status, errorKind: postTargets.errorKind })
      .from(postTargets)
      .where(eq(postTargets.postId, postId));
    const after = targets.map((t) => (t.status === "pending_approval" ? { status } : t));
    const moves = decideTargets(
      db,
      { id: postId, after },
      { status, dueAt: approved ? decision.dueAt : null },
      this.now(),
    );
    await db.batch([...moves, ...also]);
  }

  /**
   * Waiting channels moved to new due times (Add to queue, a reorder, Share next with `restart`, whose attempt
   * count starts over), each only while still `scheduled`; every post touched shows its earliest waiting time.
   * Moves naming a `slot` let go of their old ones first, then hold the new ones: one queued channel per account
   * and slot (ADR 126), so a slot another channel took meanwhile fails the whole batch (`isUniqueViolation`).
   */
  async retime(moves: Array<RetimeMove & { postId: string }>, options: { restart?: boolean } = {}) {
    const now = this.now();
    const slotted = moves.filter((m) => m.slot !== undefined).map((m) => m.id);
    const retimes = moves.map((m) => retimeTarget(this.db, m, options.restart ?? false, now));
    const [first, ...rest] = [...freeSlots(this.db, slotted), ...retimes];
    if (!first) return;
    const postIds = [...new Set(moves.map((m) => m.postId))];
    await this.db.batch([first, ...rest, ...postIds.map((id) => earliestDue(this.db, id, now))]);
  }
}
