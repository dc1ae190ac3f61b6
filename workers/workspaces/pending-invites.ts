import { and, eq, gt, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { workspaceInvites, workspaceMembers } from "../db/schema/workspaces";
import { notFound } from "../errors";
import { candidateIds } from "../tenancy/membership";

/** A workspace's invitations that can still be accepted at `now`: not accepted, not expired. */
export const pendingInvite = (workspaceId: string | SQLWrapper, now: number) =>
  and(
    eq(workspaceInvites.workspaceId, workspaceId),
    isNull(workspaceInvites.acceptedAt),
    gt(workspaceInvites.expiresAt, now),
  );

/** The other members of the workspace `id` (a value or a column of an outer query) plus its pending invitations. */
const teammatesOf = (id: string | SQLWrapper, now: number) =>
  sql<number>`(SELECT count(*) FROM ${workspaceMembers} WHERE ${eq(workspaceMembers.workspaceId, id)}) - 1
    + (SELECT count(*) FROM ${workspaceInvites} WHERE ${pendingInvite(id, now)})`;

/** The other members of a workspace plus its pending invitations, in one statement. */
export async function teammateCount(db: Db, workspaceId: string, now: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT ${teammatesOf(workspaceId, now)} AS n`);
  return row?.n ?? 0;
}

/**
 * `teammateCount` of each workspace a page request may show (`candidateIds`: the one its cookie names and the
 * personal one) as rows of `id` and `n`: a directory query for the session's batch (ADR 050).
 */
export function teammatesQuery(userId: string, among: string | null, now: number): SQL {
  return sql`SELECT m.workspace_id AS id, ${teammatesOf(sql`m.workspace_id`, now)} AS n
    FROM ${workspaceMembers} m WHERE m.user_id = ${userId} AND m.workspace_id IN (${candidateIds(userId, among)})`;
}

/** `teammatesQuery`'s rows by workspace. */
export const teammatesOfRows = (rows: unknown[]): Map<string, number> =>
  new Map((rows as Array<{ id: string; n: number }>).map((r) => [r.id, r.n]));

/** An invitation as the API shows it (never its token). */
export function presentInvite(row: typeof workspaceInvites.$inferSelect) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: new Date(row.expiresAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** One invitation of the workspace, as inviting answered it; a 404 when it is not the workspace's. */
export async function invitationOf(db: Db, workspaceId: string, id: string) {
  const where = and(eq(workspaceInvites.id, id), eq(workspaceInvites.workspaceId, workspaceId));
  const row = await db.query.workspaceInvites.findFirst({ where });
  if (!row) throw notFound();
  return presentInvite(row);
}
