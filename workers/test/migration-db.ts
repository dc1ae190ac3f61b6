import { applyD1Migrations, env } from "cloudflare:test";

/**
 * The empty database migration tests apply the migrations to step by step (the MIGRATION_DB binding). Test files
 * share a runtime and so this database: each migration test starts by emptying it, whatever ran before.
 */
export async function emptyMigrationDb(): Promise<D1Database> {
  const db = env.MIGRATION_DB;
  const { results } = await db
    .prepare(
      `SELECT m.type, m.name, group_concat(f."table") AS parents FROM sqlite_master m
         LEFT JOIN pragma_foreign_key_list(m.name) f ON m.type = 'table'
       WHERE m.type IN ('trigger', 'view', 'table') AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%'
       GROUP BY m.type, m.name`,
    )
    .all<{ type: string; name: string; parents: string | null }>();
  // Triggers and views first (a drop re-reads those naming tables already gone), then each table after every table
  // that points at it: dropping a table deletes its rows, which checks its own foreign keys against their parents.
  const order = results.filter((r) => r.type !== "table");
  let tables = results.filter((r) => r.type === "table");
  while (tables.length) {
    const pointedAt = new Set(tables.flatMap((t) => (t.parents ?? "").split(",").filter((p) => p !== t.name)));
    const leaves = tables.filter((t) => !pointedAt.has(t.name));
    if (!leaves.length) throw new Error(`foreign keys form a cycle among ${tables.map((t) => t.name).join(", ")}`);
    order.push(...leaves);
    tables = tables.filter((t) => !leaves.includes(t));
  }
  if (order.length) await db.batch(order.map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} "${name}"`)));
  return db;
}

/** The migration database emptied, then migrated up to the migration whose name starts `next` (not applied yet). */
export async function migratedBefore(next: string): Promise<D1Database> {
  const db = await emptyMigrationDb();
  await applyD1Migrations(
    db,
    env.TEST_MIGRATIONS.filter((m) => m.name < next),
  );
  return db;
}
