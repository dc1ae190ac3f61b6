/**
 * `npm run db:rollups [-- <name>] [--dry-run]`: writes the migration that brings the database's triggers to
 * workers/analytics/rollups.sql (ADR 052). "The database" is what migrations/ make of an empty one, replayed here in
 * node:sqlite. The migration drops each trigger that changed or is gone from the file and creates each changed or
 * new one (and, unchanged, those created after a changed one on its table, so they fire in the order they did);
 * before anything is written it is applied to that replay, which must then hold exactly the file's
 * triggers (so a trigger that does not compile, or names a table no migration made, stops here). drizzle-kit
 * (`generate --custom`) numbers the file and keeps migrations/meta in step. When the triggers already equal the
 * file, nothing is written. `--dry-run` prints the migration instead of writing it.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";

type Trigger = { name: string; sql: string };
type TriggerDiff = { differs: string[]; onlyInFile: string[]; onlyInDatabase: string[] };
/** workers/analytics/trigger-set.ts, which trigger-set.test.ts reads the file with too. It belongs to the Worker's
 * TypeScript project, so it is loaded by URL (Node runs it as it is) and its exports are typed here. */
interface TriggerSet {
  splitTriggers(text: string): Trigger[];
  diffTriggerSets(file: Trigger[], database: Trigger[]): TriggerDiff;
  isEmptyDiff(diff: TriggerDiff): boolean;
}

const FILE = "workers/analytics/rollups.sql";
const root = new URL("../", import.meta.url);
const at = (path: string) => fileURLToPath(new URL(path, root));
const { splitTriggers, diffTriggerSets, isEmptyDiff }: TriggerSet = await import(
  new URL("workers/analytics/trigger-set.ts", root).href
);

