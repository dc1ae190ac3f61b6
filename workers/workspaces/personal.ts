import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { workspaceMembers, workspaces } from "../db/schema/workspaces";
import { personalWorkspaceRows } from "../tenancy/membership";

/**
 * A new user's personal workspace and their owner membership, as the inserts auth's sign-up runs in its own batch
 * with the user's row. Auth is below workspaces in the module tree, so the Worker's wiring hands it this (ADR 080).
 */
export function personalWorkspaceInserts(
  db: Db,
  user: { id: string; displayName: string; timezone: string },
  now: number,
  shard: string,
) {
  const personal = personalWorkspaceRows(user, now, shard);
  return [db.insert(workspaces).values(personal.workspace), db.insert(workspaceMembers).values(personal.member)];
}

/**
 * A workspace's stand-in on its shard when that is not the directory (ADR 081): the shard's rows reference
 * `workspaces` and cascade from it, and foreign keys do not cross databases. Nothing reads it (the directory's
 * row is the workspace); deleting it deletes every row the workspace has on its shard.
 */
export const workspaceAnchor = (shardDb: Db, row: typeof workspaces.$inferInsert) =>
  shardDb.insert(workspaces).values(row).onConflictDoNothing();

/** Removes the workspace's stand-in, and through its foreign keys all its rows on that shard. */
export const dropWorkspaceAnchor = (shardDb: Db, workspaceId: string) =>
  shardDb.delete(workspaces).where(eq(workspaces.id, workspaceId));
