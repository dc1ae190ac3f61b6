/**
 * Counts D1's `meta.rows_read` and round trips (calls to D1) over one request, for the bench and tests
 * (`X-D1-Rows-Read`, `X-D1-Round-Trips`; only with DEV_ROUTES), and the wall time while any D1 call was in flight
 * (`Server-Timing: d1`) with the part D1 itself reports as executing SQL (`meta.duration`, `sql`), so the bench
 * can tell a slow query from a wait around it, over
 * every handle `wrap` is given (the directory and the workspace's shard, ADR 035).
 * D1 reports it on `all`, `run` and `batch`; `first` and `raw` (drizzle's query builder) are not counted: the analytics reads are raw SQL through `all` and are.
 */
export function d1Meter(): {
  wrap: (d1: D1Database) => D1Database;
  rowsRead: () => number;
  roundTrips: () => number;
  d1Ms: () => number;
  sqlMs: () => number;
} {
  let rows = 0;
  let sqlMs = 0;
  let trips = 0;
  let busyMs = 0;
  let inFlight = 0;
  let busySince = 0;
  // Overlapping calls (a batch of reads issued together) count once: the union of their intervals.
  const timed = <T>(call: () => Promise<T>): Promise<T> => {
    if (inFlight++ === 0) busySince = performance.now();
    return call().finally(() => {
      if (--inFlight === 0) busyMs += performance.now() - busySince;
    });
  };
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
  const meterStatement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => meterStatement(target.bind(...args));
        if (prop === "all" || prop === "run") return () => timed(() => target[prop]()).then(count);
        if (prop === "first" || prop === "raw")
          return (...args: unknown[]) => timed(() => (target[prop] as (...a: unknown[]) => Promise<unknown>)(...args));
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    unwrap.set(proxy, stmt);
    return proxy;
  };
  const wrap = (d1: D1Database) =>
    new Proxy(d1, {
      get(target, prop) {
        if (prop === "prepare") return (query: string) => meterStatement(target.prepare(query));
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) =>
            timed(() => target.batch(statements.map((s) => unwrap.get(s) ?? s))).then(count);
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { wrap, rowsRead: () => rows, roundTrips: () => trips, d1Ms: () => busyMs, sqlMs: () => sqlMs };
}
