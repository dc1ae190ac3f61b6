/** D1 binds at most this many parameters in one statement. */
export const D1_MAX_PARAMS = 100;

/** `items` in runs of at most `size` (the last may be shorter): a multi-row write or an `IN (…)` list per run. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
