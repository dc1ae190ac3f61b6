import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * Rows of several tables read in one statement (ADR 048): each row travels as `json_object` of its columns and is
 * decoded back to the table's own row type with the columns' own mapping (booleans, numbers), as drizzle would.
 * One statement instead of one per table is what a D1 batch pays for per statement.
 */

/** A JSON-mode column's stored text is JSON already: it is embedded as such, not as a string to parse again. */
const isJson = (column: Column) => column.dataType === "json";

/** `json_object('<sql name>', <column>, …)` over every column of `table`. Names are inlined, not bound: D1 binds ≤ 100. */
export function jsonRow(table: SQLiteTable): SQL {
  const pairs = Object.values(getTableColumns(table)).map(
    (c) => sql`${sql.raw(`'${c.name}'`)}, ${isJson(c) ? sql`json(${c})` : c}`,
  );
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

const columnsOf = new WeakMap<SQLiteTable, Array<[key: string, column: Column]>>();

/** A `jsonRow` object (parsed) as `table`'s select row. */
export function fromJsonRow<T extends SQLiteTable>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  let columns = columnsOf.get(table);
  if (!columns) columnsOf.set(table, (columns = Object.entries(getTableColumns(table))));
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : isJson(column) ? value : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
