import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { brandService } from "../branding";
import { postTargets } from "../db/schema/index";
import { notFound } from "../errors";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { parseOrThrow } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { CONTENT_TYPES } from "./export/formats";
import { periodQuery, platformsParam } from "./period";
import { rebuildRollups } from "./rollups";
import * as S from "./schemas";
import { AnalyticsService } from "./service";
import { type SyncResult, syncAccount } from "./sync";
import { rangeFromQuery, syncOutcome, syncWorkspace } from "./sync-workspace";

const tag = "Analytics";
const get = <D extends z.ZodType>(
  path: string,
  summary: string,
  data: D,
  query: z.ZodType = periodQuery,
  description?: string,
) => describeRoute({ method: "get", path: `/api/analytics${path}`, tag, summary, data, query, description });

export const docs = {
  overview: get(
    "/overview",
    "KPIs, per-account metrics, change vs the previous period and the top post",
    S.OverviewData,
  ),
  post: get(
    "/posts/{id}",
    "One published post's analytics and synced comments (404 for drafts)",
    S.PostAnalyticsData,
    z.object({}),
  ),
  account: get("/account/{id}", "One connected account's metrics and follower history", S.AccountAnalyticsData),
  trends: get("/engagement-trends", "Likes, comments and shares received per day", S.TrendsData),
  platforms: get("/platform-performance", "Totals per platform", S.PlatformPerformanceData),
  content: get("/content-performance", "Performance by content type", S.ContentPerformanceData),
  ai: get("/ai-usage", "AI assistant usage", S.AiUsageData),
  behavior: get("/user-behavior", "Page views per path and day", S.UserBehaviorData),
  connections: get(
    "/platform-connections",
    "Connected accounts by platform and status",
    S.PlatformConnectionsData,
    z.object({}),
  ),
  hashtags: get("/hashtag-performance", "Per-hashtag impressions, reach, posts and engagement", S.HashtagData),
  patterns: get("/posting-patterns", "Engagement by weekday and hour in the user's timezone", S.PostingPatternsData),
  audience: get(
    "/audience-insights",
    "Latest audience snapshot per account",
    S.AudienceData,
    z.object({ platforms: platformsParam }),
  ),
  growth: get("/growth", "Followers per day and platform, growth rate", S.GrowthData),
  bestTimes: get(
    "/best-times",
    "Best times to post (the user's own data, else SPEC suggestions)",
    S.BestTimesData,
    S.bestTimesQuery,
  ),
  export: describeRoute({
    method: "get",
    path: "/api/analytics/export",
    tag,
    summary: "Download a report as CSV, XLSX (a sheet per tab) or PDF",
    query: S.exportQuery.extend({
      period: z.string().optional(),
      startDate: z.string().optional(),
      endDate: z.string().optional(),
      platforms: z.string().optional(),
    }),
    file: Object.values(CONTENT_TYPES),
  }),
  syncAll: describeRoute({
    method: "post",
    path: "/api/analytics/sync-all",
    tag,
    summary: "Sync all the caller's accounts now",
    query: S.syncAllQuery,
    errors: [502],
    data: S.SyncData,
  }),
  rebuildRollups: describeRoute({
    method: "post",
    path: "/api/analytics/rollups/rebuild",
    tag,
    summary: "Recompute the workspace's analytics rollups from its stored snapshots (repair; ADR 023)",
    data: S.RollupRebuildData,
  }),
  syncPost: describeRoute({
    method: "post",
    path: "/api/analytics/posts/{id}/sync",
    tag,
    summary: "Sync one published post now",
    errors: [502],
    data: S.SyncData,
  }),
};

type Ctx = Context<SignedInEnv>;

/** The workspace's analytics, shown in the viewer's own timezone. */
function analyticsService(c: Ctx) {
  return new AnalyticsService(c.var.services.db, viewerOf(c), c.var.auth.user.timezone);
}

