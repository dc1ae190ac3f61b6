/** A member as mentions know them: `@Display Name` or `@emailname` (the part before the @). */
export interface Mentionable {
  id: string;
  displayName: string;
  email: string;
}

/** Where one mention sits in a comment: `body.slice(start, end)` is the `@Name` text. */
export interface MentionSpan {
  start: number;
  end: number;
  memberId: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The names a member answers to after an @. */
const namesOf = (m: Mentionable) => [m.displayName.trim(), m.email.split("@")[0] ?? ""].filter((name) => name !== "");

/**
 * Every mention in a comment, in reading order. A name matches whole (case-insensitive), not as the start
 * of a longer word, so "@Ann" does not mention "Anna"; names with spaces work because each member's name
 * is looked for. Where two names match at one @, the longer wins ("@Ann Lee" over "@Ann").
 */
export function mentionSpans(body: string, members: readonly Mentionable[]): MentionSpan[] {
  const found: MentionSpan[] = [];
  for (const m of members)
    for (const name of namesOf(m))
      for (const hit of body.matchAll(new RegExp(`(^|[^\\w@])(@${escapeRegExp(name)})(?![\\w-])`, "giu"))) {
        const start = hit.index + (hit[1]?.length ?? 0);
        found.push({ start, end: start + (hit[2]?.length ?? 0), memberId: m.id });
      }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: MentionSpan[] = [];
  for (const span of found) if (span.start >= (kept.at(-1)?.end ?? 0)) kept.push(span);
  return kept;
}

/** The members a comment mentions, each once. */
export function mentionedMembers(body: string, members: readonly Mentionable[]): string[] {
  const ids = new Set(mentionSpans(body, members).map((s) => s.memberId));
  return members.filter((m) => ids.has(m.id)).map((m) => m.id);
}
