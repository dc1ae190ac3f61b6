import { shardDb, shardNames } from "./directory";

/** D1's documented maximum size of one database (paid plan), in bytes. */
export const D1_MAX_BYTES = 10 * 1000 ** 3;
/** Past this share of D1's limit a shard takes no new workspaces gladly: the setup check warns (ADR 081). */
export const SHARD_WARN_SHARE = 0.7;

export interface ShardSize {
  shard: string;
  bytes: number;
  /** `bytes` over D1's limit, 0–1. */
  share: number;
}

/**
 * The shard a new workspace goes to (ADR 081): the one holding the fewest bytes, ties to the one listed first in
 * WORKSPACE_DBS. Pure, so the rule is tested without databases.
 */
export function emptiest(sizes: readonly Pick<ShardSize, "shard" | "bytes">[]): string {
  const first = sizes[0];
  if (!first) throw new Error("WORKSPACE_DBS names no shard.");
  return sizes.reduce((best, s) => (s.bytes < best.bytes ? s : best), first).shard;
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

/** Where a new workspace goes; with one shard, no database is asked. */
export async function placeNew(env: object): Promise<string> {
  const names = shardNames(env);
  if (names.length === 1) return names[0]!;
  return emptiest(await shardSizes(env));
}
