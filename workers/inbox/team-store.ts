import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import { inboxItems, inboxLabels, inboxNotes, inboxReads, inboxRules, inboxSavedReplies } from "../db/schema/index";

export type SavedReplyRow = typeof inboxSavedReplies.$inferSelect;
export type RuleRow = typeof inboxRules.$inferSelect;

/** SQL over the inbox's team tables (ADR 084): labels, notes, read marks, saved replies and rules; their one writer. */
export class InboxTeamStore {
  constructor(private readonly db: Db) {}

  /** Labels the workspace's items, each label row taking its item's time and status (ADR 102). */
  async addLabels(workspaceId: string, itemIds: string[], labels: string[]) {
    const inserts = this.labelInserts(workspaceId, itemIds, labels);
    if (inserts.length) await this.db.batch(inserts as [never, ...never[]]);
  }

  /** `addLabels`' statements, for a batch with other writes (triage's). Each label carries its item's status. */
  labelInserts(workspaceId: string, itemIds: string[], labels: string[]) {
    const inserts = [];
    // One statement per label and 90 items: under D1's 100 parameters.
    for (const label of labels)
      for (let i = 0; i < itemIds.length; i += 90)
        inserts.push(
          this.db
            .insert(inboxLabels)
            .select(
              this.db
                .select({
                  itemId: inboxItems.id,
                  workspaceId: inboxItems.workspaceId,
                  label: sql<string>`${label}`.as("label"),
                  createdAt: inboxItems.createdAt,
                  status: inboxItems.status,
                })
                .from(inboxItems)
                .where(and(eq(inboxItems.workspaceId, workspaceId), inArray(inboxItems.id, itemIds.slice(i, i + 90)))),
            )
            .onConflictDoNothing(),
        );
    return inserts;
  }

  async removeLabel(workspaceId: string, itemIds: string[], label: string) {
    // The workspace and the label are bound beside the items: runs within D1's 100, in one batch (ADR 118).
    const deletes = chunksOf(itemIds, D1_MAX_PARAMS - 2).map((run) =>
      this.db
        .delete(inboxLabels)
        .where(
          and(eq(inboxLabels.workspaceId, workspaceId), inArray(inboxLabels.itemId, run), eq(inboxLabels.label, label)),
        ),
    );
    if (deletes.length) await this.db.batch(deletes as [never, ...never[]]);
  }

  async addNote(note: typeof inboxNotes.$inferInsert) {
    await this.db.insert(inboxNotes).values(note);
  }

  /** An item's notes, oldest first; their authors' names are the directory's (ADR 081). */
  notes(workspaceId: string, itemId: string) {
    return this.db
      .select({ id: inboxNotes.id, text: inboxNotes.text, userId: inboxNotes.userId, createdAt: inboxNotes.createdAt })
      .from(inboxNotes)
      .where(and(eq(inboxNotes.workspaceId, workspaceId), eq(inboxNotes.itemId, itemId)))
      .orderBy(asc(inboxNotes.createdAt))
      .all();
  }

  async markRead(workspaceId: string, userId: string, itemIds: string[], at: number) {
    const rows = itemIds.map((itemId) => ({ itemId, userId, workspaceId, readAt: at }));
    for (let i = 0; i < rows.length; i += 25)
      await this.db
        .insert(inboxReads)
        .values(rows.slice(i, i + 25))
        .onConflictDoNothing();
  }

  savedReplies(workspaceId: string) {
    return this.db
      .select()
      .from(inboxSavedReplies)
      .where(eq(inboxSavedReplies.workspaceId, workspaceId))
      .orderBy(asc(inboxSavedReplies.title))
      .all();
  }

  savedReply(workspaceId: string, id: string) {
    return this.db
      .select()
      .from(inboxSavedReplies)
      .where(and(eq(inboxSavedReplies.workspaceId, workspaceId), eq(inboxSavedReplies.id, id)))
      .get();
  }

  async addSavedReply(row: SavedReplyRow) {
    await this.db.insert(inboxSavedReplies).values(row);
  }

  /** Deletes the saved reply; returns it, or undefined when the workspace has none by that id. */
  async deleteSavedReply(workspaceId: string, id: string): Promise<SavedReplyRow | undefined> {
    const rows = await this.db
      .delete(inboxSavedReplies)
      .where(and(eq(inboxSavedReplies.workspaceId, workspaceId), eq(inboxSavedReplies.id, id)))
      .returning();
    return rows[0];
  }

  rules(workspaceId: string) {
    return this.db
      .select()
      .from(inboxRules)
      .where(eq(inboxRules.workspaceId, workspaceId))
      .orderBy(asc(inboxRules.createdAt), asc(inboxRules.id))
      .all();
  }

  async addRule(row: RuleRow) {
    await this.db.insert(inboxRules).values(row);
  }

  /** Deletes the rule; returns it, or undefined when the workspace has none by that id. */
  async deleteRule(workspaceId: string, id: string): Promise<RuleRow | undefined> {
    const rows = await this.db
      .delete(inboxRules)
      .where(and(eq(inboxRules.workspaceId, workspaceId), eq(inboxRules.id, id)))
      .returning();
    return rows[0];
  }
}
