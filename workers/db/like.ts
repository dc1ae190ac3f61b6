import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** `column LIKE '%term%'` with the user's % and _ taken literally. */
export function likeContains(column: SQLWrapper, term: string): SQL {
  const escaped = term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return sql`${column} LIKE ${`%${escaped}%`} ESCAPE '\\'`;
}
