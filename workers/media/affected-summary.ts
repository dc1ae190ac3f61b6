/** How a post that an action would affect is listed in a confirmation (media delete, account disconnect). */
export function affectedPostSummary(p: { id: string; content: string; status: string; scheduledAt: number | null }) {
  return {
    id: p.id,
    content: [...p.content].slice(0, 80).join(""),
    status: p.status,
    scheduledDate: p.scheduledAt === null ? null : new Date(p.scheduledAt).toISOString(),
  };
}

const posts = (n: number, kind: string) => `${n} ${kind} ${n === 1 ? "post" : "posts"}`;

/** The question DELETE /api/media/{id} asks when posts use the file: what happens to each kind of post. */
export function mediaDeleteWarning(pending: number, published: number): string {
  const held =
    "If you delete it, their channels are held (not published) until you choose new media or remove it. Delete it anyway?";
  if (published === 0) return `This media is used by ${posts(pending, "unpublished")}. ${held}`;
  const kept = `${published === 1 ? "the published post keeps" : "the published posts keep"} its thumbnail and details, the file itself is removed`;
  if (pending === 0)
    return `This media is used by ${posts(published, "published")}. If you delete it, ${kept}. Delete it anyway?`;
  return `This media is used by ${posts(pending, "unpublished")} and ${posts(published, "published")}. If you delete it, the unpublished posts' channels are held (not published) until you choose new media or remove it, and ${kept}. Delete it anyway?`;
}
