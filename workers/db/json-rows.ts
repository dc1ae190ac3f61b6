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

/** A table's column keys and columns, in `jsonRow`'s order, as two arrays: read by index, nothing made per value. */
const columnsOf = new WeakMap<SQLiteTable, { keys: string[]; columns: Column[] }>();

/** A `jsonRow` array (parsed) as `table`'s select row. */
export function fromJsonRow<T extends SQLiteTable>(table: T, json: unknown[]): T["$inferSelect"] {
  let known = columnsOf.get(table);
  if (!known) {
    const entries = Object.entries(getTableColumns(table));
    known = { keys: entries.map(([key]) => key), columns: entries.map(([, column]) => column) };
    columnsOf.set(table, known);
  }
  const { keys, columns } = known;
  const row: Record<string, unknown> = {};
  // An indexed loop: `entries()` made an iterator and a pair for every value of every row (the posts list: ~30
  // columns × its rows and their related rows), garbage the isolate's young collections paid for.
  for (let i = 0; i < keys.length; i++) {
    const value = json[i];
    const column = columns[i]!;
    row[keys[i]!] =
      value === null || value === undefined ? null : isJson(column) ? value : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
