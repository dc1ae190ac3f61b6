/**
 * `node scripts/migrate-local.ts <persistTo> <binding> <config>`: applies the migrations not yet applied to one local
 * D1 database, as `wrangler d1 migrations apply --local` does (same `d1_migrations` table, same SQLite file under
 * `<persistTo>/v3`, so wrangler and the local server read the result as their own), in one Miniflare runtime.
 * wrangler starts a runtime per migration file and redraws its status table after each: ~20 s of CPU for 71 files
 * on a quiet machine, several times that beside the rest of `npm test`. Used by scripts/local-worker.ts for the
 * journeys' and the bench's throwaway states; `npm start` keeps wrangler's own command.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare, type V4WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from "wrangler";

const [persistTo, binding, config] = process.argv.slice(2);
if (!persistTo || !binding || !config) throw new Error("usage: migrate-local.ts <persistTo> <binding> <config>");

const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
const database = (workerOptions as { d1Databases?: Record<string, string | { id: string }> }).d1Databases?.[binding];
if (!database) throw new Error(`${config} has no D1 binding ${binding}`);

const mf = new Miniflare(
  convertV4MiniflareOptions({
    // The layout `wrangler d1 migrations apply --persist-to` and the local server use.
    resourcePersistencePath: join(persistTo, "v3"),
    cf: false,
    log: new Log(LogLevel.WARN),
    workers: [
      {
        name: "migrate",
        modules: true,
        script: "export default { fetch: () => new Response(null, { status: 404 }) };",
        d1Databases: { [binding]: database },
      } as V4WorkerOptions,
    ],
  }),
);
try {
  const db = await mf.getD1Database(binding);
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT UNIQUE,
        applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
      )`,
    )
    .run();
  const { results } = await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
  const applied = new Set(results.map((r: { name: string }) => r.name));
  const dir = fileURLToPath(new URL("../migrations", import.meta.url));
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    if (applied.has(name)) continue;
    const statements = unstable_splitSqlQuery(readFileSync(join(dir, name), "utf8")).map((q) => db.prepare(q));
    // One batch (a transaction) per file, its record with it: a file is applied whole or not at all.
    await db.batch([...statements, db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
  }
} finally {
  await mf.dispose();
}
