/**
 * Which files write each table (issue 36: one writer per table, ADR 080). Read from the code: drizzle's
 * `.insert(table)`, `.update(table)` and `.delete(table)` with a table of workers/db/schema/, and SQL text that
 * inserts into, updates or deletes from a table. The emulator's own tables and tests are left out.
 * `npm run lint:imports` enforces the rule: each table is written by the files of ONE module (a folder under
 * workers/), post_targets by one file, and the one exception is that file also writing posts' derived status.
 * scripts/table-writers.json lists today's writers so a review sees a table's writers change;
 * `node scripts/table-writers.ts --write` records the list after a deliberate change.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { root } from "./local-worker.ts";

const BASELINE = join(root, "scripts/table-writers.json");
const SKIP = /(\.test\.tsx?$|\.test-helper\.ts$|\.d\.ts$|^workers\/(test|emulator)\/)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !SKIP.test(path) ? [path] : [];
  });
}

/** drizzle's name for each table (`postTargets` → `post_targets`), from the schema files' sqliteTable calls. */
export function schemaTables(schemaSources: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const src of schemaSources)
    for (const m of src.matchAll(/export const (\w+) = sqliteTable\(\s*"(\w+)"/g)) out.set(m[1]!, m[2]!);
  return out;
}

/** The tables one file writes. */
export function tablesWritten(source: string, tables: Map<string, string>): string[] {
  const names = new Set(tables.values());
  const out = new Set<string>();
  for (const m of source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*[,)]/g)) {
    const table = tables.get(m[1]!);
    if (table) out.add(table);
  }
  const sql = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`]?(\w+)/gi;
  for (const m of source.matchAll(sql)) if (names.has(m[1]!)) out.add(m[1]!);
  return [...out].sort();
}

/** Every table with the files that write it, tables and files sorted. */
export function tableWriters(): Record<string, string[]> {
  const schemaDir = join(root, "workers/db/schema");
  const tables = schemaTables(
    readdirSync(schemaDir)
      .filter((f) => f.endsWith(".ts") && f !== "emulator.ts")
      .map((f) => readFileSync(join(schemaDir, f), "utf8")),
  );
  const writers: Record<string, string[]> = {};
  for (const file of sourceFiles("workers")) {
    const source = readFileSync(join(root, file), "utf8");
    for (const table of tablesWritten(source, tables)) (writers[table] ??= []).push(relative(root, join(root, file)));
  }
  return Object.fromEntries(
    Object.keys(writers)
      .sort()
      .map((t) => [t, writers[t]!.sort()]),
  );
}

/** The one file that writes post_targets; it also writes posts.status, derived from the targets it moves. */
export const TARGET_WRITER = "workers/publishing/target-writes.ts";
/** Tables written by exactly one file, not just one module. */
const ONE_FILE: Record<string, string> = { post_targets: TARGET_WRITER };
/** Writers allowed beside a table's module: the derived status of a post, written with its targets. */
const EXCEPTIONS: Record<string, string[]> = { posts: [TARGET_WRITER] };

/** `workers/posts/store.ts` → `posts`. */
const moduleOf = (file: string) => file.split("/")[1]!;

/** Where the writers break the rule, each as the message `npm run lint:imports` prints. */
export function ruleBreaks(writers: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const [table, files] of Object.entries(writers)) {
    const only = ONE_FILE[table];
    if (only) {
      for (const f of files.filter((x) => x !== only))
        out.push(`✗ ${table} is written only by ${only} (ADR 080): ${f} must ask it instead`);
      continue;
    }
    const own = files.filter((f) => !EXCEPTIONS[table]?.includes(f));
    const modules = [...new Set(own.map(moduleOf))];
    if (modules.length > 1)
      out.push(
        `✗ ${table} is written by ${modules.length} modules (${modules.join(", ")}): one module owns a table's writes ` +
          `and the others call it through its index.ts (ADR 080):\n    ${own.join("\n    ")}`,
      );
  }
  return out;
}

function main() {
  const now = tableWriters();
  const breaks = ruleBreaks(now);
  if (process.argv.includes("--write") && breaks.length === 0) {
    writeFileSync(BASELINE, `${JSON.stringify(now, null, 2)}\n`);
    // In the layout `npm run lint` checks.
    execFileSync("biome", ["format", "--write", BASELINE], { cwd: root, stdio: "ignore" });
    console.log(`table-writers: ${Object.keys(now).length} tables written to scripts/table-writers.json`);
    return;
  }
  const known = JSON.parse(readFileSync(BASELINE, "utf8")) as Record<string, string[]>;
  const problems = [...breaks];
  for (const table of new Set([...Object.keys(now), ...Object.keys(known)])) {
    const [is, was] = [now[table] ?? [], known[table] ?? []];
    for (const f of is.filter((x) => !was.includes(x)))
      problems.push(`✗ ${table} gained a writer: ${f} (if it is its module's, record it with --write)`);
    for (const f of was.filter((x) => !is.includes(x)))
      problems.push(`✗ ${f} no longer writes ${table}: record the list with --write`);
  }
  for (const p of problems) console.error(p);
  if (problems.length) process.exitCode = 1;
  else console.log(`✔ table writers: each of ${Object.keys(now).length} tables is written by one module`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
