import { api } from "~/lib/api";
import { IMPORT_CHUNK_ROWS, type ImportRow } from "../../../workers/imports/public";

/**
 * Sends rows in chunks to `path`, reporting progress (0–1) after each; stops at the first refused chunk, answering
 * what the chunks before it answered too (an import's earlier chunks were created, and the page must say so).
 */
export async function runChunks<T>(
  path: string,
  rows: ImportRow[],
  onProgress: (done: number) => void,
): Promise<{ ok: true; results: T[] } | { ok: false; message: string; results: T[] }> {
  const results: T[] = [];
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK_ROWS) {
    const res = await api<T>(path, { json: { rows: rows.slice(i, i + IMPORT_CHUNK_ROWS) } });
    if (!res.ok) return { ok: false, message: res.message, results };
    results.push(res.data);
    onProgress(Math.min(rows.length, i + IMPORT_CHUNK_ROWS) / rows.length);
  }
  return { ok: true, results };
}
