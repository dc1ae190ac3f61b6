/**
 * Reading workers/analytics/rollups.sql, the database's whole trigger set in one file (ADR 052), and comparing it
 * with a database's `sqlite_schema`. Used by trigger-set.test.ts and by `npm run db:rollups`
 * (scripts/rollup-migration.ts), which loads this file directly in Node: no imports, only erasable TypeScript.
 */

export type Trigger = { name: string; sql: string };

/** Which triggers a database has other than the file says: each list holds names, in the file's or database's order. */
export type TriggerDiff = { differs: string[]; onlyInFile: string[]; onlyInDatabase: string[] };

/**
 * A quoted string or identifier, or a comment (kept as they are), or a run of whitespace, or a word, or any other
 * character. Keeping strings and comments whole is what lets `;`, `END` and whitespace inside them be ignored.
 */
const TOKEN =
  /('(?:[^']|'')*'?|"(?:[^"]|"")*"?|`(?:[^`]|``)*`?|\[[^\]]*\]?)|(--[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|(\s+)|([A-Za-z_][A-Za-z0-9_$]*)|[\s\S]/g;

/**
 * The CREATE TRIGGER statements of `text`, each as SQLite stores it in `sqlite_schema.sql`: from `CREATE TRIGGER`
 * to its `END`, without the `;`. Comments between statements are dropped. Anything but a plain `CREATE TRIGGER
 * name` statement (another statement, TEMP, IF NOT EXISTS, whose text SQLite would store differently) or a name
 * given twice throws.
 */
export function splitTriggers(text: string): Trigger[] {
  const triggers: Trigger[] = [];
  // `BEGIN` opens a trigger's body and `CASE` an expression; each closes at its `END`. A `;` outside both ends a statement.
  let depth = 0;
  let start = -1;
  for (const m of text.matchAll(TOKEN)) {
    const [token, , comment, space, word] = m;
    if (comment !== undefined || space !== undefined) continue;
    if (start < 0) start = m.index;
    const keyword = word?.toUpperCase();
    if (keyword === "BEGIN" || keyword === "CASE") depth++;
    else if (keyword === "END") depth--;
    else if (token === ";" && depth === 0) {
      triggers.push(trigger(text.slice(start, m.index).trimEnd()));
      start = -1;
    }
    if (depth < 0) throw new Error(`rollups.sql: an END without its BEGIN or CASE on line ${lineAt(text, m.index)}`);
  }
  if (start >= 0) throw new Error(`rollups.sql: the statement on line ${lineAt(text, start)} has no closing ';'`);
  const seen = new Set<string>();
  for (const { name } of triggers) {
    if (seen.has(name)) throw new Error(`rollups.sql: trigger ${name} is defined twice`);
    seen.add(name);
  }
  return triggers;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split("\n").length;

const HEADER = /^CREATE\s+TRIGGER\s+(`(?:[^`]|``)+`|"(?:[^"]|"")+"|\[[^\]]+\]|[A-Za-z_][A-Za-z0-9_$]*)[\s(]/;

function trigger(sql: string): Trigger {
  const quoted = HEADER.exec(sql)?.[1];
  if (!quoted || /^CREATE\s+TRIGGER\s+IF\s+NOT\s+EXISTS\s/i.test(sql))
    throw new Error(`rollups.sql holds only "CREATE TRIGGER name …" statements, not: ${sql.slice(0, 80)}`);
  const q = quoted[0];
  if (q === "`" || q === '"') return { name: quoted.slice(1, -1).replaceAll(q + q, q), sql };
  return { name: q === "[" ? quoted.slice(1, -1) : quoted, sql };
}

/**
 * `sql` with each run of whitespace outside strings, quoted identifiers and comments made one space (a line
 * comment keeps the line break that ends it), and none at the ends: two texts that differ only in layout compare equal.
 */
export function normalizeSql(sql: string): string {
  let out = "";
  let gap = "";
  for (const m of sql.matchAll(TOKEN)) {
    const [token, , comment, space] = m;
    if (space !== undefined) {
      gap ||= " ";
      continue;
    }
    out += (out && gap) + (comment?.startsWith("--") ? comment.trimEnd() : token);
    gap = comment?.startsWith("--") ? "\n" : "";
  }
  return out;
}

/** Compares the file's triggers with a database's (`SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'`). */
export function diffTriggerSets(file: Trigger[], database: Trigger[]): TriggerDiff {
  const inDatabase = new Map(database.map((t) => [t.name, normalizeSql(t.sql)]));
  const inFile = new Set(file.map((t) => t.name));
  return {
    differs: file
      .filter((t) => inDatabase.has(t.name) && inDatabase.get(t.name) !== normalizeSql(t.sql))
      .map((t) => t.name),
    onlyInFile: file.filter((t) => !inDatabase.has(t.name)).map((t) => t.name),
    onlyInDatabase: database.filter((t) => !inFile.has(t.name)).map((t) => t.name),
  };
}

export const isEmptyDiff = (diff: TriggerDiff) =>
  diff.differs.length + diff.onlyInFile.length + diff.onlyInDatabase.length === 0;
