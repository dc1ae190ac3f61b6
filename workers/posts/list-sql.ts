import { and, eq, or, type SQLWrapper, sql } from "drizzle-orm";
import { fromJsonRow, jsonRow } from "../db/json-rows";
import { likeContains } from "../db/like";
import { clientReviews, postApprovals } from "../db/schema/approvals";
import { postLabels } from "../db/schema/labels";
import { media, postMedia } from "../db/schema/media";
import { posts, postTargets } from "../db/schema/posts";
import { targetStagings } from "../db/schema/staging";
import type { MediaRow } from "../media";
import type { ListPostsQuery } from "./query";

// The SQL behind the posts list and every presented post (ADR 048): the list's filters and page, and what each
// post shows besides its row, read in one compound select and split back into each table's rows.

type TargetRow = typeof postTargets.$inferSelect;

export const placeholder = (name: string) => sql.placeholder(name);

/** Which of the list's filters a request uses: the list's statements are rendered once for each combination. */
type ListShape = Record<"status" | "platform" | "from" | "to" | "search" | "label" | "byDate", boolean>;

/** Which filters `q` uses, and a key naming that combination for its rendered statements. */
export function listShape(q: ListPostsQuery): { shape: ListShape; key: string } {
  const shape: ListShape = {
    status: q.status !== undefined,
    platform: q.platform !== undefined,
    from: q.from !== undefined,
    to: q.to !== undefined,
    search: Boolean(q.search),
    label: q.label !== undefined,
    byDate: q.sort === "date",
  };
  const key = (Object.keys(shape) as Array<keyof ListShape>).filter((k) => shape[k]).join(",");
  return { shape, key };
}

/** The list's filters, their values as placeholders (`list` binds them). */
/** The date a post shows (published, else scheduled, else created): what `from`/`to` and `sort=date` read. */
const shownAt = sql`coalesce(${posts.publishedAt}, ${posts.scheduledAt}, ${posts.createdAt})`;

export function listWhere(shape: ListShape) {
  return and(
    eq(posts.workspaceId, placeholder("workspaceId")),
    shape.status ? eq(posts.status, placeholder("status")) : undefined,
    shape.platform
      ? sql`EXISTS (SELECT 1 FROM json_each(${posts.platforms}) WHERE json_each.value = ${placeholder("platform")})`
      : undefined,
    shape.from ? sql`${shownAt} >= ${placeholder("from")}` : undefined,
    shape.to ? sql`${shownAt} < ${placeholder("to")}` : undefined,
    shape.search
      ? or(likeContains(posts.content, placeholder("content")), likeContains(posts.hashtags, placeholder("hashtag")))
      : undefined,
    shape.label
      ? sql`EXISTS (SELECT 1 FROM ${postLabels} WHERE ${postLabels.postId} = ${posts.id} AND ${postLabels.labelId} = ${placeholder("label")})`
      : undefined,
  );
}

/** The list's order: newest created first, or (`sort=date`) by the date each post shows, latest first. */
export const listOrder = (shape: ListShape) => sql`${shape.byDate ? shownAt : posts.createdAt} DESC, ${posts.id} DESC`;

/**
 * The list's page as the CTE `page`: its posts' ids and their place on it (`n`), read once from the index and kept,
 * so the page's rows and what they show join to it instead of running the page's query again. Numbered after the
 * limit, over the columns the order reads: numbering every post before it would read the whole workspace's index.
 */
export function pageCte(shape: ListShape) {
  const ordered = shape.byDate
    ? sql`, ${posts.createdAt}, ${posts.scheduledAt}, ${posts.publishedAt}`
    : sql`, ${posts.createdAt}`;
  const page = sql`SELECT ${posts.id}${ordered} FROM ${posts} WHERE ${listWhere(shape)}
    ORDER BY ${listOrder(shape)} LIMIT ${placeholder("limit")} OFFSET ${placeholder("offset")}`;
  return sql`page AS MATERIALIZED (SELECT id, row_number() OVER (ORDER BY ${listOrder(shape)}) AS n FROM (${page}) AS ${posts})`;
}

/** The list statement's rows before the related ones: its total, then its page (ordered by `sort`). */
export const TOTAL = -2;
export const PAGE = -1;

export type RelatedRow = { kind: number; sort: number; row: string | number };

/**
 * What a presented post shows besides its row (targets, media, approvals, client reviews, stagings) for the posts of
 * the CTE `page` (an `id` column) as rows of `kind`, `sort` (the order within a kind) and `row` (JSON), in one
 * compound select (ADR 048). Five kinds: local D1 refuses a compound select of more than five terms. Each term
 * starts from the page (CROSS JOIN keeps that order): a table with few rows would otherwise be scanned whole.
 */
export function relatedRows() {
  const fromPage = (table: SQLWrapper, postId: SQLWrapper) => sql`FROM page CROSS JOIN ${table} ON ${postId} = page.id`;
  const used = sql`(SELECT count(*) FROM post_media pm WHERE pm.media_id = ${media.id})`;
  return sql`SELECT 0 AS kind, ${postTargets.createdAt} AS sort, ${jsonRow(postTargets)} AS row
      ${fromPage(postTargets, postTargets.postId)}
    UNION ALL
    SELECT 1, ${postMedia.position}, json_array(${postMedia.postId}, ${jsonRow(media)}, ${used})
      ${fromPage(postMedia, postMedia.postId)} INNER JOIN ${media} ON ${media.id} = ${postMedia.mediaId}
    UNION ALL
    SELECT 2, -${postApprovals.submittedAt}, ${jsonRow(postApprovals)} ${fromPage(postApprovals, postApprovals.postId)}
    UNION ALL
    SELECT 3, ${clientReviews.createdAt}, ${jsonRow(clientReviews)} ${fromPage(clientReviews, clientReviews.postId)}
    UNION ALL
    SELECT 4, 0, ${jsonRow(targetStagings)} ${fromPage(targetStagings, targetStagings.postId)}`;
}

/** `relatedRows`' rows (already ordered) as each table's own rows; rows of other kinds are skipped. */
export function relatedOf(rows: RelatedRow[]) {
  const related = {
    targets: [] as TargetRow[],
    attached: [] as Array<{ postId: string; row: MediaRow; used: number }>,
    approvals: [] as Array<typeof postApprovals.$inferSelect>,
    reviews: [] as Array<typeof clientReviews.$inferSelect>,
    stagings: [] as Array<typeof targetStagings.$inferSelect>,
  };
  for (const { kind, row: text } of rows) {
    if (kind < 0) continue;
    const row = JSON.parse(String(text)) as unknown[];
    if (kind === 0) related.targets.push(fromJsonRow(postTargets, row));
    else if (kind === 1)
      related.attached.push({
        postId: row[0] as string,
        row: fromJsonRow(media, row[1] as unknown[]),
        used: row[2] as number,
      });
    else if (kind === 2) related.approvals.push(fromJsonRow(postApprovals, row));
    else if (kind === 3) related.reviews.push(fromJsonRow(clientReviews, row));
    else related.stagings.push(fromJsonRow(targetStagings, row));
  }
  return related;
}

export type Related = ReturnType<typeof relatedOf>;
