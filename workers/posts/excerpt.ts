/** The first words of a post, for notices and the activity log. */
export function excerpt(content: string, max = 60): string {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
