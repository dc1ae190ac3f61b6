import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQLWrapper, sql } from "drizzle-orm";
import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import { connectedAccounts, inboxCursors, inboxItems, inboxLabels, postTargets } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { notMoving } from "../tenancy/moving";
import type { IncomingComment } from "./rules";

export type InboxItemRow = typeof inboxItems.$inferSelect;
export type InboxStatus = InboxItemRow["status"];
/** What triage, drafts and the rules change on an item. */
export type ItemPatch =
  | "status"
  | "assigneeId"
  | "handledBy"
  | "handledAt"
  | "draftText"
  | "draftBy"
  | "sentiment"
  | "suggestedReply"
  | "ruleHiddenAt";

/** An item to take in, with the post of ours it is under (null: a mention elsewhere). */
export type NewItem = IncomingComment & {
  kind: InboxItemRow["kind"];
  target: { id: string; postId: string; remoteId: string } | null;
  /** A direct message's thread (ADR 092). */
  conversationId?: string;
  /** A review's stars (ADR 098). */
  rating?: number | null;
  /** When the network says it was edited (a review's update time, ADR 101). */
  editedAt?: number | null;
};

/** The account an item is taken in for. */
type ItemAccount = { id: string; workspaceId: string; platform: Platform };

/**
 * Labels carry their item's status so a label filter is an index range (ADR 102, migration 0075): every write
 * that may open or close items sends this in its batch, after the items' own update.
 */
export function labelStatus(db: Db, itemIds: string[] | SQLWrapper) {
  return db
    .update(inboxLabels)
    .set({
      status: sql`(SELECT ${inboxItems.status} FROM ${inboxItems} WHERE ${inboxItems.id} = ${inboxLabels.itemId})`,
    })
    .where(inArray(inboxLabels.itemId, itemIds));
}

/** SQL over the inbox's own tables (ADR 069); with triage-store.ts, the only writer of `inbox_items` and `inbox_cursors`. */
export class InboxStore {
  constructor(private readonly db: Db) {}

  /** Connected accounts (of the shard, or one workspace) last polled before `polledBefore`, never-polled first. */
  accountsToPoll(polledBefore: number, limit: number, workspaceId?: string, moving: readonly string[] = []) {
    return this.db
      .select({
        id: connectedAccounts.id,
        workspaceId: connectedAccounts.workspaceId,
        platform: connectedAccounts.platform,
        username: connectedAccounts.username,
        polledAt: inboxCursors.polledAt,
      })
      .from(connectedAccounts)
      .leftJoin(inboxCursors, eq(inboxCursors.accountId, connectedAccounts.id))
      .where(
        and(
          eq(connectedAccounts.status, "connected"),
          workspaceId ? eq(connectedAccounts.workspaceId, workspaceId) : undefined,
          notMoving(connectedAccounts.workspaceId, moving),
          or(isNull(inboxCursors.polledAt), lt(inboxCursors.polledAt, polledBefore)),
        ),
      )
      .orderBy(sql`${inboxCursors.polledAt} IS NOT NULL`, asc(inboxCursors.polledAt))
      .limit(limit)
      .all();
  }

  /** The account's posts that went out since `since`, with the network's id. */
  publishedTargets(accountId: string, since: number) {
    return this.db
      .select({ id: postTargets.id, postId: postTargets.postId, remoteId: postTargets.remoteId })
      .from(postTargets)
      .where(
        and(
          eq(postTargets.accountId, accountId),
          eq(postTargets.status, "published"),
          isNotNull(postTargets.remoteId),
          gte(postTargets.publishedAt, since),
        ),
      )
      .all();
  }

