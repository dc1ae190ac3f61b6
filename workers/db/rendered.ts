import { fillPlaceholders, is, Placeholder, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/** SQL text and its parameters (placeholders only), per statement key, for the life of the isolate. */
const rendered = new Map<string, { sql: string; params: unknown[] }>();

/**
 * The statement `build` makes, rendered to SQL once per isolate under `key` and bound on each call to `values` by
 * placeholder name (`sql.placeholder`), straight on D1 (ADR 048). drizzle renders and maps a query anew on every
 * call, which for the posts list's ~100 columns of `jsonRow`s was a measurable share of the request.
 * Every parameter must be a placeholder: a literal value would be rendered into the first call's statement and
 * served to every later one, so it is refused.
 */
export function renderedStatement(
  d1: D1Database,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
): D1PreparedStatement {
  let query = rendered.get(key);
  if (!query) {
    query = new SQLiteAsyncDialect().sqlToQuery(build());
    if (query.params.some((p) => !is(p, Placeholder)))
      throw new Error(`statement "${key}" binds a value that is not a placeholder`);
    rendered.set(key, query);
  }
  return d1.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
}
