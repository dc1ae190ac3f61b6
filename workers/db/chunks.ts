/** D1 binds at most this many parameters in one statement. */
export const D1_MAX_PARAMS = 100;

/** `items` in runs of at most `size` (the last may be shorter): a multi-row write or an `IN (…)` list per run. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Reads `items` in runs within D1's bound parameters (ADR 118), all runs at once, `others` being the values the
 * statement binds besides the run: the runs' rows in order, concatenated; no read for no items. Reads only: a
 * write's runs go in its caller's batch, all or nothing.
 */
export async function readInRuns<T, R>(
  items: readonly T[],
  others: number,
  read: (run: T[]) => PromiseLike<R[]>,
): Promise<R[]> {
  const runs = await Promise.all(chunksOf(items, D1_MAX_PARAMS - others).map((run) => read(run)));
  return runs.flat();
}
