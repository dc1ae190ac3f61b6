// What the UI may use of the imports module: client-safe schemas, constants and pure rules (ADR 079).

export { IMPORT_CHUNK_ROWS, IMPORT_MAX_ROWS } from "./limits";
export type { ImportRow } from "./rows";

/** The CSV reader and the row rules (papaparse, zod, the profiles), loaded when a file is chosen (ADR 104). */
export const loadCsvRows = () => import("./rows");

/** The spreadsheet reader, loaded when a spreadsheet is chosen (read-excel-file stays out of the page's first load). */
export const loadXlsxRows = () => import("./xlsx-rows");
