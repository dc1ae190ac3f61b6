import { countOf } from "~/lib/format";

/** A row as the import answers it: its number in the sheet and why it was not imported, if it was not. */
export type ImportedRow = { row: number; errors: string[]; duplicate: boolean };
export type ChunkResult = { created: number; skipped: number; rows: ImportedRow[] };

/** What an import did, for the page to say: rows created and skipped, rows refused, and where it stopped. */
export interface ImportOutcome {
  created: number;
  skipped: number;
  /** Rows the rules refused at import time (they passed the dry run; a file or account changed since, or time passed). */
  refused: ImportedRow[];
  /** Why the import stopped before its last chunk, or null when every chunk was sent. */
  stopped: string | null;
}

export function importOutcome(results: ChunkResult[], stopped: string | null = null): ImportOutcome {
  return {
    created: results.reduce((n, r) => n + r.created, 0),
    skipped: results.reduce((n, r) => n + r.skipped, 0),
    refused: results.flatMap((r) => r.rows.filter((row) => row.errors.length > 0)),
    stopped,
  };
}

export const importSummary = (o: Pick<ImportOutcome, "created" | "skipped">) =>
  `${countOf(o.created, "post")} created${o.skipped ? `, ${o.skipped} already imported` : ""}`;

/** The words for what was not imported, or null when everything was. */
export function notImported(o: ImportOutcome): string | null {
  const skipped = "the rows already imported are skipped.";
  if (o.stopped)
    return `The import stopped before the file's end (${o.stopped.replace(/\.$/, "")}). Choose the file again to import the rest: ${skipped}`;
  if (o.refused.length)
    return `${countOf(o.refused.length, "row")} could not be imported. Fix them in the file and choose it again: ${skipped}`;
  return null;
}