  /** The workspace's connected account by id, if it has it. */
  accountIn(workspaceId: string, accountId: string) {
    return this.db
      .select({ id: connectedAccounts.id })
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.workspaceId, workspaceId), eq(connectedAccounts.id, accountId)))
      .get();
  }

  /** Writes new items; one the account already has (by the network's id) is left as it is. Returns how many were new. */
  async addItems(account: ItemAccount, items: NewItem[], now: number) {
    return (
      await this.addItemsOf(
        items.map((item) => ({ account, item })),
        now,
      )
    ).length;
  }

  /**
   * New items of several accounts (a webhook delivery's) in one D1 batch, which D1 runs as one transaction: all
   * are written or none. Those already taken (by the network's id) are left as they are; returns the new ones.
   */
  async addItemsOf(entries: Array<{ account: ItemAccount; item: NewItem }>, now: number) {
    if (entries.length === 0) return [];
    const rows = entries.map(({ account, item: c }) => ({
      id: crypto.randomUUID(),
      workspaceId: account.workspaceId,
      accountId: account.id,
      platform: account.platform,
      remoteId: c.remoteId,
      kind: c.kind,
      postId: c.target?.postId ?? null,
      targetId: c.target?.id ?? null,
      postRemoteId: c.target?.remoteId ?? null,
      author: c.author,
      text: c.text,
      createdAt: c.createdAt,
      receivedAt: now,
      conversationId: c.conversationId ?? null,
      rating: c.rating ?? null,
      editedAt: c.editedAt ?? null,
    }));
    // 17 parameters a row (the 16 given and the default status).
    const results = await this.db.batch(
      chunksOf(rows, Math.floor(D1_MAX_PARAMS / 17)).map((chunk) =>
        this.db
          .insert(inboxItems)
          .values(chunk)
          .onConflictDoNothing()
          .returning({ id: inboxItems.id, workspaceId: inboxItems.workspaceId }),
      ) as [never, ...never[]],
    );
    return (results as unknown as Array<Array<{ id: string; workspaceId: string }>>).flat();
  }

  /**
   * Reviews the reviewer edited since they were taken in (ADR 101): the new words and stars replace the old, and a
   * review that was done before the edit (answered or marked done) is open again. Returns the items changed.
   */
  async reviseReviews(accountId: string, reviews: Array<Pick<NewItem, "remoteId" | "text" | "rating" | "editedAt">>) {
    const edited = reviews.filter((r) => r.editedAt != null);
    if (edited.length === 0) return [];
    const results = await this.db.batch([
      ...edited.map((r) => {
        const reopen = sql`${inboxItems.status} = 'done' AND ${r.editedAt} > COALESCE(${inboxItems.handledAt}, 0)`;
        return this.db
          .update(inboxItems)
          .set({
            text: r.text,
            rating: r.rating ?? null,
            editedAt: r.editedAt,
            status: sql`CASE WHEN ${reopen} THEN 'open' ELSE ${inboxItems.status} END`,
            handledBy: sql`CASE WHEN ${reopen} THEN NULL ELSE ${inboxItems.handledBy} END`,
            handledAt: sql`CASE WHEN ${reopen} THEN NULL ELSE ${inboxItems.handledAt} END`,
          })
          .where(
            and(
              eq(inboxItems.accountId, accountId),
              eq(inboxItems.remoteId, r.remoteId),
              or(isNull(inboxItems.editedAt), lt(inboxItems.editedAt, r.editedAt!)),
            ),
          )
          .returning({ id: inboxItems.id });
      }),
      labelStatus(
        this.db,
        this.db
          .select({ id: inboxItems.id })
          .from(inboxItems)
          .where(
            and(
              eq(inboxItems.accountId, accountId),
              inArray(
                inboxItems.remoteId,
                edited.map((r) => r.remoteId),
              ),
            ),
          ),
      ),
    ] as unknown as [never, ...never[]]);
    return (results as unknown as { id: string }[][])
      .slice(0, -1)
      .flat()
      .map((r) => r.id);
  }

  /** A conversation's messages, oldest first: its thread (ADR 092). */
  thread(workspaceId: string, accountId: string, conversationId: string) {
    return this.db
      .select()
      .from(inboxItems)
      .where(
        and(
          eq(inboxItems.workspaceId, workspaceId),
          eq(inboxItems.accountId, accountId),
          eq(inboxItems.conversationId, conversationId),
        ),
      )
      .orderBy(asc(inboxItems.createdAt))
      .all();
  }

  /** The name a conversation's person was last known by (a webhook names them by id only), or their id. */
  async personName(accountId: string, conversationId: string): Promise<string> {
    const row = await this.db
      .select({ author: inboxItems.author })
      .from(inboxItems)
      .where(
        and(
          eq(inboxItems.accountId, accountId),
          eq(inboxItems.conversationId, conversationId),
          sql`${inboxItems.author} <> ${conversationId}`,
        ),
      )
      .orderBy(desc(inboxItems.createdAt))
      .get();
    return row?.author ?? conversationId;
  }

  /** The account was polled now: the cron comes back to it after the interval (ADR 069). */
  async polled(accountId: string, workspaceId: string, now: number) {
    await this.db
      .insert(inboxCursors)
      .values({ accountId, workspaceId, polledAt: now })
      .onConflictDoUpdate({ target: inboxCursors.accountId, set: { polledAt: now } });
  }

  get(workspaceId: string, id: string) {
    return this.db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.workspaceId, workspaceId), eq(inboxItems.id, id)))
      .get();
  }

  async update(workspaceId: string, id: string, patch: Partial<Pick<InboxItemRow, ItemPatch>>): Promise<void> {
    await this.updateMany(workspaceId, [id], patch);
  }

  /** The same change to several items of the workspace (bulk actions); returns the ids changed. */
  async updateMany(workspaceId: string, ids: string[], patch: Partial<Pick<InboxItemRow, ItemPatch>>) {
    if (ids.length === 0) return [];
    // The patch's values and the workspace are bound beside the ids: runs within D1's 100, in one batch (ADR 118).
    const runs = chunksOf(ids, D1_MAX_PARAMS - Object.keys(patch).length - 1);
    const updates = runs.map((run) =>
      this.db
        .update(inboxItems)
        .set(patch)
        .where(and(eq(inboxItems.workspaceId, workspaceId), inArray(inboxItems.id, run)))
        .returning({ id: inboxItems.id }),
    );
    const labels = patch.status ? runs.map((run) => labelStatus(this.db, run)) : [];
    const results = await this.db.batch([...updates, ...labels] as [never, ...never[]]);
    return (results as unknown as Array<Array<{ id: string }>>)
      .slice(0, updates.length)
      .flat()
      .map((r) => r.id);
  }

  /** The rows first-response time and items handled per member are measured from, for a period. */
  handled(workspaceId: string, from: number, to: number) {
    return this.db
      .select({ handledBy: inboxItems.handledBy, createdAt: inboxItems.createdAt, repliedAt: inboxItems.repliedAt })
      .from(inboxItems)
      .where(
        and(eq(inboxItems.workspaceId, workspaceId), gte(inboxItems.handledAt, from), lt(inboxItems.handledAt, to)),
      )
      .all();
  }

  /**
   * Records a reply as `sending` before the network is called, only if the item is still in one of the states
   * `from` (its state as read): of two members who press Reply together, one wins; the other gets nothing.
   */
  async claimReply(
    item: Pick<InboxItemRow, "id" | "workspaceId" | "replyState">,
    reply: { text: string; userId: string; now: number; keepStart: boolean },
  ): Promise<boolean> {
    const stateNow =
      item.replyState === null ? isNull(inboxItems.replyState) : eq(inboxItems.replyState, item.replyState);
    const claimed = await this.db
      .update(inboxItems)
      .set({
        replyState: "sending",
        replyText: reply.text,
        repliedBy: reply.userId,
        replyError: null,
        ...(reply.keepStart ? {} : { replyStartedAt: reply.now }),
      })
      .where(and(eq(inboxItems.workspaceId, item.workspaceId), eq(inboxItems.id, item.id), stateNow))
      .returning({ id: inboxItems.id });
    return claimed.length === 1;
  }

  /** Records what a member did to the comment on its network; a deleted comment's item is done. */
  async actionTaken(
    id: string,
    patch: Partial<Pick<InboxItemRow, "hiddenAt" | "likedAt" | "deletedAt" | "ruleHiddenAt">>,
  ) {
    const update = this.db
      .update(inboxItems)
      .set({ ...patch, ...(patch.deletedAt ? { status: "done" as const } : {}) })
      .where(eq(inboxItems.id, id));
    if (patch.deletedAt) await this.db.batch([update, labelStatus(this.db, [id])]);
    else await update;
  }

  async replySent(id: string, remoteId: string, text: string, at: number): Promise<void> {
    const sent = this.db
      .update(inboxItems)
      .set({
        replyState: "sent",
        replyRemoteId: remoteId,
        replyText: text,
        replyError: null,
        status: "done",
        draftText: null,
        draftBy: null,
        repliedAt: at,
        handledBy: sql`${inboxItems.repliedBy}`,
        handledAt: at,
      })
      .where(eq(inboxItems.id, id));
    await this.db.batch([sent, labelStatus(this.db, [id])]);
  }

  async replyFailed(id: string, message: string): Promise<void> {
    await this.db.update(inboxItems).set({ replyState: "failed", replyError: message }).where(eq(inboxItems.id, id));
  }
}
