import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { AnalyticsService, followersAt, loadAccounts, resolveRange } from "../analytics";
import type { Db } from "../db/client";
import { media, posts, postTargets } from "../db/schema/index";
import { invalidateDashboard, keepDashboard, keptDashboard } from "../http/dashboard-cache";
import type { MemberRef } from "../tenancy/membership";

/**
 * The workspace shown, in its timezone; the member viewing it (whose page views the analytics part reads). A
 * workspace being moved keeps no answer: its rows are being copied (ADR 082).
 */
export type DashboardViewer = MemberRef & { timezone: string; moving: boolean };

/** The dashboard of a workspace's services: read (kept or made) and forget (ADR 133). */
export const dashboardService = (db: Db, now: () => number) => ({
  /** The dashboard kept for 30 s, or made now; `kept` is its kept text when the session's batch read it. */
  read: (viewer: DashboardViewer, kept?: string | null) => cachedDashboard(db, viewer, now(), kept),
  /** Clears a workspace's kept dashboard: writes that change what it shows call this. */
  forget: (workspaceId: string) => invalidateDashboard(db, workspaceId),
});

/**
 * The kept dashboard of a workspace (in its timezone, shared by its members), or a fresh one, kept for 30 s. `kept`
 * is its kept text when the page's session batch already read it (ADR 133); undefined reads it here.
 */
export async function cachedDashboard(db: Db, viewer: DashboardViewer, now: number, kept?: string | null) {
  const text = kept === undefined ? await keptDashboard(db, viewer.workspaceId, now) : kept;
  if (text) return { data: JSON.parse(text) as Dashboard, cached: true };
  const data = await buildDashboard(db, viewer, now);
  // A dashboard with a failed part is not kept, so the next load tries again.
  if (!data.warnings.length && !viewer.moving) await keepDashboard(db, viewer.workspaceId, data, now);
  return { data, cached: false };
}

export type Dashboard = Awaited<ReturnType<typeof buildDashboard>>;

type PostRow = typeof posts.$inferSelect;

/**
 * The posts as the dashboard lists them. A post with a held channel is stored as `scheduled` (it still has to go
 * out), but it will not go out on its own: it shows `held` and why (the first held channel's reason).
 */
async function summaries(db: Db, rows: PostRow[]) {
  const held = rows.length
    ? await db
        .select({ postId: postTargets.postId, kind: postTargets.errorKind })
        .from(postTargets)
        .where(
          and(
            inArray(
              postTargets.postId,
              rows.map((p) => p.id),
            ),
            eq(postTargets.status, "held"),
          ),
        )
    : [];
  const holds = new Map(held.map((h) => [h.postId, h.kind]));
  return rows.map((p) => postSummary(p, holds.has(p.id) ? { reason: holds.get(p.id) ?? null } : null));
}

const postSummary = (p: PostRow, hold: { reason: string | null } | null) => ({
  id: p.id,
  _id: p.id,
  content: p.content.slice(0, 80),
  status: hold ? "held" : p.status,
  holdReason: hold?.reason ?? null,
  hashtags: p.hashtags,
  scheduledDate: p.scheduledAt ? new Date(p.scheduledAt).toISOString() : null,
  publishedAt: p.publishedAt ? new Date(p.publishedAt).toISOString() : null,
  createdAt: new Date(p.createdAt).toISOString(),
});

const heldTarget = sql`exists (select 1 from ${postTargets} where ${postTargets.postId} = ${posts.id} and ${postTargets.status} = 'held')`;

/** SPEC §2 Dashboard / §3 Dashboard data. Each part is fetched on its own; a failing part becomes a warning. */
export async function buildDashboard(db: Db, viewer: DashboardViewer, now: number) {
  const { workspaceId, timezone } = viewer;
  const range = resolveRange({ period: "30d", platforms: null }, now, timezone);
  const analytics = new AnalyticsService(db, viewer, timezone);
  const parts = {
    accounts: () => loadAccounts(db, workspaceId),
    followers: () => followersAt(db, workspaceId, now + 1, null),
    counts: () =>
      db
        .select({
          total: sql<number>`count(*)`,
          // A post with a held channel is stored as scheduled but will not go out on its own: counted apart.
          scheduled: sql<number>`coalesce(sum(case when ${posts.status} = 'scheduled' and not ${heldTarget} then 1 else 0 end), 0)`,
          held: sql<number>`coalesce(sum(case when ${posts.status} = 'scheduled' and ${heldTarget} then 1 else 0 end), 0)`,
          published: sql<number>`coalesce(sum(case when ${posts.status} in ('published', 'partially_published') then 1 else 0 end), 0)`,
        })
        .from(posts)
        .where(eq(posts.workspaceId, workspaceId))
        .then((r) => r[0]!),
    upcoming: () =>
      db.query.posts
        .findMany({
          where: and(
            eq(posts.workspaceId, workspaceId),
            // Waiting for approval is upcoming too; the list says which.
            inArray(posts.status, ["scheduled", "pending_approval"]),
            gt(posts.scheduledAt, now),
          ),
          orderBy: asc(posts.scheduledAt),
          limit: 5,
        })
        .then((r) => summaries(db, r)),
    recent: () =>
      db.query.posts
        .findMany({ where: eq(posts.workspaceId, workspaceId), orderBy: desc(posts.createdAt), limit: 5 })
        .then((r) => summaries(db, r)),
    overview: () => analytics.overview(range).then((o) => o.overview),
    mediaFiles: () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(media)
        .where(and(eq(media.workspaceId, workspaceId), isNull(media.deletedAt)))
        .then((r) => Number(r[0]!.n)),
  };
  const names = Object.keys(parts) as Array<keyof typeof parts>;
  const settled = await Promise.allSettled(names.map((n) => parts[n]()));
  const warnings: Array<{ part: string; message: string }> = [];
  const value = <K extends keyof typeof parts>(name: K): Awaited<ReturnType<(typeof parts)[K]>> | null => {
    const r = settled[names.indexOf(name)]!;
    if (r.status === "fulfilled") return r.value as Awaited<ReturnType<(typeof parts)[K]>>;
    console.warn(`dashboard part ${name} failed`, r.reason);
    warnings.push({ part: name, message: `Failed to load ${name}` });
    return null;
  };
  const accounts = value("accounts");
  const followers = value("followers");
  const counts = value("counts");
  const overview = value("overview");
  return {
    stats: {
      connectedPlatforms: accounts
        ? new Set(accounts.filter((a) => a.status === "connected").map((a) => a.platform)).size
        : null,
      totalFollowers: followers ? followers.reduce((s, f) => s + f.followers, 0) : null,
      totalPosts: counts ? Number(counts.total) : null,
      scheduledPosts: counts ? Number(counts.scheduled) : null,
      heldPosts: counts ? Number(counts.held) : null,
      publishedPosts: counts ? Number(counts.published) : null,
      mediaFiles: value("mediaFiles"),
      engagementRate: overview?.avgEngagementRate ?? null,
    },
    connectedAccounts: accounts ?? [],
    upcomingPosts: value("upcoming") ?? [],
    recentPosts: value("recent") ?? [],
    analyticsOverview: overview
      ? {
          avgEngagementRate: overview.avgEngagementRate,
          totalReach: overview.totalReach,
          totalLikes: overview.totalLikes,
          period: "30d",
        }
      : null,
    generatedAt: new Date(now).toISOString(),
    warnings,
  };
}
