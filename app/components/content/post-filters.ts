/** The Content Hub's post filters and the GET /api/posts query they make. Pure. */
export interface PostFilters {
  search: string;
  status: "" | "draft" | "scheduled" | "published" | "failed";
  platform: string;
  from: string;
  to: string;
}

export const NO_FILTERS: PostFilters = { search: "", status: "", platform: "", from: "", to: "" };

export const STATUS_OPTIONS = [
  { value: "", label: "All Posts" },
  { value: "draft", label: "Draft" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
  { value: "failed", label: "Failed" },
] as const;

export function postsQuery(f: PostFilters, limit = 100): string {
  const q = new URLSearchParams({ limit: String(limit) });
  if (f.search.trim()) q.set("search", f.search.trim());
  if (f.status) q.set("status", f.status);
  if (f.platform) q.set("platform", f.platform);
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  return q.toString();
}

export const hasFilters = (f: PostFilters) => Object.values(f).some((v) => v.trim() !== "");
