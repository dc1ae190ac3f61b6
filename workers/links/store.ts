import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import {
  bioClicksDaily,
  bioPages,
  labels,
  linkClicksDaily,
  linkSettings,
  postLabels,
  postLinkOptions,
  posts,
  postTargets,
  shortLinks,
} from "../db/schema/index";
import type { Platform } from "../platform-profile";

export type LinkSettingsRow = typeof linkSettings.$inferSelect;
export type NewShortLink = typeof shortLinks.$inferInsert;
export type PostLinkOptionsRow = typeof postLinkOptions.$inferSelect;

/** SQL of the links module: the only writer of link_settings, post_link_options, short_links and link_clicks_daily. */
export class LinkStore {
  constructor(private readonly db: Db) {}

  async settings(workspaceId: string): Promise<LinkSettingsRow | undefined> {
    const [row] = await this.settingsRead(workspaceId);
    return row;
  }

  /** The workspace's link settings as a statement, for a caller's batch (the publish reads them with its post). */
  settingsRead(workspaceId: string) {
    return this.db.select().from(linkSettings).where(eq(linkSettings.workspaceId, workspaceId));
  }

  async saveSettings(row: LinkSettingsRow): Promise<void> {
    const { workspaceId: _, ...set } = row;
    await this.db.insert(linkSettings).values(row).onConflictDoUpdate({ target: linkSettings.workspaceId, set });
  }

  /**
   * A target's short links, made once: a slot that already has one keeps it (a retried publish sends the same
   * text), in one batch with the read of what the target has.
   */
  async ensureForTarget(targetId: string, rows: NewShortLink[]): Promise<Map<string, string>> {
    const read = this.db
      .select({ slot: shortLinks.slot, code: shortLinks.code })
      .from(shortLinks)
      .where(eq(shortLinks.targetId, targetId));
    // As many rows as the text's links (some 2,000 on Facebook): inserted in runs within D1's 100 bound parameters
    // (ADR 118), sized by what one row binds, in the batch that reads them back.
    const perRow = rows[0] ? this.db.insert(shortLinks).values(rows[0]).toSQL().params.length : 1;
    const [insert, ...inserts] = chunksOf(rows, Math.floor(D1_MAX_PARAMS / perRow)).map((run) =>
      this.db.insert(shortLinks).values(run).onConflictDoNothing(),
    );
    const found = insert
      ? ((await this.db.batch([insert, ...inserts, read])).at(-1) as Awaited<typeof read>)
      : await read;
    return new Map(found.map((r) => [r.slot, r.code]));
  }

  /** A post's own link choices (ADR 094), if it has any. */
  async postOptions(postId: string): Promise<PostLinkOptionsRow | undefined> {
    const [row] = await this.postOptionsRead(postId);
    return row;
  }

  /** `postOptions` as a statement, for a caller's batch. */
  postOptionsRead(postId: string) {
    return this.db.select().from(postLinkOptions).where(eq(postLinkOptions.postId, postId));
  }

  async savePostOptions(row: PostLinkOptionsRow): Promise<void> {
    await this.postOptionsWrite(row);
  }

  /** The write of a post's link choices, for a post command's batch (ADR 105): they land with the post. */
  postOptionsWrite(row: PostLinkOptionsRow) {
    const { postId: _, ...set } = row;
    return this.db.insert(postLinkOptions).values(row).onConflictDoUpdate({ target: postLinkOptions.postId, set });
  }

