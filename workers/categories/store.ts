import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories, categoryPosts, posts } from "../db/schema/index";
import { notMoving } from "../tenancy/moving";

export type CategoryRow = typeof categories.$inferSelect;
export type EntryRow = typeof categoryPosts.$inferSelect;

/** SQL of the categories module: the only writer of categories and category_posts. */
export class CategoryStore {
  constructor(private readonly db: Db) {}

  list(workspaceId: string): Promise<CategoryRow[]> {
    return this.db
      .select()
      .from(categories)
      .where(eq(categories.workspaceId, workspaceId))
      .orderBy(asc(categories.name));
  }

  async get(workspaceId: string, id: string): Promise<CategoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(categories)
      .where(and(eq(categories.workspaceId, workspaceId), eq(categories.id, id)));
    return row;
  }

  async insert(row: typeof categories.$inferInsert): Promise<void> {
    await this.db.insert(categories).values(row);
  }

  async update(workspaceId: string, id: string, patch: Partial<CategoryRow>): Promise<void> {
    await this.db
      .update(categories)
      .set(patch)
      .where(and(eq(categories.workspaceId, workspaceId), eq(categories.id, id)));
  }

  async remove(workspaceId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(categories)
      .where(and(eq(categories.workspaceId, workspaceId), eq(categories.id, id)))
      .returning({ id: categories.id });
    return gone.length > 0;
  }

  /** The workspace's posts in categories, each with the start of its text, in the order they joined. */
  entries(workspaceId: string) {
    return this.db
      .select({ entry: categoryPosts, content: posts.content })
      .from(categoryPosts)
      .innerJoin(posts, eq(posts.id, categoryPosts.postId))
      .where(eq(categoryPosts.workspaceId, workspaceId))
      .orderBy(asc(categoryPosts.addedAt));
  }

  entriesOf(categoryId: string): Promise<EntryRow[]> {
    return this.db.select().from(categoryPosts).where(eq(categoryPosts.categoryId, categoryId));
  }

  /** Puts a post in a category; false when it is there already. */
  async addPost(row: typeof categoryPosts.$inferInsert): Promise<boolean> {
    const added = await this.db
      .insert(categoryPosts)
      .values(row)
      .onConflictDoNothing()
      .returning({ postId: categoryPosts.postId });
    return added.length > 0;
  }

  async removePost(workspaceId: string, categoryId: string, postId: string): Promise<boolean> {
    const gone = await this.db
      .delete(categoryPosts)
      .where(
        and(
          eq(categoryPosts.workspaceId, workspaceId),
          eq(categoryPosts.categoryId, categoryId),
          eq(categoryPosts.postId, postId),
        ),
      )
      .returning({ postId: categoryPosts.postId });
    return gone.length > 0;
  }

  /** What a slot did to the post whose turn it was: the slot it took, the texts its copy carried, or why not. */
  async recordTurn(
    categoryId: string,
    postId: string,
    turn: { slotAt: number; sentTexts: Record<string, string[]>; queued: boolean; skip: string | null },
  ): Promise<void> {
    await this.db
      .update(categoryPosts)
      .set({
        lastQueuedAt: turn.slotAt,
        sentTexts: turn.sentTexts,
        lastSkip: turn.skip,
        timesQueued: turn.queued ? sql`${categoryPosts.timesQueued} + 1` : categoryPosts.timesQueued,
      })
      .where(and(eq(categoryPosts.categoryId, categoryId), eq(categoryPosts.postId, postId)));
  }

  /** The categories on this shard whose next slot is at most `until`, soonest first, but `moving` workspaces'. */
  due(until: number, limit: number, moving: readonly string[] = []) {
    return this.db
      .select()
      .from(categories)
      .where(
        and(
          isNotNull(categories.nextSlotAt),
          lte(categories.nextSlotAt, until),
          notMoving(categories.workspaceId, moving),
        ),
      )
      .orderBy(asc(categories.nextSlotAt))
      .limit(limit);
  }

  /**
   * Claims a category's next slot by moving it on to the following one, so two overlapping cron runs never fill
   * it twice; false when another run took it first.
   */
  async claim(category: CategoryRow, following: number | null, now: number): Promise<boolean> {
    const moved = await this.db
      .update(categories)
      .set({ nextSlotAt: following, updatedAt: now })
      .where(and(eq(categories.id, category.id), eq(categories.nextSlotAt, category.nextSlotAt!)))
      .returning({ id: categories.id });
    return moved.length > 0;
  }
}
