import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * The workspaces being moved between shards (ADR 082), read from the directory once per cron run: every periodic
 * job that writes a workspace's rows leaves these out, so a write cannot make a move's copy differ from its source
 * (or be lost with the old shard). After the switch the flag is clear and the jobs find them on their new shard.
 */
export async function movingWorkspaces(directory: D1Database): Promise<string[]> {
  const { results } = await directory
    .prepare("SELECT id FROM workspaces WHERE moving_to IS NOT NULL")
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * A job's condition that leaves the moving workspaces' rows out of its selection (no condition when none moves).
 * The ids are bound as one JSON array: any number of them stays within D1's 100 bound parameters (ADR 118).
 */
export const notMoving = (workspaceColumn: Column, moving: readonly string[]): SQL | undefined =>
  moving.length ? sql`${workspaceColumn} NOT IN (SELECT value FROM json_each(${JSON.stringify(moving)}))` : undefined;