  /** A post of the workspace with its channels' platforms and statuses, or undefined when it is not there. */
  async postWithTargets(workspaceId: string, postId: string) {
    const [post] = await this.db
      .select({ content: posts.content, platforms: posts.platforms })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)));
    if (!post) return undefined;
    const targets = await this.db
      .select({ platform: postTargets.platform, status: postTargets.status })
      .from(postTargets)
      .where(eq(postTargets.postId, postId));
    return { ...post, targets };
  }

  /** The names of a post's labels, alphabetically (read from the labels module's tables: its campaigns). */
  async labelNames(postId: string): Promise<string[]> {
    return (await this.labelNamesRead(postId)).map((r) => r.name);
  }

  /** `labelNames` as a statement (its rows `{ name }`), for a caller's batch. */
  labelNamesRead(postId: string) {
    return this.db
      .select({ name: labels.name })
      .from(postLabels)
      .innerJoin(labels, eq(labels.id, postLabels.labelId))
      .where(eq(postLabels.postId, postId))
      .orderBy(asc(sql`lower(${labels.name})`));
  }

  async byCode(code: string): Promise<{ id: string; destination: string } | undefined> {
    const [row] = await this.db
      .select({ id: shortLinks.id, destination: shortLinks.destination })
      .from(shortLinks)
      .where(eq(shortLinks.code, code));
    return row;
  }

  /** One click, counted atomically in the database (concurrent clicks each add one). */
  async countClick(linkId: string, day: string): Promise<void> {
    await this.db
      .insert(linkClicksDaily)
      .values({ linkId, day, clicks: 1 })
      .onConflictDoUpdate({
        target: [linkClicksDaily.linkId, linkClicksDaily.day],
        set: { clicks: sql`${linkClicksDaily.clicks} + 1` },
      });
  }

  /**
   * A workspace's links with their clicks between two UTC days (inclusive) and their post's text, newest first;
   * one post's, or some channels', if named.
   */
  async withClicks(
    workspaceId: string,
    range: { from: string; to: string; postId?: string; platforms?: Platform[] | null },
  ) {
    return this.db
      .select({
        id: shortLinks.id,
        code: shortLinks.code,
        postId: shortLinks.postId,
        targetId: shortLinks.targetId,
        platform: shortLinks.platform,
        original: shortLinks.original,
        destination: shortLinks.destination,
        createdAt: shortLinks.createdAt,
        postText: posts.content,
        clicks: sql<number>`coalesce(sum(${linkClicksDaily.clicks}), 0)`,
      })
      .from(shortLinks)
      .leftJoin(
        linkClicksDaily,
        and(
          eq(linkClicksDaily.linkId, shortLinks.id),
          gte(linkClicksDaily.day, range.from),
          lte(linkClicksDaily.day, range.to),
        ),
      )
      .leftJoin(posts, eq(posts.id, shortLinks.postId))
      .where(
        and(
          eq(shortLinks.workspaceId, workspaceId),
          range.postId ? eq(shortLinks.postId, range.postId) : undefined,
          range.platforms ? inArray(shortLinks.platform, range.platforms) : undefined,
        ),
      )
      .groupBy(shortLinks.id)
      .orderBy(desc(shortLinks.createdAt), shortLinks.slot)
      .limit(500);
  }

  /**
   * Link-in-bio clicks between two UTC days per item (read from the bio module's table, ADR 087), each grid post
   * with its post; one post's if named, and only the page's own links when Instagram is filtered out.
   */
  bioClicks(workspaceId: string, range: { from: string; to: string; postId?: string; platforms?: Platform[] | null }) {
    const instagramOut = !!range.platforms && !range.platforms.includes("instagram");
    return this.db
      .select({
        item: bioClicksDaily.item,
        clicks: sql<number>`sum(${bioClicksDaily.clicks})`,
        postId: postTargets.postId,
        postText: posts.content,
      })
      .from(bioClicksDaily)
      .leftJoin(
        postTargets,
        and(eq(postTargets.id, sql`substr(${bioClicksDaily.item}, 6)`), eq(postTargets.workspaceId, workspaceId)),
      )
      .leftJoin(posts, eq(posts.id, postTargets.postId))
      .where(
        and(
          eq(bioClicksDaily.workspaceId, workspaceId),
          gte(bioClicksDaily.day, range.from),
          lte(bioClicksDaily.day, range.to),
          range.postId ? eq(postTargets.postId, range.postId) : undefined,
          instagramOut ? sql`${bioClicksDaily.item} LIKE 'link-%'` : undefined,
        ),
      )
      .groupBy(bioClicksDaily.item);
  }

  /** The labels of the workspace's bio links by id (what a report calls each link). */
  async bioLabels(workspaceId: string): Promise<Map<string, string>> {
    const [page] = await this.db
      .select({ links: bioPages.links })
      .from(bioPages)
      .where(eq(bioPages.workspaceId, workspaceId));
    return new Map((page?.links ?? []).map((l) => [l.id, l.label]));
  }
}
