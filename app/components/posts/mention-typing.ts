import type { Mentionable } from "../../../workers/workspaces/index";

/** The @name being typed at the caret: where its @ is and what follows it so far. */
export interface MentionQuery {
  start: number;
  query: string;
}

/** A name being typed is at most this long (display names have spaces, so a space does not end it). */
const MAX_QUERY = 40;

/**
 * The mention the caret is in, or null. It starts at an @ that begins the text or follows a space or
 * punctuation (not "x@ann", an email) and runs to the caret on the same line.
 */
export function mentionAtCaret(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at < 0) return null;
  const query = before.slice(at + 1);
  if (query.length > MAX_QUERY || /[\n@]/.test(query) || /\s{2}/.test(query)) return null;
  if (at > 0 && /[\w@]/u.test(before[at - 1] ?? "")) return null;
  return { start: at, query };
}

/** Members whose display name or email name starts with what was typed (any word of the name, any case). */
export function mentionSuggestions<M extends Mentionable>(members: readonly M[], query: string, max = 6): M[] {
  const q = query.trim().toLowerCase();
  return members
    .filter((m) => {
      const name = m.displayName.toLowerCase();
      const handle = m.email.split("@")[0]?.toLowerCase() ?? "";
      return name.startsWith(q) || handle.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
    })
    .slice(0, max);
}

/** Replaces the typed `@que` with `@Display Name ` and says where the caret goes next. */
export function insertMention(
  text: string,
  caret: number,
  at: MentionQuery,
  member: Mentionable,
): { text: string; caret: number } {
  const mention = `@${member.displayName.trim()} `;
  const after = text.slice(caret).replace(/^ /, "");
  return { text: text.slice(0, at.start) + mention + after, caret: at.start + mention.length };
}
