import { z } from "zod";
import { POST_STATUSES } from "../db/schema/posts";
import { PLATFORMS } from "../platform-profile";
import { localDayBounds } from "./schedule-time";

const day = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "Please enter a valid date range." });

/**
 * GET /api/posts: page, limit ≤ 100, status, platform, from/to (a local day in the workspace's zone, or an instant), search,
 * label, sort.
 */
export const listPostsSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100, "You can list at most 100 posts at a time.").default(50),
  status: z.enum(POST_STATUSES).optional(),
  platform: z.enum(PLATFORMS).optional(),
  from: day.optional(),
  to: day.optional(),
  search: z.string().trim().max(200).optional(),
  /** A label's id (ADR 094): only posts carrying it. */
  label: z.string().trim().min(1).max(100).optional(),
  /** `created`: newest created first (the default); `date`: by the date a post shows, latest first (the hub's). */
  sort: z.enum(["created", "date"], { error: "Sort by created or date." }).default("created"),
});

export interface ListPostsQuery {
  page: number;
  limit: number;
  status?: (typeof POST_STATUSES)[number];
  platform?: (typeof PLATFORMS)[number];
  /** Inclusive lower and exclusive upper bound of the date shown for a post (published, else scheduled, else created). */
  from?: number;
  to?: number;
  search?: string;
  label?: string;
  sort?: "created" | "date";
}

/** A `from`/`to` that is a date without a time: a day in the zone `toListQuery` is given (the pages: the user's). */
export const isLocalDay = (v: string | undefined) => v?.length === 10;

/** A date-only `from` starts that local day; a date-only `to` includes that whole local day. */
export function toListQuery(raw: z.output<typeof listPostsSchema>, timeZone: string): ListPostsQuery {
  const bound = (v: string | undefined, edge: "start" | "end") =>
    v === undefined ? undefined : isLocalDay(v) ? localDayBounds(v, timeZone)?.[edge] : Date.parse(v);
  return { ...raw, from: bound(raw.from, "start"), to: bound(raw.to, "end"), search: raw.search || undefined };
}
