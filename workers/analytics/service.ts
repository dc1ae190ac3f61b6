import { and, eq, sql } from "drizzle-orm";
import { batchReads } from "../db/batch-reads";
import type { Db } from "../db/client";
import { posts } from "../db/schema/index";
import { notFound } from "../errors";
import type { Platform } from "../platform-profile";
import type { MemberRef } from "../tenancy/membership";
import {
  followersAt,
  knownFollowersAt,
  lastSyncedAt,
  latestAudience,
  loadAccountSnapshots,
  loadAccounts,
} from "./account-reads";
import * as agg from "./aggregate";
import { bestTimesAnswer } from "./best-times-answers";
import { loadContentSums, loadPublishSamples } from "./content-rollup";
import { loadDailyEngagement } from "./engagement-reads";
import { followerGrowth } from "./growth";
import { loadTagSums } from "./hashtag-rollup";
import { dayBounds, daysBetween, localParts, type Range } from "./period";
import { loadPeriodSums } from "./period-sums";
import { loadComments, loadSnapshotDeltas, loadTargetRows } from "./post-reads";
import { topPostRows, topPostTargets } from "./top-post";

/**
 * Builds every analytics response from stored snapshots. One instance per request. Its reads go through
 * `batchReads`: the independent reads of a tab (a `Promise.all`, and what each issues before its first await)
 * travel as one D1 batch, one round trip instead of one each (ADR 023).
 */
export class AnalyticsService {
  private readonly db: Db;

  constructor(
    db: Db,
    /** The workspace whose data is read, and the viewer (whose own page views `userBehavior` shows). */
    private readonly scope: MemberRef,
    readonly timezone: string,
  ) {
    this.db = batchReads(db);
  }

  rangeInfo(r: Range) {
    return { period: r.period, start: iso(r.start), end: iso(r.end), timezone: r.timezone, platforms: r.platforms };
  }

  async overview(r: Range) {
    const previousRange = { ...r.previous, platforms: r.platforms };
    // ~30 independent statements, the top post's targets among them: one round trip for a period up to now.
    const [sums, prevSums, topTargets, accounts, followersNow, followersBefore, synced] = await Promise.all([
      loadPeriodSums(this.db, this.scope.workspaceId, r),
      loadPeriodSums(this.db, this.scope.workspaceId, previousRange),
      topPostTargets(this.db, this.scope.workspaceId, r),
      loadAccounts(this.db, this.scope.workspaceId, r.platforms),
      followersAt(this.db, this.scope.workspaceId, r.end, r.platforms),
      followersAt(this.db, this.scope.workspaceId, r.start, r.platforms),
      lastSyncedAt(this.db, this.scope.workspaceId),
    ]);
    const overview = agg.totalsOf(sums.accounts, sums.posts);
    const previous = agg.totalsOf(prevSums.accounts, prevSums.posts);
    const perAccount = Object.fromEntries(sums.accounts.map((a) => [a.accountId, agg.summaryOf([a], a.targets)]));
    const followersOf = new Map(followersNow.map((f) => [f.accountId, f.followers]));
    const totalFollowers = followersNow.reduce((s, f) => s + f.followers, 0);
    const previousFollowers = followersBefore.reduce((s, f) => s + f.followers, 0);
    // Only the top post's own targets are read in full, and ranked by the same function as before.
    const top = agg.topPost(topTargets)[0];
    return {
      range: this.rangeInfo(r),
      overview,
      previous,
      changes: {
        ...agg.changes(overview, previous),
        totalFollowers: agg.changePercent(totalFollowers, previousFollowers),
      },
      stats: { totalFollowers, previousFollowers },
      accounts: Object.fromEntries(
        accounts.map((a) => [
          a.id,
          {
            accountId: a.id,
            platform: a.platform,
            username: a.username,
            displayName: a.displayName,
            followers: followersOf.get(a.id) ?? 0,
            ...(perAccount[a.id] ?? emptySummary(a.platform)),
          },
        ]),
      ),
      topPerformingPost: top ? { ...top, publishedAt: iso(top.publishedAt) } : null,
      lastSyncedAt: synced ? iso(synced) : null,
    };
  }

  /** The period's first `limit` posts as the overview ranks its top post (the exports' "Top posts"). */
  async topPosts(r: Range, limit: number) {
    return agg.topPost(await topPostRows(this.db, this.scope.workspaceId, r, limit)).slice(0, limit);
  }

  async engagementTrends(r: Range) {
    const daily = await loadDailyEngagement(
      this.db,
      this.scope.workspaceId,
      r.platforms,
      dayBounds(r.start, r.end, r.timezone),
    );
    const trends = daily.map((d) => ({ ...d, engagement: d.likes + d.comments + d.shares }));
    const totals = trends.reduce(
      (t, d) => ({
        likes: t.likes + d.likes,
        comments: t.comments + d.comments,
        shares: t.shares + d.shares,
        engagement: t.engagement + d.engagement,
      }),
      {
        likes: 0,
        comments: 0,
        shares: 0,
        engagement: 0,
      },
    );
    return { range: this.rangeInfo(r), trends, totals };
  }

