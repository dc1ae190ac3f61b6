import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { media, postMedia } from "../../db/schema/index";
import type { Range } from "../period";
import type { AnalyticsService } from "../service";
import { platformName } from "./network-names";
import { imageOf, type ReportBrand, type ReportImage, type ReportStory } from "./report-story";

const TOP_POSTS = 5;
const day = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric" }).format(new Date(ms));

/** Each post's first picture (its thumbnail, else the image itself) as PNG/JPEG bytes; others are left out. */
async function thumbnails(db: Db, bucket: R2Bucket | null, workspaceId: string, postIds: string[]) {
  const out = new Map<string, ReportImage>();
  if (!bucket || !postIds.length) return out;
  const rows = await db
    .select({ postId: postMedia.postId, key: media.key, thumbKey: media.thumbKey, fileType: media.fileType })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(and(inArray(postMedia.postId, postIds), eq(postMedia.position, 0), eq(media.workspaceId, workspaceId)));
  await Promise.all(
    rows.map(async (r) => {
      const key = r.thumbKey ?? (r.fileType === "image" ? r.key : null);
      const object = key ? await bucket.get(key) : null;
      const image = object ? imageOf(new Uint8Array(await object.arrayBuffer())) : null;
      if (image) out.set(r.postId, image);
    }),
  );
  return out;
}

/** The figures the PDF's cover and charts show, from the same service calls the Analytics page answers with. */
export async function buildStory(
  deps: { db: Db; bucket: R2Bucket | null; workspaceId: string; analytics: AnalyticsService },
  range: Range,
  brand: ReportBrand,
): Promise<ReportStory> {
  const { analytics } = deps;
  const [o, trends, platforms, patterns, top] = await Promise.all([
    analytics.overview(range),
    analytics.engagementTrends(range),
    analytics.platformPerformance(range),
    analytics.postingPatterns(range),
    analytics.topPosts(range, TOP_POSTS),
  ]);
  const images = await thumbnails(
    deps.db,
    deps.bucket,
    deps.workspaceId,
    top.map((p) => p.postId),
  );
  const kpi = (label: string, key: keyof typeof o.overview & keyof typeof o.changes, suffix?: string) => ({
    label,
    value: o.overview[key],
    change: o.changes[key],
    suffix,
  });
  return {
    brand,
    period: `${day(range.start, range.timezone)} - ${day(range.end - 1, range.timezone)} (${range.timezone})${range.platforms ? `, ${range.platforms.map(platformName).join(", ")}` : ""}`,
    kpis: [
      kpi("Posts published", "totalPosts"),
      kpi("Engagement", "totalEngagement"),
      kpi("Engagement rate", "avgEngagementRate", "%"),
      kpi("Reach", "totalReach"),
      kpi("Impressions", "totalImpressions"),
      { label: "Followers", value: o.stats.totalFollowers, change: o.changes.totalFollowers },
    ],
    trend: trends.trends.map((t) => ({ date: t.date, value: t.engagement })),
    networks: platforms.platforms.map((p) => ({ name: platformName(p.platform), value: p.engagement })),
    weekdays: patterns.weekdays.map((w) => ({ day: w.day, value: w.engagement, bestHour: w.bestHour })),
    topPosts: top.map((p) => ({
      text: p.content,
      networks: p.platforms.map(platformName).join(", "),
      engagement: p.totalEngagement,
      reach: p.reach,
      thumbnail: images.get(p.postId) ?? null,
    })),
  };
}
