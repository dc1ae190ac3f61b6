/**
 * Where the next page of the inbox list starts: the last entry a page walked, as `<createdAt>:<key>` (the key is
 * the entry's tie-breaker in its index: the item's rowid, or its id in a label's index). The time alone is not
 * enough: items a network stamped in the same second would be skipped at a page's edge.
 */
export interface ListCursor {
  at: number;
  /** Null for a bare time (the cursor's form before the key): items strictly older than it. */
  key: string | null;
}

export const CURSOR_FORMAT = /^(\d{1,15})(?::([\w-]{1,200}))?$/;

export const cursorOf = (at: number, key: string | number): string => `${at}:${key}`;

/** The cursor a `before` names, or null for anything that is not one. */
export function parseCursor(value: string): ListCursor | null {
  const match = CURSOR_FORMAT.exec(value);
  return match ? { at: Number(match[1]), key: match[2] ?? null } : null;
}
