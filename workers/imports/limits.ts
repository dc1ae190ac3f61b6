/** Bulk import's sizes, apart from the row rules so the import page shows them without loading zod (ADR 104). */
export const IMPORT_MAX_ROWS = 1000;
/** Rows per request: each row is validated and created with a few queries (D1's per-invocation budget). */
export const IMPORT_CHUNK_ROWS = 25;
