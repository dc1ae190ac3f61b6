import { type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** `%term%` for LIKE, with the user's % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `column LIKE '%term%'`; `term` may be a placeholder, bound to `likePattern(term)`. */
export function likeContains(column: SQLWrapper, term: string | Placeholder): SQL {
  return sql`${column} LIKE ${typeof term === "string" ? likePattern(term) : term} ESCAPE '\\'`;
}
