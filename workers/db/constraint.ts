/**
 * Whether a D1 write was refused by a UNIQUE index over `columns` (as SQLite names them, `table.column, …`): the
 * error or one of its causes (drizzle wraps D1's) says so.
 */
export function isUniqueViolation(err: unknown, columns: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause)
    if (e.message.includes(`UNIQUE constraint failed: ${columns}`)) return true;
  return false;
}
