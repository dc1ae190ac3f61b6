import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { workspaceInvites, workspaceMembers } from "../db/schema/workspaces";

/** A workspace's invitations that can still be accepted at `now`: not accepted, not expired. */
export const pendingInvite = (workspaceId: string, now: number) =>
  and(
    eq(workspaceInvites.workspaceId, workspaceId),
    isNull(workspaceInvites.acceptedAt),
    gt(workspaceInvites.expiresAt, now),
  );

/** The other members of a workspace plus its pending invitations, in one statement. */
export async function teammateCount(db: Db, workspaceId: string, now: number): Promise<number> {
  const members = db.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  const [row] = await db
    .select({ n: sql<number>`(${members}) - 1 + count(*)` })
    .from(workspaceInvites)
    .where(pendingInvite(workspaceId, now));
  return row?.n ?? 0;
}
