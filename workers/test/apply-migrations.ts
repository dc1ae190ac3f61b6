import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Test files share one Worker runtime (vitest `isolate: false`: a runtime per file cost ~8 s each), so each
// file starts from a freshly migrated database, the app's tables and the emulator's alike (its clock and fault
// switches too): every table is emptied and the rows the migrations seeded are put back. Those rows are read
// once, right after the first file's migrations ran on empty storage, and kept for the runtime's life.
const seeded = globalThis as { migrationSeedRows?: Array<{ table: string; rows: Record<string, unknown>[] }> };
const { results: tables } = await env.DB.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
).all<{ name: string }>();
seeded.migrationSeedRows ??= await Promise.all(
  tables.map(async ({ name }) => ({
    table: name,
    rows: (await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>()).results,
  })),
);
await env.DB.batch([
  env.DB.prepare("PRAGMA defer_foreign_keys = ON"),
  ...tables.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)),
  ...seeded.migrationSeedRows.flatMap(({ table, rows }) =>
    rows.map((row) =>
      env.DB.prepare(
        `INSERT INTO "${table}" (${Object.keys(row).map((k) => `"${k}"`)}) VALUES (${Object.keys(row).map(() => "?")})`,
      ).bind(...Object.values(row)),
    ),
  ),
]);
