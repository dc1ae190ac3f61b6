import { eq } from "drizzle-orm";
import { createDb } from "../db/client";
import { workspaces } from "../db/schema/index";
import { dropWorkspaceAnchor, workspaceAnchor } from "./personal";

/**
 * The directory's side of moving a workspace between shards (ADR 082): the move flag that makes it read-only, the
 * switch of `workspaces.shard`, and the workspace's stand-in row a shard apart from the directory keeps so its
 * foreign keys hold (ADR 081). The shards module drives the move; only this module writes `workspaces`.
 */

/** Where a workspace is, and where it is going while a move runs. */
export interface Placement {
  id: string;
  name: string;
  shard: string;
  movingTo: string | null;
  /** "copy" while copying; "cleanup:<old shard>" after the switch, until the old rows are gone. */
  moveStep: string | null;
}

export async function readPlacement(directory: D1Database, workspaceId: string): Promise<Placement | null> {
  const row = await directory
    .prepare("SELECT id, name, shard, moving_to, move_step FROM workspaces WHERE id = ?")
    .bind(workspaceId)
    .first<{ id: string; name: string; shard: string; moving_to: string | null; move_step: string | null }>();
  return row && { id: row.id, name: row.name, shard: row.shard, movingTo: row.moving_to, moveStep: row.move_step };
}

/** Marks the workspace as being copied to `target`: from here its writes answer 503. */
export const markMoving = (directory: D1Database, workspaceId: string, target: string) =>
  directory
    .prepare("UPDATE workspaces SET moving_to = ?, move_step = 'copy' WHERE id = ?")
    .bind(target, workspaceId)
    .run();

/** Ends a move that did not switch (a rollback) or finished its cleanup. */
export const clearMove = (directory: D1Database, workspaceId: string) =>
  directory.prepare("UPDATE workspaces SET moving_to = NULL, move_step = NULL WHERE id = ?").bind(workspaceId).run();

/**
 * The switch, one statement: the workspace is on `to` and writable again, with the old shard's cleanup recorded.
 * False when the directory no longer says it is copying from `from` to `to` (another run got there first).
 */
export async function switchShard(directory: D1Database, workspaceId: string, from: string, to: string) {
  const res = await directory
    .prepare(
      "UPDATE workspaces SET shard = ?, moving_to = NULL, move_step = ? WHERE id = ? AND shard = ? AND moving_to = ?",
    )
    .bind(to, `cleanup:${from}`, workspaceId, from, to)
    .run();
  return res.meta.changes === 1;
}

/** The workspace's row copied onto a shard apart from the directory, if it is not there yet (its stand-in). */
export async function placeWorkspaceStandIn(directory: D1Database, shard: D1Database, workspaceId: string) {
  const [row] = await createDb(directory).select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (row) await workspaceAnchor(createDb(shard), row);
}

/** Removes the stand-in row from a shard the workspace left (never call it on the directory itself). */
export const dropWorkspaceStandIn = (shard: D1Database, workspaceId: string) =>
  dropWorkspaceAnchor(createDb(shard), workspaceId);
