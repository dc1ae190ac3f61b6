import type { BenchClient } from "./http.ts";
import { type BenchRow, msFmt, percentile } from "./stats.ts";

/** What a seeded read may cost (issue 40's and ADR 023's budget): p99 and D1 rows read per request. */
export const READ_BUDGET = { p99Ms: 50, rows: 5_000 };
/** The analytics overview and tabs, on three shards (issue 43): p99 from 50 to 25 ms. */
export const ANALYTICS_BUDGET = { p99Ms: 25, rows: 5_000 };
const median = (values: number[]) => percentile(values, 50);

/** A read to measure: its path, the row's name, and `context`, which opens the note (the data's size). */
export type Read = { path: string; name: string; context: string };

/**
 * One row per read: `n` timed rounds over all the reads after 10 unmeasured ones (which warm the paths' pages and
 * code; `timeSplit` interleaves the reads), the D1 rows one request read (and its D1 calls, in the note), and a note
 * splitting the median and the slowest request by the Worker's `Server-Timing` (its time, D1's share of it and the
 * SQL time D1 reports within that, the longest D1 call) and what the client waited outside it.
 */
export async function readRows(
  client: BenchClient,
  reads: Read[],
  bearer: Record<string, string>,
  n: number,
  budget = READ_BUDGET,
): Promise<BenchRow[]> {
  const sampled = await client.timeSplit(
    reads.map((r) => r.path),
    bearer,
    n,
    10,
  );
  const rows: BenchRow[] = [];
  for (const [i, { path, name, context }] of reads.entries()) {
    const samples = sampled[i]!;
    const ms = samples.map((s) => s.ms);
    const p99 = percentile(ms, 99);
    const slowest = samples.reduce((a, b) => (b.ms > a.ms ? b : a));
    const read = await client.readCost(path, bearer);
    rows.push({
      name,
      value: `p50 ${msFmt(percentile(ms, 50))} · p99 ${msFmt(p99)} · ${read.rows.toLocaleString("en")} rows read`,
      budget: `p99 ≤ ${budget.p99Ms} ms, ≤ ${budget.rows.toLocaleString("en")} rows`,
      pass: p99 <= budget.p99Ms && read.rows <= budget.rows,
      note:
        `${context}; ${n} samples, interleaved with the other ${reads.length - 1} reads; ${read.calls} D1 calls; ` +
        `Worker p50 ${msFmt(median(samples.map((s) => s.app)))} (D1 ${msFmt(median(samples.map((s) => s.d1)))}); ` +
        `slowest ${msFmt(slowest.ms)} = Worker ${msFmt(slowest.app)} (D1 ${msFmt(slowest.d1)}, of it SQL ${msFmt(slowest.sql)}` +
        (slowest.slowestCall ? `; longest call ${msFmt(slowest.slowestCall.ms)}: ${slowest.slowestCall.sql}` : "") +
        `) + outside it ${msFmt(slowest.ms - slowest.app)}`,
    });
  }
  return rows;
}
