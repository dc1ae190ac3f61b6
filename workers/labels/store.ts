import { and, asc, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { labels, linkClicksDaily, postLabels, postMetricsCurrent, posts, shortLinks } from "../db/schema/index";

export type LabelRow = typeof labels.$inferSelect;
type Statements = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

const byName = asc(sql`lower(${labels.name})`);

/** SQL of the labels module: the only writer of labels and post_labels. */
export class LabelStore {
  constructor(private readonly db: Db) {}

  list(workspaceId: string) {
    return this.db
      .select({ id: labels.id, name: labels.name, color: labels.color })
      .from(labels)
      .where(eq(labels.workspaceId, workspaceId))
      .orderBy(byName);
  }

  async count(workspaceId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(labels).where(eq(labels.workspaceId, workspaceId));
    return row?.n ?? 0;
  }

  async get(workspaceId: string, id: string): Promise<LabelRow | undefined> {
    const [row] = await this.db
      .select()
      .from(labels)
      .where(and(eq(labels.workspaceId, workspaceId), eq(labels.id, id)));
    return row;
  }

  /** Inserts or changes a label; false when another label has the name (the unique index decides a race). */
  async save(row: LabelRow, isNew: boolean): Promise<boolean> {
    try {
      if (isNew) await this.db.insert(labels).values(row);
      else
        await this.db
          .update(labels)
          .set({ name: row.name, color: row.color })
          .where(and(eq(labels.workspaceId, row.workspaceId), eq(labels.id, row.id)));
      return true;
    } catch (error) {
      if (String((error as Error).cause ?? error).includes("UNIQUE")) return false;
      throw error;
    }
  }

  /** Deletes the label; answers its name, or undefined when the workspace has no such label. */
  async remove(workspaceId: string, id: string): Promise<string | undefined> {
    const [gone] = await this.db
      .delete(labels)
      .where(and(eq(labels.workspaceId, workspaceId), eq(labels.id, id)))
      .returning({ name: labels.name });
    return gone?.name;
  }

  async postInWorkspace(workspaceId: string, postId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)));
    return !!row;
  }

  /** How many of `ids` are labels of the workspace. */
  async known(workspaceId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await this.db
      .select({ n: count() })
      .from(labels)
      .where(and(eq(labels.workspaceId, workspaceId), inArray(labels.id, ids)));
    return row?.n ?? 0;
  }

  ofPost(postId: string) {
    return this.db
      .select({ id: labels.id, name: labels.name, color: labels.color })
      .from(postLabels)
      .innerJoin(labels, eq(labels.id, postLabels.labelId))
      .where(eq(postLabels.postId, postId))
      .orderBy(byName);
  }

  /**
   * The statements that make `labelIds` a post's whole set of labels, for the batch that writes the post (ADR 105)
   * or alone. Only the workspace's labels are inserted: one deleted since it was checked is left out instead of
   * failing the post's write on its foreign key.
   */
  postLabelWrites(workspaceId: string, postId: string, labelIds: string[]): Statements {
    const clear = this.db.delete(postLabels).where(eq(postLabels.postId, postId));
    if (labelIds.length === 0) return [clear];
    const theirs = this.db
      .select({ postId: sql<string>`${postId}`.as("post_id"), labelId: labels.id, workspaceId: labels.workspaceId })
      .from(labels)
      .where(and(eq(labels.workspaceId, workspaceId), inArray(labels.id, labelIds)));
    return [clear, this.db.insert(postLabels).select(theirs)];
  }

  async commit(statements: Statements): Promise<void> {
    await this.db.batch(statements);
  }

  /** Each labelled post of the workspace with its status, by label. */
  labelledPosts(workspaceId: string) {
    return this.db
      .select({ labelId: postLabels.labelId, postId: postLabels.postId, status: posts.status })
      .from(postLabels)
      .innerJoin(posts, eq(posts.id, postLabels.postId))
      .where(eq(postLabels.workspaceId, workspaceId));
  }

  /** The labelled posts' current impressions and engagement (the analytics module's table), by label. */
  metricsByLabel(workspaceId: string) {
    const m = postMetricsCurrent;
    return this.db
      .select({
        labelId: postLabels.labelId,
        impressions: sql<number>`coalesce(sum(${m.impressions}), 0)`,
        engagement: sql<number>`coalesce(sum(${m.likes} + ${m.comments} + ${m.shares} + ${m.saves}), 0)`,
      })
      .from(postLabels)
      .innerJoin(m, eq(m.postId, postLabels.postId))
      .where(eq(postLabels.workspaceId, workspaceId))
      .groupBy(postLabels.labelId);
  }

  /** Clicks on the labelled posts' short links (the links module's tables) between two UTC days, by label. */
  clicksByLabel(workspaceId: string, range: { from: string; to: string }) {
    return this.db
      .select({ labelId: postLabels.labelId, clicks: sql<number>`coalesce(sum(${linkClicksDaily.clicks}), 0)` })
      .from(postLabels)
      .innerJoin(shortLinks, eq(shortLinks.postId, postLabels.postId))
      .innerJoin(
        linkClicksDaily,
        and(
          eq(linkClicksDaily.linkId, shortLinks.id),
          gte(linkClicksDaily.day, range.from),
          lte(linkClicksDaily.day, range.to),
        ),
      )
      .where(eq(postLabels.workspaceId, workspaceId))
      .groupBy(postLabels.labelId);
  }
}
