import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
} from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema/index";

type Tables = ExtractTablesWithRelations<typeof schema>;
let relational: RelationalSchemaConfig<Tables> | undefined;

/**
 * A drizzle handle over `d1`, as `drizzle(d1, { schema })` builds it, but with the relational config (`db.query`)
 * worked out once per isolate: drizzle() walks the whole schema for it on every call, ~0.25 ms of CPU, and a
 * request makes a handle for the directory and one for its workspace's shard.
 */
export function createDb(d1: D1Database) {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables as Tables, tableNamesMap: tables.tableNamesMap };
  }
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session<typeof schema, Tables>(d1, dialect, relational, {});
  const db = new DrizzleD1Database<typeof schema>("async", dialect, session, relational) as DrizzleD1Database<
    typeof schema
  > & { $client: D1Database };
  db.$client = d1;
  return db;
}

export type Db = ReturnType<typeof createDb>;
