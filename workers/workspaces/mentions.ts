/** A member as mentions know them: `@Display Name` or `@emailname` (the part before the @). */
export interface Mentionable {
  id: string;
  displayName: string;
  email: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The members a comment mentions. A name matches whole (case-insensitive), not as the start of a longer
 * word, so "@Ann" does not mention "Anna"; names with spaces work because each member's name is looked for.
 */
export function mentionedMembers(body: string, members: readonly Mentionable[]): string[] {
  const found = members.filter((m) =>
    [m.displayName.trim(), m.email.split("@")[0] ?? ""]
      .filter((name) => name !== "")
      .some((name) => new RegExp(`(^|[^\\w@])@${escapeRegExp(name)}(?![\\w-])`, "iu").test(body)),
  );
  return found.map((m) => m.id);
}
