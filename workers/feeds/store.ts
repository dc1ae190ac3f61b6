import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { feedItems, feeds } from "../db/schema/index";
import { notMoving } from "../tenancy/moving";

export type FeedRow = typeof feeds.$inferSelect;

/** SQL of the feeds module: the only writer of feeds and feed_items. */
export class FeedStore {
  constructor(private readonly db: Db) {}

  list(workspaceId: string): Promise<FeedRow[]> {
    return this.db.select().from(feeds).where(eq(feeds.workspaceId, workspaceId)).orderBy(asc(feeds.createdAt));
  }

  async get(workspaceId: string, id: string): Promise<FeedRow | undefined> {
    const [row] = await this.db
      .select()
      .from(feeds)
      .where(and(eq(feeds.workspaceId, workspaceId), eq(feeds.id, id)));
    return row;
  }

  async insert(row: typeof feeds.$inferInsert): Promise<void> {
    await this.db.insert(feeds).values(row);
  }

  async update(workspaceId: string, id: string, patch: Partial<FeedRow>): Promise<void> {
    await this.db
      .update(feeds)
      .set(patch)
      .where(and(eq(feeds.workspaceId, workspaceId), eq(feeds.id, id)));
  }

  async remove(workspaceId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(feeds)
      .where(and(eq(feeds.workspaceId, workspaceId), eq(feeds.id, id)))
      .returning({ id: feeds.id });
    return gone.length > 0;
  }

  /** The feeds due for a check on this shard, longest waiting first, but those of `moving` workspaces. */
  due(now: number, limit: number, moving: readonly string[] = []): Promise<FeedRow[]> {
    return this.db
      .select()
      .from(feeds)
      .where(and(lte(feeds.nextCheckAt, now), notMoving(feeds.workspaceId, moving)))
      .orderBy(asc(feeds.nextCheckAt))
      .limit(limit);
  }

  /**
   * Claims a due feed for one check by moving its next check on, so two overlapping cron runs never check it
   * twice; false when another run took it first.
   */
  async claim(feed: FeedRow, until: number): Promise<boolean> {
    const taken = await this.db
      .update(feeds)
      .set({ nextCheckAt: until })
      .where(and(eq(feeds.id, feed.id), eq(feeds.nextCheckAt, feed.nextCheckAt)))
      .returning({ id: feeds.id });
    return taken.length > 0;
  }

  /** Which of these keys the workspace has seen. */
  async seen(workspaceId: string, keys: string[]): Promise<Set<string>> {
    // The workspace is bound beside the keys.
    const rows = await readInRuns(keys, 1, (run) =>
      this.db
        .select({ key: feedItems.itemKey })
        .from(feedItems)
        .where(and(eq(feedItems.workspaceId, workspaceId), inArray(feedItems.itemKey, run))),
    );
    return new Set(rows.map((r) => r.key));
  }

  /**
   * Records an item's keys before its post is made; false when another check recorded one of them first (the
   * item is then not posted again).
   */
  async reserve(workspaceId: string, keys: string[], now: number): Promise<boolean> {
    const rows = await this.db
      .insert(feedItems)
      .values(keys.map((itemKey) => ({ workspaceId, itemKey, seenAt: now })))
      .onConflictDoNothing()
      .returning({ key: feedItems.itemKey });
    return rows.length === keys.length;
  }

  async linkPost(workspaceId: string, keys: string[], postId: string): Promise<void> {
    await this.db
      .update(feedItems)
      .set({ postId })
      .where(and(eq(feedItems.workspaceId, workspaceId), inArray(feedItems.itemKey, keys)));
  }

  async countPosted(workspaceId: string, id: string, n: number): Promise<void> {
    if (n === 0) return;
    await this.db
      .update(feeds)
      .set({ posted: sql`${feeds.posted} + ${n}` })
      .where(and(eq(feeds.workspaceId, workspaceId), eq(feeds.id, id)));
  }
}
