import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import { quote } from "./plan";

/** Multi-row INSERTs of `rows` into a table, each within D1's parameter limit. */
export function insertStatements(
  table: string,
  columns: string[],
  rows: unknown[][],
  { orReplace = false, maxParams = D1_MAX_PARAMS } = {},
): { sql: string; params: unknown[] }[] {
  if (columns.length > maxParams) throw new Error(`${table} has more columns than one statement can bind.`);
  const perStatement = Math.floor(maxParams / columns.length);
  const head = `INSERT${orReplace ? " OR REPLACE" : ""} INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES `;
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  return chunksOf(rows, perStatement).map((run) => ({
    sql: head + run.map(() => tuple).join(", "),
    params: run.flat(),
  }));
}