  async platformPerformance(r: Range) {
    return {
      range: this.rangeInfo(r),
      platforms: agg.platformSummaries((await loadPeriodSums(this.db, this.scope.workspaceId, r)).accounts),
    };
  }

  async contentPerformance(r: Range) {
    return {
      range: this.rangeInfo(r),
      contentTypes: agg.contentTypeSummaries(await loadContentSums(this.db, this.scope.workspaceId, r)),
      note: "Types come from each post's media: several items are a carousel, one image a single image, an Instagram video up to 90 s a reel; no media is text (video on YouTube).",
    };
  }

  async hashtagPerformance(r: Range) {
    return {
      range: this.rangeInfo(r),
      hashtags: agg.hashtagSummaries(await loadTagSums(this.db, this.scope.workspaceId, r)),
    };
  }

  async postingPatterns(r: Range) {
    return {
      range: this.rangeInfo(r),
      ...agg.postingPatterns(await loadPublishSamples(this.db, this.scope.workspaceId, r), this.timezone),
    };
  }

  /** Over everything the user ever published: the more history, the better the ranking. */
  async bestTimes(platform: Platform | null) {
    return bestTimesAnswer(this.db, this.scope.workspaceId, platform, this.timezone);
  }

  async audienceInsights(platforms: Platform[] | null) {
    const rows = await latestAudience(this.db, this.scope.workspaceId, platforms);
    return {
      accounts: rows.map((a) => ({
        accountId: a.accountId,
        platform: a.platform,
        username: a.username,
        displayName: a.displayName,
        takenAt: iso(a.takenAt),
        audience: a.data,
      })),
    };
  }

  async platformConnections() {
    const [accounts, followers] = await Promise.all([
      loadAccounts(this.db, this.scope.workspaceId),
      followersAt(this.db, this.scope.workspaceId, Number.MAX_SAFE_INTEGER, null),
    ]);
    const followersOf = new Map(followers.map((f) => [f.accountId, f.followers]));
    const byPlatform = new Map<
      Platform,
      { platform: Platform; connected: number; needsReconnect: number; followers: number }
    >();
    for (const a of accounts) {
      const e = byPlatform.get(a.platform) ?? { platform: a.platform, connected: 0, needsReconnect: 0, followers: 0 };
      if (a.status === "connected") e.connected += 1;
      else e.needsReconnect += 1;
      e.followers += followersOf.get(a.id) ?? 0;
      byPlatform.set(a.platform, e);
    }
    return { total: accounts.length, platforms: [...byPlatform.values()] };
  }

