import type { SQL, SQLWrapper } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

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
  query: SQL;
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
}

/**
 * `db` whose raw `all` reads go to D1 together: every read issued before the event loop turns (the independent
 * reads of a `Promise.all`, and those their answers lead to in the same turn) is sent as one `batch`, one round
 * trip instead of one each (ADR 023, session 9). Reads only: a batch is one transaction, so a failing statement
 * fails every read of its turn.
 */
export function batchReads(db: Db): Db {
  let queue: Pending[] = [];
  const flush = async () => {
    const turn = queue;
    queue = [];
    try {
      const results = await batch(
        db,
        turn.map((p) => p.query),
      );
      for (const [i, p] of turn.entries()) p.resolve(results[i]?.results ?? []);
    } catch (err) {
      for (const p of turn) p.reject(err);
    }
  };
  const all = (query: SQLWrapper) => {
    const rows = new Promise<unknown[]>((resolve, reject) => {
      if (!queue.length) setTimeout(flush, 0);
      queue.push({ query: query.getSQL(), resolve, reject });
    });
    // A read whose caller gave up after an earlier failure must not surface as an unhandled rejection.
    rows.catch(() => {});
    return rows;
  };
  // Callers only await `all`'s answer, which is what drizzle's lazy query would resolve to.
  return new Proxy(db, { get: (target, prop) => (prop === "all" ? all : Reflect.get(target, prop, target)) });
}
