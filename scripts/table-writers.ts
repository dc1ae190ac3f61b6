/**
 * Which files write each table (issue 36: one writer per table). Read from the code: drizzle's
 * `.insert(table)`, `.update(table)` and `.delete(table)` with a table of workers/db/schema/, and SQL text that
 * inserts into, updates or deletes from a table. The emulator's own tables and tests are left out.
 * scripts/table-writers.json is today's list; `npm run lint:imports` fails when a table gains a writer, and when
 * one stops writing it (the list must shrink with the code), so tables move towards one writer each.
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

function main() {
  const now = tableWriters();
  if (process.argv.includes("--write")) {
    writeFileSync(BASELINE, `${JSON.stringify(now, null, 2)}\n`);
    // In the layout `npm run lint` checks.
    execFileSync("biome", ["format", "--write", BASELINE], { cwd: root, stdio: "ignore" });
    console.log(`table-writers: ${Object.keys(now).length} tables written to scripts/table-writers.json`);
    return;
  }
  const known = JSON.parse(readFileSync(BASELINE, "utf8")) as Record<string, string[]>;
  const problems: string[] = [];
  for (const table of new Set([...Object.keys(now), ...Object.keys(known)])) {
    const [is, was] = [now[table] ?? [], known[table] ?? []];
    for (const f of is.filter((x) => !was.includes(x))) problems.push(`✗ ${table} gained a writer: ${f}`);
    for (const f of was.filter((x) => !is.includes(x)))
      problems.push(`✗ ${f} no longer writes ${table}: remove it from scripts/table-writers.json`);
  }
  for (const p of problems) console.error(p);
  if (problems.length) process.exitCode = 1;
  else {
    const many = Object.entries(now).filter(([, files]) => files.length > 1);
    console.log(`✔ table writers unchanged (${many.length} of ${Object.keys(now).length} tables have more than one)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