function fail(message: string): never {
  console.error(`db:rollups: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const name = args.find((a) => !a.startsWith("--")) ?? "rollups";
if (!/^[a-z0-9_]+$/.test(name)) fail(`the migration's name is lower-case letters, digits and _, not "${name}"`);

const migrations = readdirSync(at("migrations"))
  .filter((f) => /^\d{4}_\w+\.sql$/.test(f))
  .sort();
const last = migrations.at(-1) ?? "(none)";

/** An empty database with every migration applied in order, as wrangler and the tests apply them. */
function replay(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  for (const file of migrations) {
    try {
      db.exec(readFileSync(at(`migrations/${file}`), "utf8"));
    } catch (error) {
      fail(`migrations/${file} does not apply to an empty database: ${(error as Error).message}`);
    }
  }
  return db;
}

type Stored = Trigger & { table: string };
/** The database's triggers in the order they were created (sqlite_schema's rowid). */
const triggersOf = (db: DatabaseSync) =>
  db
    .prepare("SELECT name, tbl_name AS \"table\", sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY rowid")
    .all() as Stored[];

/** Per table, the names of its triggers that `keep` holds, in the order they were created. */
const creationOrder = (triggers: Stored[], keep: (name: string) => boolean) => {
  const order = new Map<string, string[]>();
  for (const t of triggers) if (keep(t.name)) order.set(t.table, [...(order.get(t.table) ?? []), t.name]);
  return order;
};

let wanted: Trigger[];
try {
  wanted = splitTriggers(readFileSync(at(FILE), "utf8"));
} catch (error) {
  fail((error as Error).message);
}
const db = replay();
const before = triggersOf(db);
const diff = diffTriggerSets(wanted, before);
if (isEmptyDiff(diff)) {
  console.log(
    `Nothing to do: after ${last} the database's ${wanted.length} triggers equal ${FILE}. No migration written.`,
  );
  process.exit(0);
}

// SQLite fires a table's triggers for one event newest first, and the rollups depend on that order: were
// post_metric_snapshots_deltas created after post_engagement_daily_insert, the deltas would be filed before the
// day's row exists and be lost. So a changed trigger is created again together with every trigger on its table
// created after it, in their order, which leaves the order as it was. New triggers come last (they fire first).
const changed = new Set(diff.differs);
const removed = new Set(diff.onlyInDatabase);
const again = new Set<string>();
for (const names of creationOrder(before, () => true).values()) {
  const from = names.findIndex((n) => changed.has(n));
  if (from >= 0) for (const n of names.slice(from)) if (!removed.has(n)) again.add(n);
}
const keptOrder = [...again].filter((n) => !changed.has(n));
const text = new Map(wanted.map((t) => [t.name, t.sql]));
const dropped = before.filter((t) => again.has(t.name) || removed.has(t.name)).map((t) => t.name);
const created = [
  ...before.filter((t) => again.has(t.name)).map((t) => ({ name: t.name, sql: text.get(t.name) ?? t.sql })),
  ...wanted.filter((t) => diff.onlyInFile.includes(t.name)),
];

/** `-- Label: a, b, c` wrapped at 120 columns, or nothing for no names. */
const listed = (label: string, names: string[]) => {
  const lines: string[] = [];
  for (const n of names) {
    const line = lines.at(-1);
    if (line !== undefined && line.length + n.length + 2 <= 120) lines[lines.length - 1] = `${line}, ${n}`;
    else if (line === undefined) lines.push(`-- ${label}: ${n}`);
    else lines.splice(-1, 1, `${line},`, `--   ${n}`);
  }
  return lines;
};
const sql = [
  `-- Written by \`npm run db:rollups\` from ${FILE} (ADR 052): the triggers are changed there, not here.`,
  ...listed("Changed", diff.differs),
  ...listed("New", diff.onlyInFile),
  ...listed("Removed", diff.onlyInDatabase),
  ...listed("Created again, unchanged, to keep the order they fire in", keptOrder),
  [...dropped.map((n) => `DROP TRIGGER \`${n}\`;`), ...created.map((t) => `${t.sql};`)].join(
    "\n--> statement-breakpoint\n",
  ),
].join("\n");

try {
  db.exec(sql);
} catch (error) {
  fail(`the migration does not apply after ${last}, so nothing was written: ${(error as Error).message}`);
}
const after = triggersOf(db);
const left = diffTriggerSets(wanted, after);
if (!isEmptyDiff(left))
  fail(`after the migration the database still differs from ${FILE}, so nothing was written: ${JSON.stringify(left)}`);
const survivor = (n: string) => !removed.has(n) && !diff.onlyInFile.includes(n);
const byTable = (order: Map<string, string[]>) => JSON.stringify([...order].sort(([a], [b]) => a.localeCompare(b)));
if (byTable(creationOrder(before, survivor)) !== byTable(creationOrder(after, survivor)))
  fail("the migration would change the order in which a table's triggers fire, so nothing was written");

const summary = [
  ...diff.differs.map((n) => `  changed  ${n} (dropped and created)`),
  ...diff.onlyInFile.map((n) => `  new      ${n} (created)`),
  ...diff.onlyInDatabase.map((n) => `  removed  ${n} (dropped)`),
  ...keptOrder.map((n) => `  kept     ${n} (unchanged, dropped and created after a changed one to keep the order)`),
].join("\n");

if (dryRun) {
  console.log(`Dry run: after ${last} the migration would be\n${summary}\n\n${sql}`);
  process.exit(0);
}

type Journal = { entries: Array<{ idx: number; tag: string }> };
const journalPath = at("migrations/meta/_journal.json");
const readJournal = () => JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
const next = (readJournal().entries.at(-1)?.idx ?? -1) + 1;
if (`${String(next).padStart(4, "0")}_` <= last)
  fail(`drizzle-kit's journal would number the migration ${next}, which does not follow ${last}; nothing written`);
const kit = spawnSync(at("node_modules/.bin/drizzle-kit"), ["generate", "--custom", `--name=${name}`], {
  cwd: at("."),
  encoding: "utf8",
});
const entry = readJournal().entries.at(-1);
if (kit.status !== 0 || entry?.idx !== next) fail(`drizzle-kit generate --custom failed:\n${kit.stdout}${kit.stderr}`);
const path = `migrations/${entry.tag}.sql`;
writeFileSync(at(path), `${sql}\n`);
console.log(
  `Wrote ${path} (drizzle-kit added its journal entry and snapshot in migrations/meta):\n${summary}\n` +
    "Apply it with npm run db:migrate:local; trigger-set.test.ts checks the migrated test database.",
);
