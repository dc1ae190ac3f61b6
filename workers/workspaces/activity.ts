import { and, count, desc, eq } from "drizzle-orm";
import { toCsv } from "../analytics";
import type { Db } from "../db/client";
import { activityLog } from "../db/schema/collaboration";
import type { People } from "../tenancy/people";
import type { ActivityAction, ActivitySubject } from "./activity-actions";

export interface ActivityEntry {
  workspaceId: string;
  /** Who did it; null for the system (the publisher). */
  userId: string | null;
  action: ActivityAction;
  subject: ActivitySubject;
  subjectId: string;
  /** What it was about, in words: a post's first words, an account's name, a member's name and role. */
  summary: string;
  at: number;
}

/**
 * Records one thing done in a workspace. It returns the insert, so a service may run it inside its own
 * `db.batch` (recorded together with the change) or simply await it.
 */
export function recordActivity(db: Db, entry: ActivityEntry) {
  const { at, ...row } = entry;
  return db.insert(activityLog).values({ id: crypto.randomUUID(), ...row, createdAt: at });
}

/** CSV exports stop here; older entries are read page by page. */
export const ACTIVITY_EXPORT_MAX = 10_000;

/** Narrows the log to one kind of action and/or one member. */
export interface ActivityFilter {
  action?: ActivityAction;
  userId?: string;
}

const where = (workspaceId: string, filter: ActivityFilter) =>
  and(
    eq(activityLog.workspaceId, workspaceId),
    filter.action ? eq(activityLog.action, filter.action) : undefined,
    filter.userId ? eq(activityLog.userId, filter.userId) : undefined,
  );

/** The workspace's activity log, newest first, for owners and admins. */
export class ActivityLog {
  constructor(
    private readonly db: Db,
    private readonly people: People,
  ) {}

  /** `recordActivity` on this log's database, for modules below this one that get the log handed to them. */
  entry(entry: ActivityEntry) {
    return recordActivity(this.db, entry);
  }

  /** Whether the log has an entry about this subject (a step redone after a crash writes it once: ADR 129). */
  async has(workspaceId: string, subject: ActivitySubject, subjectId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.workspaceId, workspaceId),
          eq(activityLog.subject, subject),
          eq(activityLog.subjectId, subjectId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  private query(workspaceId: string, filter: ActivityFilter, limit: number, offset: number) {
    return this.db
      .select()
      .from(activityLog)
      .where(where(workspaceId, filter))
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(limit)
      .offset(offset);
  }

  /** The page's entries with who did each, one directory query for all of them (the log is on the shard). */
  private async present(rows: (typeof activityLog.$inferSelect)[]) {
    const who = await this.people.byIds(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
    return rows.map((entry) => {
      const person = entry.userId ? who.get(entry.userId) : undefined;
      return ActivityLog.entryOf({ entry, who: person?.displayName ?? null, email: person?.email ?? null });
    });
  }

  private static entryOf(r: { entry: typeof activityLog.$inferSelect; who: string | null; email: string | null }) {
    return {
      id: r.entry.id,
      at: new Date(r.entry.createdAt).toISOString(),
      who:
        r.entry.userId === null
          ? null
          : { id: r.entry.userId, displayName: r.who ?? "A former member", email: r.email },
      action: r.entry.action,
      subject: r.entry.subject,
      subjectId: r.entry.subjectId,
      summary: r.entry.summary,
    };
  }

  async page(workspaceId: string, q: ActivityFilter & { page: number; limit: number }) {
    const [rows, [total]] = await this.db.batch([
      this.query(workspaceId, q, q.limit, (q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(activityLog).where(where(workspaceId, q)),
    ]);
    const n = total?.n ?? 0;
    return {
      entries: await this.present(rows),
      pagination: { page: q.page, limit: q.limit, total: n, pages: Math.ceil(n / q.limit) },
    };
  }

  async csv(workspaceId: string, filter: ActivityFilter = {}): Promise<string> {
    const rows = await this.present(await this.query(workspaceId, filter, ACTIVITY_EXPORT_MAX, 0));
    return toCsv({
      name: "Activity",
      columns: ["When (UTC)", "Who", "Email", "Action", "Subject", "Subject id", "Summary"],
      rows: rows.map((r) => [
        r.at,
        r.who?.displayName ?? "Postline",
        r.who?.email ?? null,
        r.action,
        r.subject,
        r.subjectId,
        r.summary,
      ]),
    });
  }
}
