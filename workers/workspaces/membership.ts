import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type Role, workspaceMembers, workspaces } from "../db/schema/workspaces";

/** The workspace a request acts in, with the caller's role; resolved once per request (ADR 009). */
export interface WorkspaceContext {
  id: string;
  name: string;
  timezone: string;
  approvalRequired: boolean;
  /** The user whose personal workspace this is, if any. */
  personalUserId: string | null;
  /** The D1 binding holding the workspace's data (ADR 035). */
  shard: string;
  role: Role;
}

/**
 * The caller's membership in the workspace they asked for, in one query. `requested` null means their
 * personal workspace. With `fallBackToPersonal` (a browser's cookie, which may name a workspace the
 * user has since left) a workspace they are not in yields the personal one; otherwise null.
 */
export async function findMembership(
  db: Db,
  userId: string,
  requested: string | null,
  fallBackToPersonal: boolean,
): Promise<WorkspaceContext | null> {
  return membershipOf(await db.all<MembershipRow>(membershipQuery(userId, requested, fallBackToPersonal)));
}

/** The query `findMembership` runs, for a caller that sends it in a batch with another (ADR 050). */
export function membershipQuery(userId: string, requested: string | null, fallBackToPersonal: boolean): SQL {
  const personal = sql`(SELECT ${workspaces.id} FROM ${workspaces} WHERE ${workspaces.personalUserId} = ${userId})`;
  const wanted =
    requested === null ? personal : fallBackToPersonal ? sql`${requested}, ${personal}` : sql`${requested}`;
  return sql`
    SELECT w.id, w.name, w.timezone, w.approval_required, w.personal_user_id, w.shard, m.role
    FROM ${workspaceMembers} m JOIN ${workspaces} w ON w.id = m.workspace_id
    WHERE m.user_id = ${userId} AND m.workspace_id IN (${wanted})
    ORDER BY m.workspace_id = ${requested ?? ""} DESC LIMIT 1`;
}

interface MembershipRow {
  id: string;
  name: string;
  timezone: string;
  approval_required: number;
  personal_user_id: string | null;
  shard: string;
  role: Role;
}

/** The workspace context from `membershipQuery`'s rows (none: not a member). */
export function membershipOf([row]: unknown[]): WorkspaceContext | null {
  if (!row) return null;
  const r = row as MembershipRow;
  return {
    id: r.id,
    name: r.name,
    timezone: r.timezone,
    approvalRequired: r.approval_required === 1,
    personalUserId: r.personal_user_id,
    shard: r.shard,
    role: r.role,
  };
}

/**
 * The rows a new user's personal workspace starts with (written with the user, in one batch). Its id is
 * the user's, as for the users migrated in 0011: one rule for every personal workspace.
 */
export function personalWorkspaceRows(
  user: { id: string; displayName: string; timezone: string },
  now: number,
  shard: string,
) {
  const id = user.id;
  return {
    workspace: {
      id,
      name: `${user.displayName}'s workspace`,
      timezone: user.timezone,
      approvalRequired: false,
      personalUserId: user.id,
      shard,
      createdAt: now,
      updatedAt: now,
    },
    member: { workspaceId: id, userId: user.id, role: "owner" as const, joinedAt: now },
  };
}

/** A member acting in a workspace: what a row records when its author matters (media, AI usage). */
export interface MemberRef {
  workspaceId: string;
  userId: string;
}
