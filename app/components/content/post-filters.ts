/**
 * The Content Hub's post filters: the URL's (?search=&status=&platform=&label=&from=&to=) and the GET /api/posts
 * query they make. Pure.
 */
export interface PostFilters {
  search: string;
  status: "" | "draft" | "scheduled" | "published" | "failed";
  platform: string;
  /** A label's id (ADR 094): only the posts carrying it. */
  label: string;
  from: string;
  to: string;
}

export const NO_FILTERS: PostFilters = { search: "", status: "", platform: "", label: "", from: "", to: "" };

export const STATUS_OPTIONS = [
  { value: "", label: "All Posts" },
  { value: "draft", label: "Draft" },
  { value: "scheduled", label: "Scheduled" },
  { value: "published", label: "Published" },
  { value: "failed", label: "Failed" },
] as const;

/** The filters that are set, as search parameters (an empty one is no filter, as a plain GET form sends it). */
function filterParams(f: PostFilters, q = new URLSearchParams()): URLSearchParams {
  if (f.search.trim()) q.set("search", f.search.trim());
  if (f.status) q.set("status", f.status);
  if (f.platform) q.set("platform", f.platform);
  if (f.label) q.set("label", f.label);
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  return q;
}

/** The hub lists posts by the date each card shows, latest first (issue 42: not by when they were written). */
export const postsQuery = (f: PostFilters, limit = 100): string =>
  filterParams(f, new URLSearchParams({ limit: String(limit), sort: "date" })).toString();

/** The Content Hub's URL showing these filters. */
export function filtersHref(f: PostFilters): string {
  const query = filterParams(f).toString();
  return query ? `/content?${query}` : "/content";
}

/** The filters a URL names; a status the hub does not offer is none (the API checks platform and dates). */
export function filtersOf(params: URLSearchParams): PostFilters {
  const get = (name: string) => params.get(name) ?? "";
  const status = STATUS_OPTIONS.find((o) => o.value === get("status"))?.value ?? "";
  return {
    search: get("search"),
    status,
    platform: get("platform"),
    label: get("label"),
    from: get("from"),
    to: get("to"),
  };
}

export const hasFilters = (f: PostFilters) => Object.values(f).some((v) => v.trim() !== "");
