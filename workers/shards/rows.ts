import { addPage, EMPTY_DIGEST, type TableDigest } from "./digest";
import {
  insertStatements,
  type MovePlan,
  planMove,
  quote,
  staysPut,
  type TablePlan,
  type TableShape,
  workspaceParams,
} from "./plan";

/** Rows read per query: a page's INSERTs go to the target in one D1 batch. */
const PAGE = 200;

/** The workspace's tables on a shard, read from the shard's own schema and triggers. */
export async function readPlan(d1: D1Database): Promise<MovePlan> {
  const [tables, triggers] = await d1.batch<{ name?: string; sql?: string }>([
    d1.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"),
    d1.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'"),
  ]);
  const names = tables!.results.map((t) => t.name!).filter((n) => !staysPut(n));
  const described = await d1.batch<Record<string, unknown>>(
    names.flatMap((n) => [
      d1.prepare("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid").bind(n),
      d1.prepare('SELECT "table", "from", "to" FROM pragma_foreign_key_list(?)').bind(n),
    ]),
  );
  const shapes: TableShape[] = names.map((name, i) => {
    const columns = described[2 * i]!.results as { name: string; pk: number }[];
    const fks = described[2 * i + 1]!.results as { table: string; from: string; to: string | null }[];
    return {
      name,
      columns: columns.map((c) => c.name),
      primaryKey: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      foreignKeys: fks.map((k) => ({ table: k.table, from: k.from, to: k.to ?? "id" })),
    };
  });
  return planMove(
    shapes,
    triggers!.results.map((t) => t.sql!),
  );
}

/**
 * Reads a table's rows of the workspace a page at a time in `key` order, each page after the last one's key (an
 * OFFSET would rescan every earlier page), handing each page on without the key columns.
 */
async function eachPage(
  d1: D1Database,
  t: TablePlan,
  workspaceId: string,
  key: string[],
  onPage: (rows: unknown[][]) => Promise<void>,
): Promise<void> {
  const keys = key.map(quote).join(", ");
  const select = `SELECT ${keys}, ${t.columns.map(quote).join(", ")} FROM ${quote(t.table)} WHERE (${t.where})`;
  const past = ` AND (${keys}) > (${key.map(() => "?").join(", ")})`;
  for (let after: unknown[] | null = null; ; ) {
    const rows: unknown[][] = await d1
      .prepare(`${select}${after ? past : ""} ORDER BY ${keys} LIMIT ${PAGE}`)
      .bind(...workspaceParams(t.where, workspaceId), ...(after ?? []))
      .raw();
    if (rows.length > 0) await onPage(rows.map((r) => r.slice(key.length)));
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.slice(0, key.length);
  }
}

/** Copies a table's rows of the workspace; rows go in insertion order so a row's parent in the table comes first. */
export async function copyTable(from: D1Database, to: D1Database, t: TablePlan, workspaceId: string): Promise<void> {
  await eachPage(from, t, workspaceId, ["rowid"], async (rows) => {
    const inserts = insertStatements(t.table, t.columns, rows, { orReplace: t.derived });
    await to.batch(inserts.map((s) => to.prepare(s.sql).bind(...s.params)));
  });
}

/** A table's digest of the workspace's rows on one shard. */
export async function digestTable(d1: D1Database, t: TablePlan, workspaceId: string): Promise<TableDigest> {
  let digest = EMPTY_DIGEST;
  await eachPage(d1, t, workspaceId, t.key, async (rows) => {
    digest = await addPage(digest, rows);
  });
  return digest;
}

/** Rows one DELETE removes: a large workspace's cleanup never becomes one statement over millions of rows. */
const DELETE_CHUNK = 1000;

/**
 * Deletes the workspace's rows of `tables` on a shard, children before parents (each table emptied before its
 * parent), the tables triggers write last (deleting their sources may have touched them). Not atomic, and need
 * not be: the move's step record makes a rerun delete what is left.
 */
export async function deleteRows(
  d1: D1Database,
  tables: TablePlan[],
  workspaceId: string,
  halfway?: () => void | Promise<void>,
): Promise<void> {
  const order = [...tables.filter((t) => !t.derived).reverse(), ...tables.filter((t) => t.derived)];
  for (const [i, t] of order.entries()) {
    if (i === Math.floor(order.length / 2)) await halfway?.();
    const chunk = d1
      .prepare(
        `DELETE FROM ${quote(t.table)} WHERE rowid IN (SELECT rowid FROM ${quote(t.table)} WHERE ${t.where} LIMIT ${DELETE_CHUNK})`,
      )
      .bind(...workspaceParams(t.where, workspaceId));
    while ((await chunk.run()).meta.changes >= DELETE_CHUNK);
  }
}

/** The ids each anchor table (users, workspaces) must hold on the target for the copied rows' foreign keys. */
export async function anchorIds(d1: D1Database, plan: MovePlan, workspaceId: string): Promise<Map<string, string[]>> {
  if (plan.anchors.length === 0) return new Map();
  const results = await d1.batch<{ id: string }>(
    plan.anchors.map((a) => d1.prepare(a.idsSql).bind(...workspaceParams(a.idsSql, workspaceId))),
  );
  const ids = new Map<string, Set<string>>();
  plan.anchors.forEach((a, i) => {
    const set = ids.get(a.table) ?? new Set();
    for (const r of results[i]!.results) set.add(String(r.id));
    ids.set(a.table, set);
  });
  return new Map([...ids].map(([table, set]) => [table, [...set]]));
}
