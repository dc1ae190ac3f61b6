import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Test files share one Worker runtime (vitest `isolate: false`: a runtime per file cost ~8 s each), so each
// file starts from empty tables, the app's and the emulator's alike (its clock and fault switches too), as if
// it had a database of its own.
const { results } = await env.DB.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
).all<{ name: string }>();
await env.DB.batch([
  env.DB.prepare("PRAGMA defer_foreign_keys = ON"),
  ...results.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)),
]);