const viewerOf = (c: Ctx) => ({
  workspaceId: c.var.workspace.id,
  userId: c.var.auth.user.id,
  timezone: c.var.auth.user.timezone,
});

/** The period and platform filter of a request, resolved in the caller's timezone. */
const rangeOf = (c: Ctx) => rangeFromQuery(c.req.query(), c.var.services.now(), c.var.auth.user.timezone);

function syncAnswer(c: Context, results: SyncResult[]) {
  const { summary, message } = syncOutcome(results);
  return ok(c, summary, message);
}

export const analyticsRoutes = new Hono<SignedInEnv>()
  .get("/overview", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).overview(rangeOf(c))),
  )
  .get("/engagement-trends", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).engagementTrends(rangeOf(c))),
  )
  .get("/platform-performance", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).platformPerformance(rangeOf(c))),
  )
  .get("/content-performance", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).contentPerformance(rangeOf(c))),
  )
  .get("/hashtag-performance", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).hashtagPerformance(rangeOf(c))),
  )
  .get("/posting-patterns", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).postingPatterns(rangeOf(c))),
  )
  .get("/growth", requirePermission("workspace.read"), async (c) => ok(c, await analyticsService(c).growth(rangeOf(c))))
  .get("/user-behavior", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).userBehavior(rangeOf(c))),
  )
  .get("/ai-usage", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).aiUsage(rangeOf(c))),
  )
  .get("/platform-connections", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).platformConnections()),
  )
  .get("/audience-insights", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).audienceInsights(rangeOf(c).platforms)),
  )
  .get("/best-times", requirePermission("workspace.read"), async (c) => {
    const { platform } = parseOrThrow(S.bestTimesQuery, c.req.query());
    return ok(c, await analyticsService(c).bestTimes(platform ?? null));
  })
  .get("/account/:id", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).account(c.req.param("id"), rangeOf(c))),
  )
  .get("/posts/:id", requirePermission("workspace.read"), async (c) =>
    ok(c, await analyticsService(c).post(c.req.param("id"), c.var.services.now())),
  )
  .get("/export", requirePermission("workspace.read"), async (c) => {
    const { format, report, view } = parseOrThrow(S.exportQuery, c.req.query());
    const range = rangeOf(c);
    const { renderReport, fileResponse } = await import("./export/render");
    const look = {
      people: c.var.services.people,
      brand: () => brandService(c.var.services).forReport(c.var.workspace),
      bucket: c.env.MEDIA,
    };
    const file = await renderReport(c.var.services.db, viewerOf(c), range, report, format, look);
    return fileResponse(file, view === "inline");
  })
  .post("/sync-all", requirePermission("analytics.manage"), async (c) => {
    const { days } = parseOrThrow(S.syncAllQuery, c.req.query());
    const { summary, message } = await syncWorkspace(c.var.services, c.var.workspace.id, days);
    return ok(c, summary, message);
  })
  .post("/rollups/rebuild", requirePermission("analytics.manage"), async (c) =>
    ok(c, await rebuildRollups(c.var.services.db, c.var.workspace.id), "Analytics rollups rebuilt."),
  )
  .post("/posts/:id/sync", requirePermission("analytics.manage"), async (c) => {
    const { db } = c.var.services;
    const targets = await db
      .select({ id: postTargets.id, accountId: postTargets.accountId })
      .from(postTargets)
      .where(
        and(
          eq(postTargets.postId, c.req.param("id")),
          eq(postTargets.workspaceId, c.var.workspace.id),
          eq(postTargets.status, "published"),
        ),
      );
    if (!targets.length) throw notFound();
    const deps = c.var.services.analyticsDeps();
    const results: SyncResult[] = [];
    for (const accountId of new Set(targets.map((t) => t.accountId))) {
      const r = await syncAccount(accountId, deps, {
        targetIds: targets.filter((t) => t.accountId === accountId).map((t) => t.id),
      });
      if (r) results.push(r);
    }
    return syncAnswer(c, results);
  });
