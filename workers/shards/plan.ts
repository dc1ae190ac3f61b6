/**
 * Which rows a workspace owns on a shard, and in what order to copy and delete them (ADR 082). Read from the
 * shard's own schema, so a table added later moves without a change here: a table with a `workspace_id` column
 * is the workspace's by that column; a table without one is, when a foreign key reaches one that is (its rows
 * are those whose parent row is the workspace's). The directory's tables and the emulator's are never moved.
 */

/** A table as SQLite describes it (sqlite_master, pragma_table_info, pragma_foreign_key_list). */
export interface TableShape {
  name: string;
  columns: string[];
  /** Primary key columns in key order; empty for a table keyed by rowid alone. */
  primaryKey: string[];
  foreignKeys: { table: string; from: string; to: string }[];
}

/** One table of a move: its rows of the workspace are `SELECT … FROM table WHERE <where>` with one `?`, its id. */
export interface TablePlan {
  table: string;
  columns: string[];
  /** The primary key (or rowid): the order a digest reads rows in, a page after the last one's key. */
  key: string[];
  where: string;
  /** Written by the source tables' triggers (analytics rollups): copied last, replacing what the triggers wrote. */
  derived: boolean;
}

/** A foreign key from a moved table to a table that stays (users): the referenced rows must exist on the target. */
export interface Anchor {
  table: string;
  /** The referenced ids of the workspace's rows (one `?`). */
  idsSql: string;
}

export interface MovePlan {
  /** Parents before children; derived tables last. Delete in reverse. */
  tables: TablePlan[];
  anchors: Anchor[];
}

/** The directory's own tables (ADR 035) and bookkeeping that is per database, not per workspace. */
const STAYS = new Set([
  "users",
  "workspaces",
  "workspace_members",
  "workspace_invites",
  "api_keys",
  "password_resets",
  "dev_mailbox",
  "dev_mail_attachments",
  "public_names",
  "feedback",
  "events",
  "billing_interest",
  "d1_migrations",
  "sqlite_sequence",
]);

/** Tables a move never copies: the directory's, the emulator's (`emu_*`) and SQLite's or D1's own. */
export const staysPut = (table: string) => STAYS.has(table) || /^(emu_|sqlite_|_cf_|d1_)/.test(table);

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The table a trigger fires on, and the other tables its body writes (`INSERT INTO x`, `UPDATE x`, `DELETE FROM x`). */
export function triggerWrites(triggerSql: string): { on: string; writes: string[] } {
  const begin = triggerSql.search(/\bBEGIN\b/i);
  const on = /\bON\s+[`"[]?(\w+)/i.exec(triggerSql.slice(0, begin))?.[1] ?? "";
  const re = /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+[`"[]?(\w+)/gi;
  const writes = new Set([...triggerSql.slice(begin).matchAll(re)].map((m) => m[1]!));
  writes.delete(on);
  return { on, writes: [...writes] };
}

/** The workspace's tables on a shard, in copy order, and the rows outside them they reference. */
export function planMove(shapes: TableShape[], triggerSqls: string[]): MovePlan {
  const candidates = shapes.filter((s) => !staysPut(s.name));
  const where = new Map<string, string>();
  for (const s of candidates) if (s.columns.includes("workspace_id")) where.set(s.name, "workspace_id = ?");
  // Children reached through foreign keys, level by level, until no table is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of candidates) {
      if (where.has(s.name)) continue;
      const fk = s.foreignKeys.find((k) => where.has(k.table) && k.table !== s.name);
      if (!fk) continue;
      const parent = where.get(fk.table)!;
      where.set(s.name, `${quote(fk.from)} IN (SELECT ${quote(fk.to)} FROM ${quote(fk.table)} WHERE ${parent})`);
      grew = true;
    }
  }
  const triggers = triggerSqls.map(triggerWrites);
  const derivedNames = new Set(triggers.flatMap((t) => t.writes));
  const owned = candidates.filter((s) => where.has(s.name));
  const plan = (s: TableShape): TablePlan => ({
    table: s.name,
    columns: s.columns,
    key: s.primaryKey.length ? s.primaryKey : ["rowid"],
    where: where.get(s.name)!,
    derived: derivedNames.has(s.name),
  });
  const ordered = parentsFirst(owned.filter((s) => !derivedNames.has(s.name)));
  // Derived tables after the tables whose triggers write them, as if those were their parents.
  const derived = parentsFirst(
    owned
      .filter((s) => derivedNames.has(s.name))
      .map((s) => ({
        ...s,
        foreignKeys: triggers.filter((t) => t.writes.includes(s.name)).map((t) => ({ table: t.on, from: "", to: "" })),
      })),
  );
  return { tables: [...ordered, ...derived].map(plan), anchors: anchorsOf(owned, where) };
}

/** A topological order over the foreign keys among `tables` (self references ignored), ties by name. */
function parentsFirst(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const out: TableShape[] = [];
  const visit = (t: TableShape, path: Set<string>) => {
    if (done.has(t.name) || path.has(t.name)) return;
    path.add(t.name);
    for (const fk of t.foreignKeys) {
      const parent = byName.get(fk.table);
      if (parent && parent.name !== t.name) visit(parent, path);
    }
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t, new Set());
  return out;
}

/** Per foreign key from a moved table to one that stays put, the ids the workspace's rows reference. */
function anchorsOf(owned: TableShape[], where: Map<string, string>): Anchor[] {
  return owned.flatMap((s) =>
    s.foreignKeys
      .filter((fk) => staysPut(fk.table))
      .map((fk) => ({
        table: fk.table,
        idsSql: `SELECT DISTINCT ${quote(fk.from)} AS id FROM ${quote(s.name)} WHERE (${where.get(s.name)}) AND ${quote(fk.from)} IS NOT NULL`,
      })),
  );
}

/** The parameters of a statement whose every `?` is the workspace id. */
export const workspaceParams = (sqlText: string, workspaceId: string) =>
  Array.from({ length: sqlText.split("?").length - 1 }, () => workspaceId);
