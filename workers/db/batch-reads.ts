import { is, SQL, type SQLWrapper } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";
import { renderedStatement } from "./rendered";

const dialect = new SQLiteAsyncDialect();

/** Raw SQL as D1's own statement, its parameters bound: for a D1 batch, as drizzle's batch cannot bind them. */
export function prepared(db: Db, statement: SQL): D1PreparedStatement {
  const q = dialect.sqlToQuery(statement);
  return db.$client.prepare(q.sql).bind(...q.params);
}

/** Runs raw statements as one D1 batch (a transaction). */
export function batch(db: Db, statements: SQL[]) {
  return db.$client.batch(statements.map((s) => prepared(db, s)));
}

interface Pending {
  /** Raw SQL (rendered when its turn is sent, as before) or a statement already rendered and bound (`allRendered`). */
  query: SQL | D1PreparedStatement;
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
}

const EXACT = { exact: true };

type Enqueue = (query: SQL | D1PreparedStatement) => Promise<unknown[]>;
/** What a `batchReads` handle answers with its way into its turn's queue, for `allRendered`. */
const ENQUEUE = Symbol("batchReads.enqueue");

/**
 * `db` whose raw `all` reads go to D1 together: every read issued before the event loop turns (the independent
 * reads of a `Promise.all`, and those their answers lead to in the same turn) is sent as one `batch`, one round
 * trip instead of one each (ADR 023, session 9). Reads only: a batch is one transaction, so a failing statement
 * fails every read of its turn. `allRendered` reads join the same batch.
 */
export function batchReads(db: Db): Db {
  let queue: Pending[] = [];
  const flush = async () => {
    const turn = queue;
    queue = [];
    try {
      const results = await db.$client.batch(
        turn.map((p) => (is(p.query, SQL) ? prepared(db, p.query) : (p.query as D1PreparedStatement))),
      );
      for (const [i, p] of turn.entries()) p.resolve(results[i]?.results ?? []);
    } catch (err) {
      for (const p of turn) p.reject(err);
    }
  };
  const enqueue: Enqueue = (query) => {
    const rows = new Promise<unknown[]>((resolve, reject) => {
      if (!queue.length) setTimeout(flush, 0);
      queue.push({ query, resolve, reject });
    });
    // A read whose caller gave up after an earlier failure must not surface as an unhandled rejection.
    rows.catch(() => {});
    return rows;
  };
  const all = (query: SQLWrapper) => enqueue(query.getSQL());
  // Callers only await `all`'s answer, which is what drizzle's lazy query would resolve to.
  return new Proxy(db, {
    get: (target, prop) => (prop === "all" ? all : prop === ENQUEUE ? enqueue : Reflect.get(target, prop, target)),
  });
}

/**
 * The rows of the statement `build` makes, rendered to SQL once per isolate under `key` and bound to `values` by
 * placeholder name (`renderedStatement`, ADR 048): in the turn's batch when `db` is a `batchReads` handle, else a
 * call of its own. `key` names everything the text depends on; every value is a placeholder, and every one of
 * `values` must have its place in the text (`exact`).
 */
export function allRendered<T>(db: Db, key: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
  const statement = renderedStatement(db.$client, key, build, values, EXACT);
  const enqueue = (db as unknown as { [ENQUEUE]?: Enqueue })[ENQUEUE];
  return (enqueue ? enqueue(statement) : statement.all<T>().then((r) => r.results)) as Promise<T[]>;
}
