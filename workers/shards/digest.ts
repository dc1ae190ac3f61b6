/**
 * A table's rows of a workspace as one value to compare across shards (ADR 082): SHA-256 chained over pages of
 * rows read in primary-key order, so equal digests mean the same rows with the same values, not only as many.
 */
export interface TableDigest {
  rows: number;
  sha256: string;
}

export const EMPTY_DIGEST: TableDigest = { rows: 0, sha256: "" };

/** The digest after one more page of rows (each row its column values in a fixed order). */
export async function addPage(prev: TableDigest, rows: unknown[][]): Promise<TableDigest> {
  if (rows.length === 0) return prev;
  const text = prev.sha256 + JSON.stringify(rows, (_k, v) => (v instanceof ArrayBuffer ? [...new Uint8Array(v)] : v));
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const sha256 = [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { rows: prev.rows + rows.length, sha256 };
}

/** The tables whose rows differ between the source and the copy, with both sides' row counts. */
export function differences(
  source: Map<string, TableDigest>,
  copy: Map<string, TableDigest>,
): { table: string; source: number; copy: number }[] {
  return [...source]
    .filter(([table, d]) => copy.get(table)?.sha256 !== d.sha256 || copy.get(table)?.rows !== d.rows)
    .map(([table, d]) => ({ table, source: d.rows, copy: copy.get(table)?.rows ?? 0 }));
}
