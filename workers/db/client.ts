import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
} from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { RelationalQueryBuilder } from "drizzle-orm/sqlite-core/query-builders/query";
import * as schema from "./schema/index";

type Tables = ExtractTablesWithRelations<typeof schema>;
let relational: RelationalSchemaConfig<Tables> | undefined;

/**
 * A drizzle handle over `d1`, as `drizzle(d1, { schema })` builds it, but cheaper to make, which every request does
 * for the directory and its workspace's shard: the relational config (`db.query`) is worked out once per isolate
 * (drizzle() walks the whole schema on every call, ~0.25 ms of CPU), and a table's `db.query` builder is made when
 * first used, not one for each of the schema's tables on every handle (~46 KiB of garbage a request, which the
 * isolate's young-generation collections then pay for; bench/RESULTS.md).
 */
export function createDb(d1: D1Database) {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables as Tables, tableNamesMap: tables.tableNamesMap };
  }
  const config = relational;
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session<typeof schema, Tables>(d1, dialect, config, {});
  // Made without the config, so its constructor builds no query builders; the config and a lazy `query` follow.
  const db = new DrizzleD1Database<typeof schema>("async", dialect, session, undefined) as DrizzleD1Database<
    typeof schema
  > & { $client: D1Database };
  Object.assign(db._, { schema: config.schema, fullSchema: config.fullSchema, tableNamesMap: config.tableNamesMap });
  const builders: Record<string, unknown> = {};
  db.query = new Proxy(builders, {
    get(made, table) {
      if (typeof table !== "string" || !(table in config.schema)) return undefined;
      made[table] ??= new RelationalQueryBuilder(
        "async",
        config.fullSchema,
        config.schema,
        config.tableNamesMap,
        config.fullSchema[table as keyof typeof schema] as never,
        config.schema[table as keyof Tables],
        dialect,
        session,
      );
      return made[table];
    },
  }) as typeof db.query;
  db.$client = d1;
  return db;
}

export type Db = ReturnType<typeof createDb>;
