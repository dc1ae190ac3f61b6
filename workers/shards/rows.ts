import { addPage, EMPTY_DIGEST, type TableDigest } from "./digest";
import { insertStatements } from "./inserts";
import { type MovePlan, planMove, quote, staysPut, type TablePlan, type TableShape, workspaceParams } from "./plan";

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

/** The SELECT of one page of a table's rows of the workspace in `key` order, after the last page's key when given. */
function pageQuery(d1: D1Database, t: TablePlan, workspaceId: string, key: string[], after: unknown[] | null) {
  // The key columns are aliased: a key that is also a column would otherwise share its name in the row object.
  const keys = key.map((k, i) => `${quote(k)} AS "__k${i}"`).join(", ");
  const order = key.map(quote).join(", ");
  const past = after ? ` AND (${order}) > (${key.map(() => "?").join(", ")})` : "";
  return d1
    .prepare(
      `SELECT ${keys}, ${t.columns.map(quote).join(", ")} FROM ${quote(t.table)} WHERE (${t.where})${past} ORDER BY ${order} LIMIT ${PAGE}`,
    )
    .bind(...workspaceParams(t.where, workspaceId), ...(after ?? []));
}

/**
 * Reads each table's rows of the workspace a page at a time, in `key` order, handing each page on (without the key
 * columns) table by table in the order given. The first page of every table goes in one D1 batch, so a workspace
 * whose tables each fit in a page is read in one round trip; a table with more is read on after its last key (an
 * OFFSET would rescan every earlier page).
 */
async function eachPage(
  d1: D1Database,
  tables: TablePlan[],
  workspaceId: string,
  keyOf: (t: TablePlan) => string[],
  onPage: (t: TablePlan, rows: unknown[][]) => Promise<void>,
): Promise<void> {
  if (tables.length === 0) return;
  const first = await d1.batch<Record<string, unknown>>(
    tables.map((t) => pageQuery(d1, t, workspaceId, keyOf(t), null)),
  );
  for (const [i, t] of tables.entries()) {
    const key = keyOf(t);
    const split = (row: Record<string, unknown>) => ({
      key: key.map((_, j) => row[`__k${j}`]),
      values: t.columns.map((c) => row[c]),
    });
    let page = first[i]!.results.map(split);
    for (;;) {
      if (page.length > 0)
        await onPage(
          t,
          page.map((r) => r.values),
        );
      if (page.length < PAGE) break;
      const next = await pageQuery(d1, t, workspaceId, key, page.at(-1)!.key).all<Record<string, unknown>>();
      page = next.results.map(split);
    }
  }
}

/** Statements sent to the target per batch while copying: small tables' rows travel together. */
const WRITE_BATCH = 500;

/**
 * Copies the tables' rows of the workspace in the order given (parents before children), a table's rows in
 * insertion order so a row's parent in the same table comes first. Writes are gathered across tables and sent in
 * batches, in order.
 */
export async function copyTables(from: D1Database, to: D1Database, tables: TablePlan[], workspaceId: string) {
  let pending: D1PreparedStatement[] = [];
  const flush = async () => {
    if (pending.length > 0) await to.batch(pending);
    pending = [];
  };
  await eachPage(from, tables, workspaceId, rowidKey, async (t, rows) => {
    for (const s of insertStatements(t.table, t.columns, rows, { orReplace: t.derived }))
      pending.push(to.prepare(s.sql).bind(...s.params));
    if (pending.length >= WRITE_BATCH) await flush();
  });
  await flush();
}

const rowidKey = () => ["rowid"];

/** Each table's digest of the workspace's rows on one shard. */
export async function digestTables(d1: D1Database, tables: TablePlan[], workspaceId: string) {
  const out = new Map<string, TableDigest>(tables.map((t) => [t.table, EMPTY_DIGEST]));
  await eachPage(
    d1,
    tables,
    workspaceId,
    (t) => t.key,
    async (t, rows) => {
      out.set(t.table, await addPage(out.get(t.table)!, rows));
    },
  );
  return out;
}

/** Rows one DELETE removes: a large workspace's cleanup never becomes one statement over millions of rows. */
const DELETE_CHUNK = 1000;

/**
 * Deletes the workspace's rows of `tables` on a shard, children before parents (each table emptied before its
 * parent), the tables triggers write last (deleting their sources may have touched them). The tables' rows are
 * counted in one batch; runs of tables under a chunk each are deleted in one batch, a larger table a chunk at a
 * time on its own. Not atomic, and need not be: the move's step record makes a rerun delete what is left.
 */
export async function deleteRows(
  d1: D1Database,
  tables: TablePlan[],
  workspaceId: string,
  halfway?: () => void | Promise<void>,
): Promise<void> {
  const order = [...tables.filter((t) => !t.derived).reverse(), ...tables.filter((t) => t.derived)];
  if (order.length === 0) return;
  const counts = await d1.batch<{ n: number }>(
    order.map((t) =>
      d1
        .prepare(`SELECT count(*) AS n FROM ${quote(t.table)} WHERE ${t.where}`)
        .bind(...workspaceParams(t.where, workspaceId)),
    ),
  );
  const chunk = (t: TablePlan) =>
    d1
      .prepare(
        `DELETE FROM ${quote(t.table)} WHERE rowid IN (SELECT rowid FROM ${quote(t.table)} WHERE ${t.where} LIMIT ${DELETE_CHUNK})`,
      )
      .bind(...workspaceParams(t.where, workspaceId));
  let small: D1PreparedStatement[] = [];
  const flush = async () => {
    if (small.length > 0) await d1.batch(small);
    small = [];
  };
  for (const [i, t] of order.entries()) {
    if (i === Math.floor(order.length / 2)) {
      await flush();
      await halfway?.();
    }
    const rows = counts[i]!.results[0]?.n ?? 0;
    if (rows === 0) continue;
    if (rows < DELETE_CHUNK) {
      small.push(chunk(t));
      continue;
    }
    await flush();
    while ((await chunk(t).run()).meta.changes >= DELETE_CHUNK);
  }
  await flush();
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
