/** How a post that an action would affect is listed in a confirmation (media delete, account disconnect). */
export function affectedPostSummary(p: { id: string; content: string; status: string; scheduledAt: number | null }) {
  return {
    id: p.id,
    content: [...p.content].slice(0, 80).join(""),
    status: p.status,
    scheduledDate: p.scheduledAt === null ? null : new Date(p.scheduledAt).toISOString(),
  };
}