  async userBehavior(r: Range) {
    const rows = await this.db.all<{ path: string | null; createdAt: number }>(sql`
      select path, created_at as createdAt from events
      where user_id = ${this.scope.userId} and name = 'page_view' and created_at >= ${r.start} and created_at < ${r.end}`);
    const paths = new Map<string, number>();
    const daily = new Map(daysBetween(r.start, r.end, r.timezone).map((d) => [d, 0]));
    for (const e of rows) {
      const path = (e.path ?? "/").split("?")[0]!;
      paths.set(path, (paths.get(path) ?? 0) + 1);
      const day = localParts(e.createdAt, r.timezone).day;
      if (daily.has(day)) daily.set(day, daily.get(day)! + 1);
    }
    return {
      range: this.rangeInfo(r),
      totalPageViews: rows.length,
      paths: [...paths]
        .map(([path, views]) => ({ path, views }))
        .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path)),
      daily: [...daily].map(([date, views]) => ({ date, views })),
    };
  }

  /** AI assistant calls in the period, from the ai_usage log. */
  async aiUsage(r: Range) {
    const rows = await this.db.all<{
      feature: string;
      success: number;
      promptTokens: number | null;
      completionTokens: number | null;
      createdAt: number;
    }>(sql`
      select feature, success, prompt_tokens as promptTokens, completion_tokens as completionTokens, created_at as createdAt from ai_usage
      where workspace_id = ${this.scope.workspaceId} and created_at >= ${r.start} and created_at < ${r.end}`);
    const features = new Map<string, { feature: string; requests: number; successful: number; tokens: number }>();
    const daily = new Map(daysBetween(r.start, r.end, r.timezone).map((d) => [d, 0]));
    for (const u of rows) {
      const f = features.get(u.feature) ?? { feature: u.feature, requests: 0, successful: 0, tokens: 0 };
      f.requests += 1;
      f.successful += u.success ? 1 : 0;
      f.tokens += (u.promptTokens ?? 0) + (u.completionTokens ?? 0);
      features.set(u.feature, f);
      const day = localParts(u.createdAt, r.timezone).day;
      if (daily.has(day)) daily.set(day, daily.get(day)! + 1);
    }
    return {
      range: this.rangeInfo(r),
      totalRequests: rows.length,
      successfulRequests: rows.filter((u) => u.success).length,
      byFeature: [...features.values()].sort((a, b) => b.requests - a.requests || a.feature.localeCompare(b.feature)),
      daily: [...daily].map(([date, requests]) => ({ date, requests })),
    };
  }

  async growth(r: Range) {
    const [baselines, snaps] = await Promise.all([
      knownFollowersAt(this.db, this.scope.workspaceId, r.start, r.platforms),
      loadAccountSnapshots(this.db, this.scope.workspaceId, r),
    ]);
    const g = followerGrowth(baselines, snaps, r, daysBetween(r.start, r.end, r.timezone));
    return {
      range: this.rangeInfo(r),
      ...g,
      platforms: g.platforms.map((p) => ({ ...p, since: iso(p.since) })),
      unfollowRate: null,
      since: g.since === null ? null : iso(g.since),
    };
  }

  async account(accountId: string, r: Range) {
    const accounts = await loadAccounts(this.db, this.scope.workspaceId);
    const account = accounts.find((a) => a.id === accountId);
    if (!account) throw notFound();
    const scoped = { ...r, platforms: null };
    const [sums, now, before, history] = await Promise.all([
      loadPeriodSums(this.db, this.scope.workspaceId, scoped),
      followersAt(this.db, this.scope.workspaceId, r.end, [account.platform]),
      followersAt(this.db, this.scope.workspaceId, r.start, [account.platform]),
      loadAccountSnapshots(this.db, this.scope.workspaceId, scoped, accountId),
    ]);
    const current = now.find((f) => f.accountId === accountId)?.followers ?? 0;
    const previous = before.find((f) => f.accountId === accountId)?.followers ?? 0;
    const own = sums.accounts.find((a) => a.accountId === accountId);
    return {
      range: this.rangeInfo(r),
      account: {
        accountId,
        platform: account.platform,
        username: account.username,
        displayName: account.displayName,
        followers: current,
        ...(own ? agg.summaryOf([own], own.targets) : emptySummary(account.platform)),
      },
      followers: { current, previous, change: agg.changePercent(current, previous) },
      history: history.map((h) => ({
        takenAt: iso(h.takenAt),
        followers: h.followers,
        reach: h.reach,
        impressions: h.impressions,
        profileViews: h.profileViews,
      })),
    };
  }

  /** A published post's analytics over all time; 404 for drafts, unpublished and other users' posts. */
  async post(postId: string, now: number) {
    const post = await this.db.query.posts.findFirst({
      where: and(eq(posts.id, postId), eq(posts.workspaceId, this.scope.workspaceId)),
    });
    if (!post) throw notFound();
    const all = { start: 0, end: now + 1, platforms: null };
    const rows = await loadTargetRows(this.db, this.scope.workspaceId, all, postId);
    if (!rows.length) throw notFound();
    const [deltas, comments, syncedAt] = await Promise.all([
      loadSnapshotDeltas(this.db, this.scope.workspaceId, all, postId),
      loadComments(this.db, this.scope.workspaceId, postId),
      this.db.all<{ targetId: string; at: number }>(
        sql`select target_id as targetId, max(taken_at) as at from post_metric_snapshots where workspace_id = ${this.scope.workspaceId} and post_id = ${postId} group by target_id`,
      ),
    ]);
    const whole = agg.summaryOf(rows, rows.length);
    const syncedOf = new Map(syncedAt.map((s) => [s.targetId, s.at]));
    const platformPerformance = rows.map((row) => {
      const s = agg.byAccount([row])[row.accountId]!;
      const at = syncedOf.get(row.targetId);
      return {
        platform: row.platform,
        accountId: row.accountId,
        targetId: row.targetId,
        syncedAt: at ? iso(at) : null,
        ...s,
      };
    });
    const best = [...platformPerformance].sort((a, b) => b.engagement - a.engagement || b.reach - a.reach)[0];
    const first = Math.min(...rows.map((row) => row.publishedAt));
    const lastSynced = syncedAt.length ? Math.max(...syncedAt.map((x) => x.at)) : null;
    return {
      analytics: {
        postId,
        lastSyncedAt: lastSynced === null ? null : iso(lastSynced),
        engagementBreakdown: {
          likes: whole.likes,
          comments: whole.comments,
          shares: whole.shares,
          saves: whole.saves,
          clicks: whole.clicks,
        },
        totalEngagement: whole.engagement,
        reach: whole.reach,
        impressions: whole.impressions,
        avgEngagementRate: whole.engagementRate,
        rateLeavesOut: whole.rateLeavesOut,
        platformPerformance,
        bestPerformingPlatform: best && best.engagement > 0 ? best.platform : null,
        timeline: agg.dailyTrends(deltas, first, now + 1, this.timezone),
      },
      comments: comments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    };
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
/** An account without published targets in the period: zeros, and its network's rate of nothing (0, or not reported). */
const emptySummary = (platform: Platform) => agg.summaryOf([{ platform, ...agg.sumMetrics([]) }], 0);
