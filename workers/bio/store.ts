import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { bioClicksDaily, bioPages, media, postMedia, posts, postTargets } from "../db/schema/index";

export type BioPageRow = typeof bioPages.$inferSelect;

/** Posts shown on the page: the newest published Instagram ones. */
const GRID_SIZE = 12;

/** SQL of the bio module: the only writer of bio_pages and bio_clicks_daily. */
export class BioStore {
  constructor(private readonly db: Db) {}

  async ofWorkspace(workspaceId: string): Promise<BioPageRow | undefined> {
    const [row] = await this.db.select().from(bioPages).where(eq(bioPages.workspaceId, workspaceId));
    return row;
  }

  async byHandle(handle: string): Promise<BioPageRow | undefined> {
    const [row] = await this.db.select().from(bioPages).where(eq(bioPages.handle, handle));
    return row;
  }

  /** Saves the workspace's page; false when another workspace holds the handle (the unique index says so). */
  async save(row: BioPageRow): Promise<boolean> {
    const { workspaceId: _, ...set } = row;
    try {
      await this.db.insert(bioPages).values(row).onConflictDoUpdate({ target: bioPages.workspaceId, set });
      return true;
    } catch (error) {
      if (String((error as Error).cause ?? error).includes("UNIQUE")) return false;
      throw error;
    }
  }

  /** The workspace's newest published Instagram posts, each with its first image's media id if it has one. */
  grid(workspaceId: string) {
    const firstImage = sql<
      string | null
    >`(SELECT ${postMedia.mediaId} FROM ${postMedia} JOIN ${media} ON ${media.id} = ${postMedia.mediaId} WHERE ${postMedia.postId} = ${posts.id} AND ${media.fileType} = 'image' ORDER BY ${postMedia.position} LIMIT 1)`;
    return this.db
      .select({
        targetId: postTargets.id,
        content: posts.content,
        permalink: postTargets.permalink,
        imageId: firstImage,
      })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(
        and(
          eq(postTargets.workspaceId, workspaceId),
          eq(postTargets.platform, "instagram"),
          eq(postTargets.status, "published"),
        ),
      )
      .orderBy(desc(postTargets.publishedAt))
      .limit(GRID_SIZE);
  }

  /** The R2 key and type of an image the page shows (a published Instagram post's), or undefined. */
  async gridImage(workspaceId: string, targetId: string) {
    const shown = (await this.grid(workspaceId)).find((p) => p.targetId === targetId);
    if (!shown?.imageId) return undefined;
    const [row] = await this.db
      .select({ key: media.key, mimeType: media.mimeType })
      .from(media)
      .where(eq(media.id, shown.imageId));
    return row;
  }

  /** One click, counted atomically (concurrent clicks each add one), as short links count theirs. */
  async countClick(workspaceId: string, item: string, day: string): Promise<void> {
    await this.db
      .insert(bioClicksDaily)
      .values({ workspaceId, item, day, clicks: 1 })
      .onConflictDoUpdate({
        target: [bioClicksDaily.workspaceId, bioClicksDaily.item, bioClicksDaily.day],
        set: { clicks: sql`${bioClicksDaily.clicks} + 1` },
      });
  }

  /** Clicks per item since a UTC day. */
  clicks(workspaceId: string, from: string) {
    return this.db
      .select({ item: bioClicksDaily.item, clicks: sql<number>`sum(${bioClicksDaily.clicks})` })
      .from(bioClicksDaily)
      .where(and(eq(bioClicksDaily.workspaceId, workspaceId), gte(bioClicksDaily.day, from)))
      .groupBy(bioClicksDaily.item)
      .orderBy(asc(bioClicksDaily.item));
  }
}
