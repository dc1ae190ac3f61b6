import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * Rows of several tables read in one statement (ADR 048): each row travels as a JSON array of its columns and is
 * decoded back to the table's own row type with the columns' own mapping (booleans, numbers), as drizzle would.
 * One statement instead of one per table is what a D1 batch pays for per statement.
 */

/** A JSON-mode column's stored text is JSON already: it is embedded as such, not as a string to parse again. */
const isJson = (column: Column) => column.dataType === "json";

/**
 * `json_array(<column>, …)` over every column of `table`, in its definition's order: the row without its column
 * names (half the text of an object), which `fromJsonRow` reads by position.
 */
export function jsonRow(table: SQLiteTable): SQL {
  const values = Object.values(getTableColumns(table)).map((c) => (isJson(c) ? sql`json(${c})` : sql`${c}`));
  return sql`json_array(${sql.join(values, sql`, `)})`;
}

const columnsOf = new WeakMap<SQLiteTable, Array<[key: string, column: Column]>>();

/** A `jsonRow` array (parsed) as `table`'s select row. */
export function fromJsonRow<T extends SQLiteTable>(table: T, json: unknown[]): T["$inferSelect"] {
  let columns = columnsOf.get(table);
  if (!columns) columnsOf.set(table, (columns = Object.entries(getTableColumns(table))));
  const row: Record<string, unknown> = {};
  for (const [i, [key, column]] of columns.entries()) {
    const value = json[i];
    row[key] = value === null || value === undefined ? null : isJson(column) ? value : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
