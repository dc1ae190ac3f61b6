/**
 * Counts D1's `meta.rows_read` and round trips (calls to D1) over one request, for the bench and tests
 * (`X-D1-Rows-Read`, `X-D1-Round-Trips`: the calls D1 reports meta on; `X-D1-Calls`: every call, `first` and `raw`
 * too, as each costs a round trip; only with DEV_ROUTES), and the wall time while any D1 call was in flight
 * (`Server-Timing: d1`) with the part D1 itself reports as executing SQL (`meta.duration`, `sql`), so the bench
 * can tell a slow query from a wait around it, over
 * every handle `wrap` is given (the directory and the workspace's shard, ADR 035). The slowest single call is kept
 * with the start of its SQL, so a slow request names the call that held it.
 * D1 reports meta on `all`, `run` and `batch`; `first` and `raw` (drizzle's query builder) give no rows read or SQL
 * time (the analytics reads are raw SQL through `all` and are counted), only their wall time.
 */
export function d1Meter(): {
  wrap: (d1: D1Database) => D1Database;
  rowsRead: () => number;
  roundTrips: () => number;
  calls: () => number;
  d1Ms: () => number;
  sqlMs: () => number;
  slowest: () => { ms: number; sql: string } | null;
} {
  let rows = 0;
  let sqlMs = 0;
  let trips = 0;
  let calls = 0;
  let busyMs = 0;
  let inFlight = 0;
  let busySince = 0;
  // The slowest call's label is made only when asked for: collapsing a long statement's whitespace on every call
  // would add to the very time being measured.
  let slowest: { ms: number; label: () => string } | null = null;
  // Overlapping calls (a batch of reads issued together) count once: the union of their intervals.
  const timed = <T>(label: () => string, call: () => Promise<T>): Promise<T> => {
    calls++;
    const started = performance.now();
    if (inFlight++ === 0) busySince = started;
    return call().finally(() => {
      const ended = performance.now();
      if (--inFlight === 0) busyMs += ended - busySince;
      if (!slowest || ended - started > slowest.ms) slowest = { ms: ended - started, label };
    });
  };
  // The first 60 characters with runs of whitespace as one space: a few hundred of the raw text are enough.
  const opening = (sql: string) => sql.trimStart().slice(0, 300).replace(/\s+/g, " ").slice(0, 60).trim();
  const count = <T>(result: T): T => {
    trips++;
    for (const r of Array.isArray(result) ? result : [result]) {
      rows += (r as Partial<D1Result> | null)?.meta?.rows_read ?? 0;
      sqlMs += (r as Partial<D1Result> | null)?.meta?.duration ?? 0;
    }
    return result;
  };
  // A batch must be given D1's own statements, not the proxies around them.
  const unwrap = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const meterStatement = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const label = () => opening(sql);
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => meterStatement(target.bind(...args), sql);
        if (prop === "all" || prop === "run") return () => timed(label, () => target[prop]()).then(count);
        if (prop === "first" || prop === "raw")
          return (...args: unknown[]) =>
            timed(label, () => (target[prop] as (...a: unknown[]) => Promise<unknown>)(...args));
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    unwrap.set(proxy, stmt);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  const wrap = (d1: D1Database) =>
    new Proxy(d1, {
      get(target, prop) {
        if (prop === "prepare") return (query: string) => meterStatement(target.prepare(query), query);
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) =>
            timed(
              () => `batch of ${statements.length}: ${opening(sqlOf.get(statements[0]!) ?? "")}`,
              () => target.batch(statements.map((s) => unwrap.get(s) ?? s)),
            ).then(count);
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return {
    wrap,
    rowsRead: () => rows,
    roundTrips: () => trips,
    calls: () => calls,
    d1Ms: () => busyMs,
    sqlMs: () => sqlMs,
    slowest: () => slowest && { ms: slowest.ms, sql: slowest.label() },
  };
}
