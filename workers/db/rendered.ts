import { fillPlaceholders, is, Placeholder, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/** SQL text, its parameters (placeholders only) and their names, per statement key, for the life of the isolate. */
const rendered = new Map<string, { sql: string; params: unknown[]; names: Set<string> }>();

/** The statement `build` makes, rendered once per isolate under `key`; refused if a parameter is not a placeholder. */
function renderedQuery(key: string, build: () => SQL) {
  let query = rendered.get(key);
  if (!query) {
    const { sql, params } = new SQLiteAsyncDialect().sqlToQuery(build());
    if (params.some((p) => !is(p, Placeholder)))
      throw new Error(`statement "${key}" binds a value that is not a placeholder`);
    query = { sql, params, names: new Set(params.map((p) => (p as Placeholder).name)) };
    rendered.set(key, query);
  }
  return query;
}

/**
 * The statement `build` makes, rendered to SQL once per isolate under `key` and bound on each call to `values` by
 * placeholder name (`sql.placeholder`), straight on D1 (ADR 048). drizzle renders and maps a query anew on every
 * call, which for the posts list's ~100 columns of `jsonRow`s was a measurable share of the request.
 * Every parameter must be a placeholder: a literal value would be rendered into the first call's statement and
 * served to every later one, so it is refused. With `exact`, so is a value the text has no placeholder for: a key
 * that left out how many pieces a statement has would serve the first call's text to a call with more pieces and
 * drop their values unread (a call with fewer fails anyway, a placeholder without its value).
 */
export function renderedStatement(
  d1: D1Database,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
  { exact = false } = {},
): D1PreparedStatement {
  const query = renderedQuery(key, build);
  if (exact)
    for (const name in values)
      if (!query.names.has(name)) throw new Error(`statement "${key}" has no placeholder "${name}"`);
  return d1.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
}
