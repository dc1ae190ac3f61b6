import { and, asc, eq, gte, inArray, isNotNull, lte, ne, notInArray } from "drizzle-orm";
import { readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/constraint";
import { connectedAccounts } from "../db/schema/accounts";
import { posts, postTargets } from "../db/schema/posts";
import { accountQueues } from "../db/schema/queue";
import { Conflict, Invalid, notFound } from "../errors";
import { PLATFORM_NAMES, type Platform } from "../platform-profile";
import type { TargetMoves } from "../publishing";
import { nextFreeSlot, normalizeSlots, QueueMessages, reorderedTimes, type Slot, slotInstants } from "./slots";

/** How far ahead the queue view looks by default, and at most. */
export const QUEUE_VIEW_DAYS = 14;
export const QUEUE_VIEW_MAX_DAYS = 366;
/** Targets in these states do not hold a slot (a draft has no time; a failed one left it). */
const NOT_HOLDING: Array<typeof postTargets.$inferSelect.status> = ["draft", "failed"];
/** How many times Add to queue looks again for free slots when other posts took its slots first (ADR 126). */
const PLACE_TRIES = 25;
/** The columns of the one-queued-channel-per-slot index (post_targets_queue_slot_uq), as SQLite names them. */
const SLOT_INDEX = "post_targets.account_id, post_targets.due_at";

const ACCOUNT_COLUMNS = {
  id: connectedAccounts.id,
  platform: connectedAccounts.platform,
  username: connectedAccounts.username,
  status: connectedAccounts.status,
};
type AccountRow = { id: string; platform: Platform; username: string; status: string };
type QueueRow = typeof accountQueues.$inferSelect;

export const QueueErrors = {
  notInQueue: "Some of these posts are no longer waiting in this queue. Reload the queue and try again.",
  emptyQueue: "This queue has no post waiting to be shared.",
  busy: "Many posts are being added to this queue at once. Please try again.",
} as const;

/**
 * Per-account posting queues (ADR 022): weekly slots, Add to queue, reorder, pause, Share next. A workspace's
 * accounts are not capped: what is read by account is read in runs (readInRuns, ADR 118).
 */
export class QueueService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** Publishing's writer of channels: the queue reads them and asks it to move them. */
    private readonly moves: TargetMoves,
  ) {}

  private async account(workspaceId: string, accountId: string): Promise<AccountRow> {
    const [row] = await this.db
      .select(ACCOUNT_COLUMNS)
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.id, accountId), eq(connectedAccounts.workspaceId, workspaceId)));
    if (!row) throw notFound();
    return row;
  }

  private async settings(workspaceId: string, accountIds: string[]): Promise<Map<string, QueueRow>> {
    const rows = await readInRuns(accountIds, 1, (run) =>
      this.db
        .select()
        .from(accountQueues)
        .where(and(eq(accountQueues.workspaceId, workspaceId), inArray(accountQueues.accountId, run))),
    );
    return new Map(rows.map((r) => [r.accountId, r]));
  }

  /** Every account's queue: settings and the upcoming slots, empty and filled, over `days` days. */
  async list(workspace: { id: string; timezone: string }, days = QUEUE_VIEW_DAYS, accountId?: string) {
    const accounts = accountId
      ? [await this.account(workspace.id, accountId)]
      : await this.db
          .select(ACCOUNT_COLUMNS)
          .from(connectedAccounts)
          .where(
            and(
              eq(connectedAccounts.workspaceId, workspace.id),
              notInArray(connectedAccounts.status, ["disconnected"]),
            ),
          )
          .orderBy(asc(connectedAccounts.platform), asc(connectedAccounts.username));
    const ids = accounts.map((a) => a.id);
    const settings = await this.settings(workspace.id, ids);
    const now = this.now();
    const until = now + days * 24 * 3600_000;
    // Each account's entries in due order (every account's are in one run).
    const waiting = await readInRuns(ids, 3, (run) =>
      this.db
        .select({
          targetId: postTargets.id,
          accountId: postTargets.accountId,
          dueAt: postTargets.dueAt,
          postId: posts.id,
          content: posts.content,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(
          and(
            eq(postTargets.workspaceId, workspace.id),
            inArray(postTargets.accountId, run),
            eq(postTargets.status, "scheduled"),
            isNotNull(postTargets.dueAt),
            lte(postTargets.dueAt, until),
          ),
        )
        .orderBy(asc(postTargets.dueAt), asc(postTargets.createdAt)),
    );
    return accounts.map((a) => {
      const q = settings.get(a.id);
      const timezone = q?.timezone ?? workspace.timezone;
      const slots = (q?.slots ?? []) as Slot[];
      const instants = slotInstants(slots, timezone, now, { limit: 10_000, horizonDays: days }).filter(
        (at) => at <= until,
      );
      const entries = waiting.filter((w) => w.accountId === a.id);
      return {
        accountId: a.id,
        platform: a.platform,
        username: a.username,
        timezone,
        ownTimezone: q?.timezone ?? null,
        paused: q?.paused ?? false,
        slots,
        upcoming: upcoming(instants, entries),
      };
    });
  }

  /** Replaces the account's weekly slots (and its own timezone; null follows the workspace's). */
  async replaceSlots(workspaceId: string, accountId: string, input: { slots: Slot[]; timezone?: string | null }) {
    await this.account(workspaceId, accountId);
    const slots = normalizeSlots(input.slots);
    const now = this.now();
    const timezone = input.timezone === undefined ? undefined : input.timezone;
    await this.db
      .insert(accountQueues)
      .values({ accountId, workspaceId, slots, timezone: timezone ?? null, updatedAt: now })
      .onConflictDoUpdate({
        target: accountQueues.accountId,
        set: { slots, updatedAt: now, ...(timezone === undefined ? {} : { timezone }) },
      });
  }

  /**
   * "Copy slots to…": the account's weekly slots and its own timezone replace those of each listed account, in one
   * batch, so either every queue changes or none does. Every account must be the workspace's.
   */
  async copySlots(workspaceId: string, fromId: string, toIds: string[]): Promise<number> {
    const from = await this.account(workspaceId, fromId);
    const targets = [...new Set(toIds)].filter((id) => id !== from.id);
    if (targets.length === 0) throw new Invalid(QueueMessages.copyNowhere);
    const found = await readInRuns(targets, 1, (run) =>
      this.db
        .select({ id: connectedAccounts.id })
        .from(connectedAccounts)
        .where(and(eq(connectedAccounts.workspaceId, workspaceId), inArray(connectedAccounts.id, run))),
    );
    if (found.length !== targets.length) throw notFound();
    const source = (await this.settings(workspaceId, [from.id])).get(from.id);
    const slots = (source?.slots ?? []) as Slot[];
    const timezone = source?.timezone ?? null;
    const now = this.now();
    const upserts = targets.map((accountId) =>
      this.db
        .insert(accountQueues)
        .values({ accountId, workspaceId, slots, timezone, updatedAt: now })
        .onConflictDoUpdate({ target: accountQueues.accountId, set: { slots, timezone, updatedAt: now } }),
    );
    await this.db.batch(upserts as [(typeof upserts)[number], ...typeof upserts]);
    return targets.length;
  }

  async setPaused(workspaceId: string, accountId: string, paused: boolean) {
    await this.account(workspaceId, accountId);
    const now = this.now();
    await this.db
      .insert(accountQueues)
      .values({ accountId, workspaceId, paused, updatedAt: now })
      .onConflictDoUpdate({ target: accountQueues.accountId, set: { paused, updatedAt: now } });
  }

  /**
   * The next free slot of each account (Add to queue). A slot is taken by any of the account's targets
   * due at that instant, whether it was queued or scheduled by hand, but those of the post `placing` (which is
   * looking again). Refuses an account without slots.
   */
  async placements(
    workspace: { id: string; timezone: string },
    accountIds: string[],
    placing?: string,
  ): Promise<Map<string, number>> {
    if (accountIds.length === 0) throw new Invalid(QueueMessages.noAccounts);
    const now = this.now();
    const settings = await this.settings(workspace.id, accountIds);
    const held = await readInRuns(accountIds, 3 + NOT_HOLDING.length, (run) =>
      this.db
        .select({ accountId: postTargets.accountId, dueAt: postTargets.dueAt })
        .from(postTargets)
        .where(
          and(
            eq(postTargets.workspaceId, workspace.id),
            inArray(postTargets.accountId, run),
            notInArray(postTargets.status, NOT_HOLDING),
            gte(postTargets.dueAt, now),
            placing === undefined ? undefined : ne(postTargets.postId, placing),
          ),
        ),
    );
    const out = new Map<string, number>();
    for (const id of accountIds) {
      const q = settings.get(id);
      const label = async () => {
        const a = await this.account(workspace.id, id);
        return `${PLATFORM_NAMES[a.platform]} @${a.username}`;
      };
      if (!q || q.slots.length === 0) throw new Invalid(QueueMessages.noSlots(await label()));
      const taken = new Set(held.filter((h) => h.accountId === id).map((h) => h.dueAt!));
      const at = nextFreeSlot(q.slots as Slot[], q.timezone ?? workspace.timezone, now, taken);
      if (at === null) throw new Invalid(QueueMessages.full(await label()));
      out.set(id, at);
    }
    return out;
  }

  /**
   * Moves the post's scheduled targets to their accounts' slots, each then holding its slot; the post shows its
   * earliest one. A slot holds one queued channel (ADR 126): when another Add to queue took one of these first, the
   * post looks again for its accounts' next free slots and takes those.
   */
  async place(workspace: { id: string; timezone: string }, postId: string, slots: Map<string, number>) {
    const targets = await this.db
      .select({ id: postTargets.id, accountId: postTargets.accountId, status: postTargets.status })
      .from(postTargets)
      .where(and(eq(postTargets.postId, postId), eq(postTargets.workspaceId, workspace.id)));
    const moving = targets.filter((t) => t.status === "scheduled" && slots.has(t.accountId));
    let free = slots;
    for (let tries = 1; ; tries++) {
      try {
        const at = (t: (typeof moving)[number]) => free.get(t.accountId)!;
        return await this.moves.retime(moving.map((t) => ({ id: t.id, postId, dueAt: at(t), slot: at(t) })));
      } catch (err) {
        if (!isUniqueViolation(err, SLOT_INDEX)) throw err;
        if (tries >= PLACE_TRIES) throw new Conflict(QueueErrors.busy);
        free = await this.placements(workspace, [...slots.keys()], postId);
      }
    }
  }

  /** Reorders the account's waiting posts: they keep the times they hold and take them in `targetIds` order. */
  async reorder(workspaceId: string, accountId: string, targetIds: string[]) {
    await this.account(workspaceId, accountId);
    const now = this.now();
    // Up to 500 ids beside 4 other values: in runs.
    const rows = await readInRuns([...new Set(targetIds)], 4, (run) =>
      this.db
        .select({
          id: postTargets.id,
          postId: postTargets.postId,
          dueAt: postTargets.dueAt,
          queueSlot: postTargets.queueSlot,
        })
        .from(postTargets)
        .where(
          and(
            eq(postTargets.workspaceId, workspaceId),
            eq(postTargets.accountId, accountId),
            eq(postTargets.status, "scheduled"),
            inArray(postTargets.id, run),
            gte(postTargets.dueAt, now),
          ),
        ),
    );
    if (rows.length !== new Set(targetIds).size || rows.length !== targetIds.length)
      throw new Conflict(QueueErrors.notInQueue);
    const times = reorderedTimes(
      rows.map((r) => ({ id: r.id, dueAt: r.dueAt! })),
      targetIds,
    );
    // The slots the listed posts held stay held, by whichever post takes each (ADR 126).
    const held = new Set(rows.filter((r) => r.queueSlot === r.dueAt).map((r) => r.dueAt!));
    await this.moves.retime(
      rows.map((r) => {
        const dueAt = times.get(r.id)!;
        return { id: r.id, postId: r.postId, dueAt, slot: held.has(dueAt) ? dueAt : null };
      }),
    );
  }

  /**
   * Share next: the account's earliest waiting post becomes due now; the caller hands that one target to
   * the normal claim (which sends it even from a paused queue). Returns the post id and target id.
   */
  async shareNext(workspaceId: string, accountId: string): Promise<{ postId: string; targetId: string }> {
    await this.account(workspaceId, accountId);
    const [next] = await this.db
      .select({ id: postTargets.id, postId: postTargets.postId })
      .from(postTargets)
      .where(
        and(
          eq(postTargets.workspaceId, workspaceId),
          eq(postTargets.accountId, accountId),
          eq(postTargets.status, "scheduled"),
          isNotNull(postTargets.dueAt),
        ),
      )
      .orderBy(asc(postTargets.dueAt), asc(postTargets.createdAt))
      .limit(1);
    if (!next) throw new Conflict(QueueErrors.emptyQueue);
    await this.moves.retime([{ id: next.id, postId: next.postId, dueAt: this.now(), slot: null }], { restart: true });
    return { postId: next.postId, targetId: next.id };
  }
}

type Waiting = { targetId: string; postId: string; content: string; dueAt: number | null };

/** Slots in time order, each with the post waiting there (or empty), plus posts scheduled between slots. */
export function upcoming(instants: number[], entries: Waiting[]) {
  const iso = (v: number) => new Date(v).toISOString();
  const present = (e: Waiting) => ({ targetId: e.targetId, postId: e.postId, content: e.content });
  const rows: Array<{ at: string; slot: boolean; post: ReturnType<typeof present> | null }> = [];
  const bySlot = new Map<number, Waiting[]>();
  for (const e of entries) bySlot.set(e.dueAt!, [...(bySlot.get(e.dueAt!) ?? []), e]);
  const times = [...new Set([...instants, ...entries.map((e) => e.dueAt!)])].sort((a, b) => a - b);
  const slotSet = new Set(instants);
  for (const at of times) {
    const here = bySlot.get(at) ?? [];
    if (slotSet.has(at)) rows.push({ at: iso(at), slot: true, post: here[0] ? present(here[0]) : null });
    for (const extra of slotSet.has(at) ? here.slice(1) : here)
      rows.push({ at: iso(at), slot: false, post: present(extra) });
  }
  return rows;
}
