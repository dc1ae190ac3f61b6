import { shardDb, shardNames } from "./directory";
import { D1_MAX_BYTES, type ShardSize } from "./shard-size";

/** A shard as placement weighs it: its bytes, then how many workspaces the directory places on it. */
export interface ShardLoad {
  shard: string;
  bytes: number;
  workspaces: number;
}

/**
 * The shard a new workspace goes to (ADR 081): the one holding the fewest bytes; among equal sizes (new shards,
 * whose workspaces have written less than a page) the one with the fewest workspaces, then the one listed first
 * in WORKSPACE_DBS. Pure, so the rule is tested without databases.
 */
export function emptiest(loads: readonly ShardLoad[]): string {
  const first = loads[0];
  if (!first) throw new Error("WORKSPACE_DBS names no shard.");
  const lighter = (a: ShardLoad, b: ShardLoad) =>
    a.bytes < b.bytes || (a.bytes === b.bytes && a.workspaces < b.workspaces);
  return loads.reduce((best, s) => (lighter(s, best) ? s : best), first).shard;
}

/** A database's size by D1's own metadata: any statement's `meta.size_after` (no PRAGMA, which D1 restricts). */
async function bytesOf(db: D1Database): Promise<number> {
  const result = await db.prepare("SELECT 1").run();
  return Number(result.meta.size_after ?? 0);
}

/** Every listed shard's size against D1's limit, in WORKSPACE_DBS order. */
export async function shardSizes(env: object): Promise<ShardSize[]> {
  return Promise.all(
    shardNames(env).map(async (shard) => {
      const bytes = await bytesOf(shardDb(env, shard));
      return { shard, bytes, share: bytes / D1_MAX_BYTES };
    }),
  );
}

/** How many workspaces the directory places on each shard (one query). */
async function workspaceCounts(env: object): Promise<Map<string, number>> {
  // The directory is always the DB binding, whether or not it also holds workspaces (ADR 035).
  const { results } = await (env as { DB: D1Database }).DB.prepare(
    "SELECT shard, count(*) AS n FROM workspaces GROUP BY shard",
  ).all<{ shard: string; n: number }>();
  return new Map(results.map((r) => [r.shard, r.n]));
}

/** Where a new workspace goes; with one shard, no database is asked. */
export async function placeNew(env: object): Promise<string> {
  const names = shardNames(env);
  if (names.length === 1) return names[0]!;
  const [sizes, counts] = await Promise.all([shardSizes(env), workspaceCounts(env)]);
  return emptiest(sizes.map((s) => ({ ...s, workspaces: counts.get(s.shard) ?? 0 })));
}
