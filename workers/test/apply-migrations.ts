import { applyD1Migrations, env } from "cloudflare:test";
import { EXTRA_SHARDS } from "./shard-bindings";

// Test files share one Worker runtime (vitest `isolate: false`: a runtime per file cost ~8 s each), so each
// file starts from freshly migrated databases, the app's tables and the emulator's alike (its clock and fault
// switches too): every table of the directory (DB) and of both extra shards is emptied and the rows the
// migrations seeded are put back. Those rows are read once per database, right after the first file's
// migrations ran on empty storage, and kept for the runtime's life.
type Seed = Array<{ table: string; rows: Record<string, unknown>[] }>;
const seeded = globalThis as { migrationSeedRows?: Record<string, Seed> };
seeded.migrationSeedRows ??= {};
const bindings = env as unknown as Record<string, D1Database>;

async function freshlyMigrated(name: string) {
  const db = bindings[name]!;
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
  const { results: tables } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
    )
    .all<{ name: string }>();
  const seed = (seeded.migrationSeedRows![name] ??= await Promise.all(
    tables.map(async ({ name: table }) => ({
      table,
      rows: (await db.prepare(`SELECT * FROM "${table}"`).all<Record<string, unknown>>()).results,
    })),
  ));
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    ...tables.map(({ name: table }) => db.prepare(`DELETE FROM "${table}"`)),
    ...seed.flatMap(({ table, rows }) =>
      rows.map((row) =>
        db
          .prepare(
            `INSERT INTO "${table}" (${Object.keys(row).map((k) => `"${k}"`)}) VALUES (${Object.keys(row).map(() => "?")})`,
          )
          .bind(...Object.values(row)),
      ),
    ),
  ]);
}

await Promise.all(["DB", ...EXTRA_SHARDS].map(freshlyMigrated));
