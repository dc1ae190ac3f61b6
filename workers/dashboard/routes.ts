import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { PLATFORMS } from "../platform-profile";
import { requirePermission } from "../tenancy/middleware";

const PostSummary = z.object({
  id: z.string(),
  _id: z.string(),
  content: z.string(),
  status: z.string().meta({ description: "the post's status; `held` when a channel is held (see holdReason)" }),
  holdReason: z.string().nullable(),
  hashtags: z.array(z.string()),
  scheduledDate: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
const n = z.number().nullable().meta({ description: "null when this part failed (see warnings)" });

export const DashboardData = z.object({
  stats: z.object({
    connectedPlatforms: n,
    totalFollowers: n,
    totalPosts: n,
    scheduledPosts: n.meta({ description: "scheduled posts that will go out on their own (held ones not counted)" }),
    heldPosts: n.meta({ description: "scheduled posts with a held channel: they wait for a reconnect or a fix" }),
    publishedPosts: n,
    mediaFiles: n,
    engagementRate: n,
  }),
  connectedAccounts: z.array(
    z.object({
      id: z.string(),
      platform: z.enum(PLATFORMS),
      username: z.string(),
      displayName: z.string(),
      status: z.string(),
      followerCount: z.number().nullable(),
    }),
  ),
  upcomingPosts: z.array(PostSummary),
  recentPosts: z.array(PostSummary),
  analyticsOverview: z
    .object({
      avgEngagementRate: z
        .number()
        .nullable()
        .meta({ description: "null when no network of the period's posts reports reach or impressions" }),
      totalReach: z.number(),
      totalLikes: z.number(),
      period: z.string(),
    })
    .nullable(),
  generatedAt: z.string(),
  warnings: z.array(z.object({ part: z.string(), message: z.string() })),
});

describeRoute({
  method: "get",
  path: "/api/dashboard",
  tag: "Dashboard",
  summary: "Stats, upcoming and recent posts, analytics overview (cached 30 s)",
  data: DashboardData,
});

export const dashboardRoutes = new Hono<SignedInEnv>().get("/", requirePermission("workspace.read"), async (c) => {
  const { workspace, auth } = c.var;
  const { data, cached } = await c.var.services.dashboard.read({
    workspaceId: workspace.id,
    userId: auth.user.id,
    timezone: workspace.timezone,
    moving: workspace.moving,
  });
  c.header("X-Cache", cached ? "HIT" : "MISS");
  return ok(c, data);
});
