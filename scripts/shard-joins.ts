/**
 * `npm run lint:imports`: no SQL that crosses shards (issue 43, ADR 093). The directory's tables (users, workspaces,
 * members…, the ones a move leaves put: workers/shards/plan.ts) live in `DB`; every other table lives on the
 * workspace's shard, which may be another database, where a join to a directory table fails. So a source file
 * whose SQL reads a directory table (drizzle's `.from(t)` or `…Join(t`, or SQL text `FROM t` / `JOIN t`) reads no
 * shard table: a shard's rows name their people and workspaces by id, and `tenancy/people.ts` answers for them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { staysPut } from "../workers/shards/plan.ts";
import { root } from "./local-worker.ts";
import { schemaTables } from "./table-writers.ts";

const SKIP = /(\.test\.tsx?$|\.test-helper\.ts$|\.d\.ts$|^workers\/(test|emulator)\/)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !SKIP.test(path) ? [path] : [];
  });
}

/** The tables one file's SQL reads, by their SQL names. */
export function tablesRead(source: string, tables: Map<string, string>): string[] {
  const names = new Set(tables.values());
  const out = new Set<string>();
  for (const m of source.matchAll(/\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*(\w+)\s*[,)]/g)) {
    const table = tables.get(m[1]!);
    if (table) out.add(table);
  }
  for (const m of source.matchAll(/\b(?:FROM|JOIN)\s+["`]?(\w+)/g)) if (names.has(m[1]!)) out.add(m[1]!);
  // Drizzle's tables inside SQL templates: `FROM ${posts}`, `JOIN ${workspaceMembers} m`.
  for (const m of source.matchAll(/\b(?:FROM|JOIN)\s+\$\{(\w+)\}/g)) {
    const table = tables.get(m[1]!);
    if (table) out.add(table);
  }
  return [...out].sort();
}

/** The message for a file that reads both sides, or null. */
export function crossing(file: string, read: string[]): string | null {
  const directory = read.filter(staysPut);
  const shard = read.filter((t) => !staysPut(t));
  if (directory.length === 0 || shard.length === 0) return null;
  return (
    `✗ ${file} reads the directory's ${directory.join(", ")} beside the shard's ${shard.join(", ")}: a shard is ` +
    "another database (ADR 081, 093); read people and workspaces through tenancy/people.ts"
  );
}

function main() {
  const schemaDir = join(root, "workers/db/schema");
  const tables = schemaTables(
    readdirSync(schemaDir)
      .filter((f) => f.endsWith(".ts") && f !== "emulator.ts")
      .map((f) => readFileSync(join(schemaDir, f), "utf8")),
  );
  const files = [...sourceFiles("workers"), ...sourceFiles("app")];
  const problems = files.flatMap((f) => crossing(f, tablesRead(readFileSync(join(root, f), "utf8"), tables)) ?? []);
  for (const p of problems) console.error(p);
  if (problems.length) process.exitCode = 1;
  else console.log(`✔ shard joins: none of ${files.length} files reads the directory's tables beside a shard's`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
