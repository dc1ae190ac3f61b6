import { and, eq, gt, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type Role, workspaceInvites, workspaceMembers } from "../db/schema/workspaces";
import { notFound } from "../errors";
import { brandedMail, type MailBrand } from "../mail";
import { candidateIds } from "../tenancy/membership";
import type { ActivityEntry } from "./activity";
import { INVITE_TTL_MS } from "./rules";

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

/** One invitation's row of the workspace; a 404 when it is not the workspace's. */
export async function inviteRowOf(db: Db, workspaceId: string, id: string) {
  const where = and(eq(workspaceInvites.id, id), eq(workspaceInvites.workspaceId, workspaceId));
  const row = await db.query.workspaceInvites.findFirst({ where });
  if (!row) throw notFound();
  return row;
}

/** A new invitation's row: only its token's hash is stored; it can be accepted for INVITE_TTL_MS. */
export function newInvite(
  workspaceId: string,
  input: { email: string; role: Role },
  invitedBy: string,
  tokenHash: string,
  now: number,
): typeof workspaceInvites.$inferSelect {
  return {
    id: crypto.randomUUID(),
    workspaceId,
    email: input.email,
    role: input.role,
    tokenHash,
    invitedBy,
    expiresAt: now + INVITE_TTL_MS,
    acceptedAt: null,
    acceptedBy: null,
    createdAt: now,
  };
}

/** An invitation's entry in the workspace's log, at the time it was made. */
export function inviteEntry(row: typeof workspaceInvites.$inferSelect): ActivityEntry {
  return {
    workspaceId: row.workspaceId,
    userId: row.invitedBy,
    action: "invited",
    subject: "invite",
    subjectId: row.id,
    summary: `${row.email} as ${row.role}`,
    at: row.createdAt,
  };
}

/** The invitation's mail to the invitee, from the workspace in its brand (issue 41), with its single-use link. */
export function invitationMail(
  brand: MailBrand,
  i: { inviter: string; ws: string; email: string; role: string; url: string },
) {
  const mail = brandedMail(brand, {
    subject: `${i.inviter} invited you to ${i.ws} on Postline`,
    paragraphs: [
      `${i.inviter} invited you to join ${i.ws} on Postline as ${i.role}.`,
      `If you have no Postline account yet, sign up with this email address (${i.email}) first; the link brings you back.`,
    ],
    action: { label: "Accept the invitation", url: i.url },
    footer: ["The invitation is valid for 7 days and works once."],
  });
  return { to: i.email, ...mail };
}
