import { and, asc, eq, inArray, isNull, not, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { connectedAccounts } from "../db/schema/accounts";
import { media } from "../db/schema/media";
import { posts, postTargets } from "../db/schema/posts";
import { Conflict, notFound } from "../errors";
import { affectedPostSummary, mediaDeletion } from "../media";
import {
  HELD_ON_CHANGES,
  HELD_ON_DISCONNECT,
  HELD_ON_MEDIA_DELETE,
  HoldMessages,
  HoldReason,
  RELEASED_ON_RECONNECT,
  unlinkFromPostsNotLive,
} from "../posts";
import { hold, refreshPostStatus, release } from "./target-writes";

export const MEDIA_SENDING_NOW =
  "This media is in a post being published right now. Try again in a minute, once it has finished.";

/** Holds channels that can no longer go out as scheduled, and releases them (see channel-holds.ts). Scoped to the workspace. */
export class ChannelHolds {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Deletes a media file from the library and, in the same transaction, holds the waiting channels of every post
   * that uses it. Neither happens while such a post is being sent (409): that send already carries the file. A
   * post live on a platform keeps its link, so a file it uses stays as a tombstone (its row and thumbnail; ADR
   * 075); otherwise the row goes. Returns the R2 keys for the caller to remove.
   */
  async deleteMedia(workspaceId: string, mediaId: string): Promise<string[]> {
    const [row] = await this.db
      .select({ name: media.originalName })
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.workspaceId, workspaceId), isNull(media.deletedAt)));
    if (!row) throw notFound();
    const usedBy = sql`(SELECT post_id FROM post_media WHERE media_id = ${mediaId})`;
    const sending = sql`EXISTS (SELECT 1 FROM post_targets t WHERE t.post_id IN ${usedBy} AND t.status = 'publishing')`;
    const now = this.now();
    const [keep, drop] = mediaDeletion(this.db, workspaceId, mediaId, sending, now);
    const [held, , kept, gone] = await this.db.batch([
      hold(
        this.db,
        and(
          sql`${postTargets.postId} IN ${usedBy}`,
          eq(postTargets.workspaceId, workspaceId),
          inArray(postTargets.status, HELD_ON_MEDIA_DELETE),
          not(sending),
        ),
        { errorKind: HoldReason.mediaDeleted, errorMessage: HoldMessages.mediaDeleted(row.name) },
        now,
      ),
      unlinkFromPostsNotLive(this.db, mediaId, not(sending)),
      keep,
      drop,
    ]);
    if (kept.length === 0 && gone.length === 0) throw new Conflict(MEDIA_SENDING_NOW);
    await this.refresh(held.map((h) => h.postId));
    return kept.length ? [kept[0]!.key] : [gone[0]!.key, ...(gone[0]!.thumbKey ? [gone[0]!.thumbKey] : [])];
  }

  /**
   * The posts whose channels a disconnect of these accounts would hold (the confirmation lists them);
   * with `alsoHeld`, also those already held waiting for these accounts' reconnect (the account's health).
   */
  async affectedByDisconnect(workspaceId: string, accountIds: string[], opts: { alsoHeld?: boolean } = {}) {
    if (accountIds.length === 0) return [];
    const waiting = inArray(postTargets.status, HELD_ON_DISCONNECT);
    const state = opts.alsoHeld
      ? or(waiting, and(eq(postTargets.status, "held"), inArray(postTargets.errorKind, RELEASED_ON_RECONNECT)))
      : waiting;
    // Instagram's disconnect names every Instagram and Facebook account of the workspace (not capped): in runs
    // beside the workspace and the statuses (at most 6 values).
    const found = await readInRuns(accountIds, 6, (run) =>
      this.db
        .selectDistinct({
          id: posts.id,
          content: posts.content,
          status: posts.status,
          scheduledAt: posts.scheduledAt,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(and(eq(postTargets.workspaceId, workspaceId), inArray(postTargets.accountId, run), state))
        .orderBy(asc(posts.scheduledAt)),
    );
    // A post on accounts of several runs is one post; nulls first, as SQLite orders them.
    const rows = [...new Map(found.map((r) => [r.id, r])).values()].sort(
      (a, b) => (a.scheduledAt ?? -Infinity) - (b.scheduledAt ?? -Infinity),
    );
    return rows.map(affectedPostSummary);
  }

  /** Holds the waiting channels of accounts being disconnected: they wait for a reconnect instead of vanishing. */
  async holdForDisconnect(
    workspaceId: string,
    accounts: Array<{ id: string; platform: (typeof postTargets.$inferSelect)["platform"]; username: string }>,
  ) {
    if (accounts.length === 0) return;
    const now = this.now();
    const updates = accounts.map((a) =>
      hold(
        this.db,
        and(
          eq(postTargets.workspaceId, workspaceId),
          eq(postTargets.accountId, a.id),
          inArray(postTargets.status, HELD_ON_DISCONNECT),
        ),
        {
          errorKind: HoldReason.accountDisconnected,
          errorMessage: HoldMessages.accountDisconnected(a.platform, a.username),
        },
        now,
      ),
    );
    const held = await this.db.batch(updates as [(typeof updates)[number], ...typeof updates]);
    await this.refresh(held.flat().map((h) => h.postId));
  }

  /**
   * Holds the waiting channels of an account the platform stopped accepting (the daily check, a refused
   * refresh or publish flagged it needs_reconnect): they wait for a reconnect instead of failing one by one.
   * Not scoped by workspace: the account id comes from the flagging, which already owns it.
   */
  async holdForReconnect(accountId: string, reason: string): Promise<void> {
    const held = await hold(
      this.db,
      and(eq(postTargets.accountId, accountId), inArray(postTargets.status, HELD_ON_DISCONNECT)),
      { errorKind: HoldReason.accountNeedsReconnect, errorMessage: HoldMessages.accountNeedsReconnect(reason) },
      this.now(),
    );
    await this.refresh(held.map((h) => h.postId));
  }

  /**
   * A reconnected account takes its held channels back: rescheduled, or asking for a new time if theirs
   * passed. The ids come from the OAuth callback's own upsert; each account releases only its workspace's channels.
   */
  async releaseForReconnect(accountIds: string[]): Promise<void> {
    // One consent may store every Page its person manages: the ids go in runs, beside the hold reasons and the
    // two statuses.
    const waiting = await readInRuns(accountIds, RELEASED_ON_RECONNECT.length + 2, (run) =>
      this.db
        .select({ id: postTargets.id, postId: postTargets.postId, dueAt: postTargets.dueAt })
        .from(postTargets)
        .innerJoin(
          connectedAccounts,
          and(
            eq(connectedAccounts.id, postTargets.accountId),
            eq(connectedAccounts.workspaceId, postTargets.workspaceId),
          ),
        )
        .where(
          and(
            inArray(postTargets.accountId, run),
            eq(postTargets.status, "held"),
            inArray(postTargets.errorKind, RELEASED_ON_RECONNECT),
            eq(connectedAccounts.status, "connected"),
          ),
        ),
    );
    if (waiting.length === 0) return;
    const now = this.now();
    const updates = waiting.map((t) => release(this.db, t, now));
    await this.db.batch(updates as [(typeof updates)[number], ...typeof updates]);
    await this.refresh(waiting.map((t) => t.postId));
  }

  /**
   * A client's "Request changes" (ADR 078): the post's channels not yet sent are held until an edit replaces them,
   * written with `also` (the review's own rows) in one batch. A channel being sent right now is left to finish.
   */
  async holdForChanges(workspaceId: string, postId: string, message: string, also: BatchItem<"sqlite">[]) {
    const now = this.now();
    await this.db.batch([
      hold(
        this.db,
        and(
          eq(postTargets.workspaceId, workspaceId),
          eq(postTargets.postId, postId),
          inArray(postTargets.status, HELD_ON_CHANGES),
        ),
        { errorKind: HoldReason.changesRequested, errorMessage: message },
        now,
      ),
      ...also,
    ]);
    await this.refresh([postId]);
  }

  private async refresh(postIds: string[]) {
    for (const id of new Set(postIds)) await refreshPostStatus(this.db, id, this.now());
  }
}
