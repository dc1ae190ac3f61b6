// What the UI may use of the imports module: client-safe schemas, constants and pure rules (ADR 079).

export type { ImportRow } from "./rows";
export { IMPORT_CHUNK_ROWS, IMPORT_MAX_ROWS, parseCsv, templateCsv } from "./rows";

/** The spreadsheet reader, loaded when a spreadsheet is chosen (read-excel-file stays out of the page's first load). */
export const loadXlsxRows = () => import("./xlsx-rows");
