import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { chunksOf, D1_MAX_PARAMS, readInRuns } from "../db/chunks";
import type { Db } from "../db/client";
import { fromJsonRow, jsonRow } from "../db/json-rows";
import { likePattern } from "../db/like";
import { renderedStatement } from "../db/rendered";
import { connectedAccounts } from "../db/schema/accounts";
import { postMedia } from "../db/schema/media";
import { posts, postTargets, publishAttempts } from "../db/schema/posts";
import { Conflict, notFound } from "../errors";
import type { MediaLibrary } from "../media";
import { liveChannelOf } from "../media";
import { creatorOf } from "../platforms";
import type { Actor } from "../tenancy/actor";
import { DUPLICATE_WINDOW_MS, duplicatesOf, retryNote } from "./channel-notes";
import { channelKey, effectiveVersion } from "./channel-version";
import {
  listShape,
  listWhere,
  PAGE,
  pageCte,
  placeholder,
  type Related,
  type RelatedRow,
  relatedOf,
  relatedRows,
  TOTAL,
} from "./list-sql";
import { type AccountLimits, type PreflightAccount, type Problem, preflight } from "./preflight";
import type { ListPostsQuery } from "./query";
import { accountsOf, allMediaIdsOf, mediaIdsOf, type PostFields, postProblems, versionsOf } from "./rules";
import { channelsOf, shapePosts } from "./shape";

type PostRow = typeof posts.$inferSelect;
type TargetRow = typeof postTargets.$inferSelect;

const PUBLISHING_NOW_DELETE =
  "This post is being published right now and cannot be deleted. Try again in a minute, once it has finished.";
/** Statements a command writes in one D1 batch. */
export type Statements = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export type { Actor };

/**
 * Takes a media file out of the posts no platform has yet (deleting it from the library); the posts that are live
 * keep their link, to the thumbnail and details the file leaves behind (ADR 075).
 */
export function unlinkFromPostsNotLive(db: Db, mediaId: string, only: SQL) {
  return db
    .delete(postMedia)
    .where(and(eq(postMedia.mediaId, mediaId), sql`NOT ${liveChannelOf(postMedia.postId)}`, only));
}

/** Posts with one target per (platform, account). Every query is scoped to the workspace. */
export class PostStore {
  constructor(
    private readonly db: Db,
    private readonly library: MediaLibrary,
    private readonly now: () => number,
  ) {}

  /** The problems per channel, without saving anything (POST /api/posts/preflight). */
  async preflight(user: Actor, fields: PostFields): Promise<{ messages: string[]; problems: Problem[] }> {
    const rows = await this.library.owned(user.workspace.id, allMediaIdsOf(fields));
    const kinds = new Map(rows.map((m) => [m.id, m.fileType]));
    const messages = postProblems(
      { ...fields, status: fields.status ?? "scheduled" },
      {
        now: this.now(),
        timeZone: user.workspace.timezone,
        mediaKind: (i) => kinds.get(i),
        mediaRequired: user.workspace.mediaRequired,
      },
    );
    const accounts = await this.workspaceAccounts(user.workspace.id);
    const versions = versionsOf(fields);
    const targets = accountsOf(fields).map((t) => ({
      ...t,
      version: versions.get(channelKey(t.platform, t.accountId)),
    }));
    const problems = preflight(
      {
        ...fields,
        targets,
        media: rows,
        baseMediaIds: mediaIdsOf(fields),
        youtubeVideoId: fields.youtubeVideo ?? null,
      },
      accounts,
      this.now(),
    );
    return { messages, problems };
  }

  /** A new post's row, as the statement that writes it. */
  insert(row: typeof posts.$inferInsert) {
    return this.db.insert(posts).values(row);
  }

