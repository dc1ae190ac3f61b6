import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { chunksOf } from "../db/chunks";
import type { Db } from "../db/client";
import { inboxItems } from "../db/schema/index";
import { notMoving } from "../tenancy/moving";
import { type InboxItemRow, type ItemPatch, labelStatus } from "./store";

/** Ids in runs that fit D1's 100 parameters per statement, with room for a few more. */
export const idChunks = (ids: string[]) => chunksOf(ids, 90);

/** SQL of triage (ADR 084): which new items the rules and the assistant have yet to read, their claims, their writes. */
export class InboxTriageStore {
  constructor(private readonly db: Db) {}

  /** New items the rules and the assistant have not read, oldest first (of one workspace, or the shard). */
  untriaged(limit: number, workspaceId?: string, moving: readonly string[] = []) {
    return this.db
      .select()
      .from(inboxItems)
      .where(
        and(
          isNull(inboxItems.rulesAppliedAt),
          workspaceId ? eq(inboxItems.workspaceId, workspaceId) : undefined,
          notMoving(inboxItems.workspaceId, moving),
        ),
      )
      .orderBy(asc(inboxItems.receivedAt))
      .limit(limit)
      .all();
  }

  /** These items, of those the rules and the assistant have not read yet (a delivery's new items, ADR 084). */
  async untriagedOf(ids: string[]) {
    const reads = idChunks(ids).map((chunk) =>
      this.db
        .select()
        .from(inboxItems)
        .where(and(inArray(inboxItems.id, chunk), isNull(inboxItems.rulesAppliedAt)))
        .orderBy(asc(inboxItems.receivedAt)),
    );
    if (reads.length === 0) return [];
    return ((await this.db.batch(reads as [never, ...never[]])) as unknown as InboxItemRow[][]).flat();
  }

  /** Takes the items for the rules, once: of two runs that race, one gets each (ADR 084). Returns those taken. */
  async claimForRules(ids: string[], now: number): Promise<Set<string>> {
    const claims = idChunks(ids).map((chunk) =>
      this.db
        .update(inboxItems)
        .set({ rulesAppliedAt: now })
        .where(and(inArray(inboxItems.id, chunk), isNull(inboxItems.rulesAppliedAt)))
        .returning({ id: inboxItems.id }),
    );
    if (claims.length === 0) return new Set();
    const rows = (await this.db.batch(claims as [never, ...never[]])) as unknown as Array<Array<{ id: string }>>;
    return new Set(rows.flat().map((r) => r.id));
  }

  /**
   * What triage read of each item (sentiment, suggested reply, a rule's assignee or hide) and `more` (its labels),
   * written in one batch; the labels come after the items' own update so they carry the status it set.
   */
  async triaged(
    reads: Array<{ workspaceId: string; id: string; patch: Partial<Pick<InboxItemRow, ItemPatch>> }>,
    more: BatchItem<"sqlite">[],
  ) {
    if (reads.length === 0) return;
    const hidden = reads.filter((r) => r.patch.status).map((r) => r.id);
    await this.db.batch([
      ...reads.map((r) =>
        this.db
          .update(inboxItems)
          .set(r.patch)
          .where(and(eq(inboxItems.workspaceId, r.workspaceId), eq(inboxItems.id, r.id))),
      ),
      ...(hidden.length ? idChunks(hidden).map((chunk) => labelStatus(this.db, chunk)) : []),
      ...more,
    ] as [never, ...never[]]);
  }
}
