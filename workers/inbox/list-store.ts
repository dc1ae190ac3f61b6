import { and, count, desc, eq, lt, lte, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { connectedAccounts, inboxItems, inboxLabels, inboxNotes, inboxReads, posts } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { cursorOf, type ListCursor } from "./list-cursor";
import type { InboxStatus } from "./store";

export interface ListFilter {
  status?: InboxStatus;
  platform?: Platform;
  assigneeId?: string;
  label?: string;
  /** Entries after this one in the list's order (the next page). */
  before?: ListCursor;
  limit: number;
}

/** The open count stops here (ADR 102): the sidebar shows 99+ past 99, and the API says it counts up to this. */
export const OPEN_COUNT_MAX = 1_000;

/**
 * How many entries of its index a page walks at most when the index does not hold every filter (a label with a
 * network, "assigned to me" with every status): the rest are checked on the items, and a page that found fewer than
 * it asked for says where to go on (ADR 102). This is what bounds the rows a filter reads at any inbox size.
 */
export const LIST_WALK_MAX = 800;

type Driver = { index: SQL[]; residual: SQL[]; labels: boolean };
/** The last column of every item index: the walk's tie-breaker between items of the same time. */
const rowidOf = sql<number>`${inboxItems}.rowid`;

/**
 * Which index a filter walks newest first (a label's rows carry the item's time and status; each item index starts
 * at the workspace and holds the status), and the filters left to check on each item it names.
 */
export function listDriver(workspaceId: string, f: ListFilter): Driver {
  const on = <T>(value: T | undefined, cond: (v: T) => SQL) => (value === undefined ? [] : [cond(value)]);
  // After the cursor in (time, key) order: older, or as old and further on. The range stays on the index's time.
  const before = (at: SQLWrapper, key: SQLWrapper, keyOf: (k: string) => string | number) =>
    on(f.before, (b) => (b.key === null ? lt(at, b.at) : and(lte(at, b.at), or(lt(at, b.at), lt(key, keyOf(b.key))))!));
  if (f.label !== undefined)
    return {
      labels: true,
      index: [
        eq(inboxLabels.workspaceId, workspaceId),
        eq(inboxLabels.label, f.label),
        ...on(f.status, (s) => eq(inboxLabels.status, s)),
        ...before(inboxLabels.createdAt, inboxLabels.itemId, (k) => k),
      ],
      residual: [
        ...on(f.platform, (p) => eq(inboxItems.platform, p)),
        ...on(f.assigneeId, (a) => eq(inboxItems.assigneeId, a)),
      ],
    };
  // A label index's key (an id) names no rowid: the items of its time are then left out, as a bare time does.
  const rowidKey = (k: string) => (/^\d+$/.test(k) ? Number(k) : 0);
  const item = [eq(inboxItems.workspaceId, workspaceId), ...before(inboxItems.createdAt, rowidOf, rowidKey)];
  const assignee = on(f.assigneeId, (a) => eq(inboxItems.assigneeId, a));
  const platform = on(f.platform, (p) => eq(inboxItems.platform, p));
  // Without a status only `inbox_items_all_idx` gives the order; the other filters are checked per item.
  if (f.status === undefined) return { labels: false, index: item, residual: [...assignee, ...platform] };
  const status = [eq(inboxItems.status, f.status)];
  // `inbox_items_assignee_list_idx`, `inbox_items_platform_list_idx` or `inbox_items_list_idx`.
  if (assignee.length) return { labels: false, index: [...item, ...assignee, ...status], residual: platform };
  return { labels: false, index: [...item, ...platform, ...status], residual: [] };
}

/** The inbox's list reads (ADR 069, ADR 102): a page newest first with its filters, and the open count. */
export class InboxListReads {
  constructor(private readonly db: Db) {}

  /**
   * A page with each item's labels, note count and whether `viewerId` has read it, where the next one starts, and
   * the open count: one D1 batch, as each call to D1 costs a round trip whatever its SQL (and a batch's answer tells
   * the bench the rows D1 read; a builder's read does not). A page a walk cut short (fewer items than asked, the
   * walk's limit reached) goes on from the oldest entry walked.
   */
  async page(workspaceId: string, f: ListFilter, viewerId?: string) {
    const driver = listDriver(workspaceId, f);
    const walk = driver.residual.length ? LIST_WALK_MAX : f.limit;
    const d = this.walk(driver, walk).as("d");
    // An item index's entries end with the item's rowid: the walk reads no item, and the page reads each by rowid.
    const item = driver.labels ? eq(inboxItems.id, d.key) : eq(sql`${inboxItems}.rowid`, d.key);
    // The walk gives the page's order, so SQLite sorts nothing and works out these per item of the page only.
    const rows = this.db
      .select({
        key: d.key,
        item: inboxItems,
        postContent: posts.content,
        account: connectedAccounts.username,
        labels: sql<string>`(select json_group_array(${inboxLabels.label}) from ${inboxLabels} where ${inboxLabels.itemId} = ${inboxItems.id})`,
        notes: sql<number>`(select count(*) from ${inboxNotes} where ${inboxNotes.itemId} = ${inboxItems.id})`,
        read: viewerId
          ? sql<number>`exists (select 1 from ${inboxReads} where ${inboxReads.itemId} = ${inboxItems.id} and ${inboxReads.userId} = ${viewerId})`
          : sql<number>`0`,
      })
      .from(d)
      .innerJoin(inboxItems, item)
      .leftJoin(posts, eq(posts.id, inboxItems.postId))
      .innerJoin(connectedAccounts, eq(connectedAccounts.id, inboxItems.accountId))
      .where(and(...driver.residual))
      .orderBy(desc(d.at), desc(d.key))
      .limit(f.limit);
    // The walk's last entry, if it went that far: a page cut short goes on from there.
    const edge = this.walk(driver, 1).offset(walk - 1);
    const [found, open, last] = driver.residual.length
      ? await this.db.batch([rows, this.openCountQuery(workspaceId), edge])
      : [...(await this.db.batch([rows, this.openCountQuery(workspaceId)])), []];
    const page = found.map(({ labels, notes, read, key: _, ...row }) => ({
      ...row,
      extras: { labels: (JSON.parse(labels) as string[]).sort(), notes: Number(notes), read: Boolean(read) },
    }));
    const end = page.length === f.limit ? { at: found.at(-1)!.item.createdAt, key: found.at(-1)!.key } : last[0];
    return { rows: page, next: end ? cursorOf(end.at, end.key) : null, open: open[0]?.n ?? 0 };
  }

  /** The index's entries newest first, each the item's key (its id from a label, its rowid from an item index). */
  private walk(driver: Driver, limit: number) {
    if (driver.labels)
      return this.db
        .select({ key: sql<string | number>`${inboxLabels.itemId}`.as("key"), at: inboxLabels.createdAt })
        .from(inboxLabels)
        .where(and(...driver.index))
        .orderBy(desc(inboxLabels.createdAt), desc(inboxLabels.itemId))
        .limit(limit);
    return this.db
      .select({ key: sql<string | number>`${rowidOf}`.as("key"), at: inboxItems.createdAt })
      .from(inboxItems)
      .where(and(...driver.index))
      .orderBy(desc(inboxItems.createdAt), desc(rowidOf))
      .limit(limit);
  }

  /** Open items, counted up to `OPEN_COUNT_MAX`: every page's sidebar asks, and a full count reads every one. */
  async openCount(workspaceId: string): Promise<number> {
    const [rows] = await this.db.batch([this.openCountQuery(workspaceId)]);
    return rows[0]?.n ?? 0;
  }

  private openCountQuery(workspaceId: string) {
    const open = this.db
      .select({ one: sql`1` })
      .from(inboxItems)
      .where(and(eq(inboxItems.workspaceId, workspaceId), eq(inboxItems.status, "open")))
      .limit(OPEN_COUNT_MAX)
      .as("open");
    return this.db.select({ n: count() }).from(open);
  }
}

/**
 * `openCount` of the workspace a page request names (`workspaceId`, unconfirmed) as one row of `id` and `n`: a query
 * for the session's batch (ADR 050), so only where the inbox shares the directory's database. Its count is used only
 * when the page's confirmed workspace is that one.
 */
export function openCountRead(workspaceId: string): SQL {
  const open = sql`SELECT 1 FROM ${inboxItems} WHERE ${inboxItems.workspaceId} = ${workspaceId}
    AND ${inboxItems.status} = 'open' LIMIT ${OPEN_COUNT_MAX}`;
  return sql`SELECT ${workspaceId} AS id, (SELECT count(*) FROM (${open})) AS n`;
}

/** `openCountRead`'s row by workspace. */
export const openCountsOfRows = (rows: unknown[]): Map<string, number> =>
  new Map((rows as Array<{ id: string; n: number }>).map((r) => [r.id, r.n]));
