import { type SQL, sql } from "drizzle-orm";
import { type Role, workspaceMembers, workspaces } from "../db/schema/workspaces";

/** The workspace a request acts in, with the caller's role; resolved once per request (ADR 009). */
export interface WorkspaceContext {
  id: string;
  name: string;
  timezone: string;
  approvalRequired: boolean;
  /** "Every post needs media": SPEC's rule, unless the workspace lets text-only posts through. */
  mediaRequired: boolean;
  /** The user whose personal workspace this is, if any. */
  personalUserId: string | null;
  /** The D1 binding holding the workspace's data (ADR 035). */
  shard: string;
  /** An archived workspace is read-only (ADR 078). */
  archived: boolean;
  /** Being moved to another shard: read-only until the switch (ADR 082). */
  moving: boolean;
  role: Role;
}

/**
 * The caller's memberships with their workspaces, in the order they joined: all of them, or with `among` only
 * the one it names and the personal one (a request's candidates, read by their keys). A query, for a caller that
 * sends it in a batch with another (ADR 050).
 */
export function membershipsQuery(userId: string, among?: string | null): SQL {
  const candidates = among === undefined ? sql`` : sql`AND m.workspace_id IN (${candidateIds(userId, among)})`;
  return sql`
    SELECT w.id, w.name, w.timezone, w.approval_required, w.media_required, w.personal_user_id, w.shard,
      w.archived_at, w.moving_to, m.role
    FROM ${workspaceMembers} m JOIN ${workspaces} w ON w.id = m.workspace_id
    WHERE m.user_id = ${userId} ${candidates}
    ORDER BY m.joined_at, m.workspace_id`;
}

/** The workspaces a request may act in: the one it names (`among`, else the personal one) and the personal one. */
export function candidateIds(userId: string, among: string | null): SQL {
  const personal = sql`(SELECT ${workspaces.id} FROM ${workspaces} WHERE ${workspaces.personalUserId} = ${userId})`;
  return sql`${among ?? personal}, ${personal}`;
}

interface MembershipRow {
  id: string;
  name: string;
  timezone: string;
  approval_required: number;
  media_required: number;
  personal_user_id: string | null;
  shard: string;
  archived_at: number | null;
  moving_to: string | null;
  role: Role;
}

/** The workspaces from `membershipsQuery`'s rows. */
export const membershipsOf = (rows: unknown[]): WorkspaceContext[] =>
  (rows as MembershipRow[]).map((r) => ({
    id: r.id,
    name: r.name,
    timezone: r.timezone,
    approvalRequired: r.approval_required === 1,
    mediaRequired: r.media_required === 1,
    personalUserId: r.personal_user_id,
    shard: r.shard,
    archived: r.archived_at !== null,
    moving: r.moving_to !== null,
    role: r.role,
  }));

/**
 * The one of the caller's workspaces a request acts in, or null. `requested` null means their personal
 * workspace. With `fallBackToPersonal` (a browser's cookie, which may name a workspace the user has since left)
 * a workspace they are not in yields the personal one; otherwise null.
 */
export function pickMembership(
  mine: WorkspaceContext[],
  userId: string,
  requested: string | null,
  fallBackToPersonal: boolean,
): WorkspaceContext | null {
  const personal = mine.find((w) => w.personalUserId === userId) ?? null;
  if (requested === null) return personal;
  return mine.find((w) => w.id === requested) ?? (fallBackToPersonal ? personal : null);
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
      mediaRequired: true,
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
