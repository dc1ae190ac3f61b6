import { DatabaseSync } from "node:sqlite";
import { BENCH_SHARDS, d1File } from "../scripts/local-worker.ts";
import type { SeedFiles } from "./seed.ts";

/**
 * The bench's app Worker runs on three D1 databases, as the Worker suite does (ADR 106, issue 43): `DB` is the
 * directory and a shard, `SHARD_B` and `SHARD_C` are shards. These read and write their local SQLite files.
 */
export const shardFiles = (persistTo: string) =>
  BENCH_SHARDS.map((shard) => ({ shard, file: d1File(persistTo, shard) }));

export const seedFiles = (persistTo: string): SeedFiles => ({
  directory: d1File(persistTo),
  shards: shardFiles(persistTo),
});

/**
 * `read` on every shard's file, opened read-only while the Worker may write (a read waits out a write's lock
 * instead of failing), the answers concatenated.
 */
export function onEveryShard<T>(persistTo: string, read: (db: DatabaseSync) => T[]): T[] {
  return shardFiles(persistTo).flatMap(({ file }) => {
    const db = new DatabaseSync(file, { readOnly: true, timeout: 10_000 });
    try {
      return read(db);
    } finally {
      db.close();
    }
  });
}

/** How the directory places the workspaces of the users whose email starts with `emailPrefix`: "DB 3 · SHARD_B 4". */
export function placement(persistTo: string, emailPrefix: string): string {
  const db = new DatabaseSync(d1File(persistTo), { readOnly: true, timeout: 10_000 });
  try {
    const rows = db
      .prepare(
        `SELECT w.shard AS shard, count(*) AS n FROM workspaces w JOIN users u ON u.id = w.personal_user_id
          WHERE u.email LIKE ? GROUP BY w.shard ORDER BY w.shard`,
      )
      .all(`${emailPrefix}%`) as Array<{ shard: string; n: number }>;
    return rows.map((r) => `${r.shard} ${r.n.toLocaleString("en")}`).join(" · ");
  } finally {
    db.close();
  }
}
