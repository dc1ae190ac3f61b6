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