  /** A change to the workspace's post, as the statement that writes it. */
  change(workspaceId: string, id: string, set: Partial<typeof posts.$inferInsert>) {
    return this.db
      .update(posts)
      .set(set)
      .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)));
  }

  /**
   * The post's media in order, as the inserts that attach them: up to 61 files at 3 parameters a row, in runs within
   * D1's 100 bound parameters (ADR 118) for the command's batch.
   */
  attach(postId: string, rows: Array<{ id: string }>) {
    const links = rows.map((m, position) => ({ postId, mediaId: m.id, position }));
    const perRow = Object.keys(getTableColumns(postMedia)).length;
    return chunksOf(links, Math.floor(D1_MAX_PARAMS / perRow)).map((run) => this.db.insert(postMedia).values(run));
  }

  /** Detaches all of the post's media (an edit attaches what it keeps again, in its order). */
  detach(postId: string) {
    return this.db.delete(postMedia).where(eq(postMedia.postId, postId));
  }

  /** Writes a command's statements in one D1 batch: all of them or none. */
  async commit(statements: Statements) {
    await this.db.batch(statements);
  }

  /** The post's channels as stored. */
  targetsOf(postId: string) {
    return this.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  }

  /** Who wrote the post (a member may delete their own); 404 for another workspace's. */
  async ownerOf(workspaceId: string, id: string): Promise<string> {
    return (await this.ownedPost(workspaceId, id)).userId;
  }

  /** A post is not deleted while a channel is being sent: deleting it then would lose the record of a live post (409). */
  async ensureNotSending(id: string): Promise<void> {
    const [sending] = await this.db
      .select({ id: postTargets.id })
      .from(postTargets)
      .where(and(eq(postTargets.postId, id), eq(postTargets.status, "publishing")))
      .limit(1);
    if (sending) throw new Conflict(PUBLISHING_NOW_DELETE);
  }

  /**
   * Deletes the post unless a channel is being sent. The condition sits in the DELETE itself, so a
   * consumer that moves a target to `publishing` at the same moment either wins (409 here) or finds the
   * target gone and sends nothing.
   */
  async remove(workspaceId: string, id: string): Promise<void> {
    const gone = await this.db
      .delete(posts)
      .where(
        and(
          eq(posts.id, id),
          eq(posts.workspaceId, workspaceId),
          sql`NOT EXISTS (SELECT 1 FROM post_targets t WHERE t.post_id = ${posts.id} AND t.status = 'publishing')`,
        ),
      )
      .returning({ id: posts.id });
    if (gone.length === 0) throw new Conflict(PUBLISHING_NOW_DELETE);
  }

  async get(workspaceId: string, id: string) {
    const post = await this.ownedPost(workspaceId, id);
    const [json] = await this.present([post]);
    return json!;
  }

  /** The post's channels that published exactly their text lately: reposting there would be a duplicate. */
  async duplicates(workspaceId: string, id: string) {
    const post = await this.ownedPost(workspaceId, id);
    const channels = await this.db
      .select({ platform: postTargets.platform, accountId: postTargets.accountId, version: postTargets.version })
      .from(postTargets)
      .where(eq(postTargets.postId, id));
    if (channels.length === 0) return [];
    const now = this.now();
    // A post names up to 550 accounts: read in runs, 3 other values bound.
    const sent = await readInRuns([...new Set(channels.map((c) => c.accountId))], 3, (run) =>
      this.db
        .select({
          postId: posts.id,
          platform: postTargets.platform,
          accountId: postTargets.accountId,
          version: postTargets.version,
          content: posts.content,
          hashtags: posts.hashtags,
          publishedAt: postTargets.publishedAt,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(
          and(
            eq(postTargets.workspaceId, workspaceId),
            eq(postTargets.status, "published"),
            inArray(postTargets.accountId, run),
            sql`${postTargets.publishedAt} >= ${now - DUPLICATE_WINDOW_MS}`,
          ),
        ),
    );
    const captionAt = (p: { content: string; hashtags: string[] }, t: (typeof channels)[number]) =>
      effectiveVersion({ ...p, mediaIds: [], title: null }, t).caption;
    const published = sent.map((s) => ({ ...s, caption: captionAt(s, s), publishedAt: s.publishedAt ?? 0 }));
    return duplicatesOf(
      channels.map((c) => ({ ...c, caption: captionAt(post, c) })),
      published,
      now,
    );
  }

  /**
   * The workspace's posts among `ids`, presented, in the order of `ids`; others' ids are skipped. The approval queue
   * asks for up to 100: read in runs (readInRuns).
   */
  async getMany(workspaceId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await readInRuns([...new Set(ids)], 1, (run) =>
      this.db
        .select()
        .from(posts)
        .where(and(eq(posts.workspaceId, workspaceId), inArray(posts.id, run))),
    );
    const presented = await this.present(rows);
    return ids.flatMap((id) => presented.filter((p) => p.id === id));
  }

  async list(workspaceId: string, q: ListPostsQuery) {
    const read = this.listRead(workspaceId, q);
    return read.answer(await read.statement.all());
  }

  /**
   * The posts list as one statement and what makes its answer from the statement's result, apart so the
   * statement can go in a batch with the request's membership lookup (ADR 050).
   */
  listRead(workspaceId: string, q: ListPostsQuery) {
    const { shape, key } = listShape(q);
    const values = {
      workspaceId,
      status: q.status,
      platform: q.platform,
      from: q.from,
      to: q.to,
      content: q.search && likePattern(q.search),
      hashtag: q.search && likePattern(q.search.replace(/^#/, "")),
      label: q.label,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    };
    // One statement: the page's total, its posts and what each shows, in that order (kinds -2, -1, then 0…4).
    // D1 pays per statement more than per row or byte (ADR 048).
    const statement = renderedStatement(
      this.db.$client,
      `posts.list:${key}`,
      () => sql`WITH ${pageCte(shape)}
        SELECT ${sql.raw(String(TOTAL))} AS kind, 0 AS sort, (SELECT count(*) FROM ${posts} WHERE ${listWhere(shape)}) AS row
        UNION ALL
        SELECT ${sql.raw(String(PAGE))}, page.n, ${jsonRow(posts)} FROM page CROSS JOIN ${posts} ON ${posts.id} = page.id
        UNION ALL
        SELECT kind, sort, row FROM (${relatedRows()})
        ORDER BY kind, sort`,
      values,
    );
    const answer = async (result: D1Result) => {
      const results = result.results as RelatedRow[];
      const n = Number(results[0]?.kind === TOTAL ? results[0].row : 0);
      const rows = results.filter((r) => r.kind === PAGE).map((r) => fromJsonRow(posts, JSON.parse(String(r.row))));
      return {
        posts: await this.shape(rows, relatedOf(results)),
        pagination: { page: q.page, limit: q.limit, total: n, pages: Math.ceil(n / q.limit) },
      };
    };
    return { statement, answer };
  }

  /** The workspace's post row; 404 for another workspace's. */
  async ownedPost(workspaceId: string, id: string): Promise<PostRow> {
    const [post] = await this.db
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)));
    if (!post) throw notFound();
    return post;
  }

  /** The workspace's connected accounts, as the rules and pre-flight read them. */
  async workspaceAccounts(workspaceId: string): Promise<PreflightAccount[]> {
    const rows = await this.db
      .select({
        id: connectedAccounts.id,
        platform: connectedAccounts.platform,
        username: connectedAccounts.username,
        status: connectedAccounts.status,
        tokenExpiresAt: connectedAccounts.tokenExpiresAt,
        metadata: connectedAccounts.metadata,
      })
      .from(connectedAccounts)
      .where(eq(connectedAccounts.workspaceId, workspaceId));
    // The limits the account's server set (Mastodon, read from its instance at connect and daily, ADR 059).
    return rows.map(({ metadata, ...a }) => ({
      ...a,
      limits: (metadata?.limits as AccountLimits | undefined) ?? null,
      tiktokCreator: creatorOf(metadata),
    }));
  }

  /** The stored post as composer fields, the base a partial PUT is applied to. */
  async fieldsOf(post: PostRow, targets: TargetRow[]): Promise<PostFields> {
    const attached = await this.db
      .select({ id: postMedia.mediaId })
      .from(postMedia)
      .where(eq(postMedia.postId, post.id))
      .orderBy(asc(postMedia.position));
    const selectedAccounts: Record<string, string[]> = {};
    for (const t of targets) (selectedAccounts[t.platform] ??= []).push(t.accountId);
    return {
      content: post.content,
      platforms: post.platforms,
      selectedAccounts,
      images: [],
      videos: [],
      media: attached.map((a) => a.id),
      hashtags: post.hashtags,
      mentions: post.mentions,
      metadata: { category: post.category, source: post.source },
      title: post.title,
      youtubeVideo: post.youtubeVideoId,
      scheduledDate: post.scheduledAt === null ? null : new Date(post.scheduledAt).toISOString(),
      timezone: post.timezone,
      status: post.status === "draft" ? "draft" : "scheduled",
      publishNow: false,
      channels: channelsOf(targets),
    };
  }

  /** SPEC §3 Post for each row, with its media and one platformPosts entry per target. */
  private async present(rows: PostRow[]) {
    if (rows.length === 0) return [];
    const { results } = await renderedStatement(
      this.db.$client,
      "posts.related:ids",
      () =>
        sql`WITH page AS (SELECT value AS id FROM json_each(${placeholder("ids")})) ${relatedRows()} ORDER BY kind, sort`,
      { ids: JSON.stringify(rows.map((p) => p.id)) },
    ).all<RelatedRow>();
    return this.shape(rows, relatedOf(results));
  }

  private async shape(rows: PostRow[], related: Related) {
    const retrying = related.targets.filter((t) => retryNote(t, null)).map((t) => t.id);
    return shapePosts(rows, related, await this.lastRetryReasons(retrying));
  }

  /** The platform's words for the latest failed attempt of each target being retried (from the attempt log). */
  private async lastRetryReasons(targetIds: string[]): Promise<Map<string, string | null>> {
    // A page of 100 posts may wait on more channels than D1 binds at once (ADR 118); a target's rows stay in one run.
    const rows = await readInRuns(targetIds, 1, (run) =>
      this.db
        .select({ targetId: publishAttempts.targetId, message: publishAttempts.errorMessage })
        .from(publishAttempts)
        .where(and(inArray(publishAttempts.targetId, run), eq(publishAttempts.outcome, "retry")))
        .orderBy(asc(publishAttempts.startedAt)),
    );
    // Ascending, so the latest attempt of each target is the one left in the map.
    return new Map(rows.map((r) => [r.targetId, r.message]));
  }
}

/** A page of the posts list as `GET /api/posts` answers it. */
export type ListedPosts = Awaited<ReturnType<PostStore["list"]>>;

/** How many of the workspace's posts are still on their way out (scheduled, waiting for approval, publishing). */
export async function countWaitingPosts(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(posts)
    .where(
      and(eq(posts.workspaceId, workspaceId), inArray(posts.status, ["scheduled", "pending_approval", "publishing"])),
    );
  return row?.n ?? 0;
}
