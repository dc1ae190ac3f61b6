import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { media, postMedia, postMetricSnapshots, postMetricsCurrent, posts, postTargets } from "../db/schema/index";
import { call } from "../test/helpers";
import { dbOf, drizzleOf } from "../test/shards";
import { withWallClockAhead } from "../test/wall-clock";
import {
  byAccount,
  byPlatform,
  contentTypes,
  hashtags,
  postingPatterns,
  publishSamples,
  topPost,
  totals,
} from "./aggregate";
import { bestTimes } from "./best-times";
import {
  day,
  expectRollupsExact,
  FIXTURE_YEAR,
  type Fixture,
  noonDaysAgo,
  overTenDays,
  PERIOD,
  publishMany,
  publishMeasured,
  rollupsAndRecomputation,
  SPRING_FORWARD,
  seedFixture,
  utc,
} from "./fixture.test-helper";
import { loadTargetRows } from "./post-reads";
import { DAY_MS, HOUR_MS } from "./rollup-ranges";
import { RETENTION_DAYS, rebuildRollups, runRetention } from "./rollups";
import { topPostRows, topPostTargets } from "./top-post";

/** mulberry32: a seeded generator, so a failing sequence replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every tab read from rollups answers what ADR 008's definitions give computed from scratch over each target
 * and its latest snapshot (`loadTargetRows`), for a period ending now and a past one.
 */
async function expectTabsExact({ db, a, ids }: Fixture) {
  for (const period of ["period=1y", PERIOD]) {
    const overview = await call<"GET /api/analytics/overview">(`/api/analytics/overview?${period}`, { token: a.token });
    expect(overview.status).toBe(200);
    const { start, end } = overview.body.data.range;
    const range = { start: Date.parse(start), end: Date.parse(end), platforms: null };
    const rows = await loadTargetRows(db, a.user.id, range);
    expect(overview.body.data.topPerformingPost?.postId ?? null).toBe(topPost(rows)[0]?.postId ?? null);
    // Under a platform filter (one platform, several) the top post ranks the filtered targets only.
    for (const platforms of [
      ["instagram"],
      ["facebook"],
      ["instagram", "facebook"],
      ["facebook", "linkedin"],
    ] as const) {
      const filtered = await call<"GET /api/analytics/overview">(
        `/api/analytics/overview?${period}&platforms=${platforms.join(",")}`,
        {
          token: a.token,
        },
      );
      expect(filtered.status).toBe(200);
      const own = await loadTargetRows(db, a.user.id, { ...range, platforms: [...platforms] });
      expect(filtered.body.data.topPerformingPost?.postId ?? null, platforms.join(",")).toBe(
        topPost(own)[0]?.postId ?? null,
      );
    }
    // The exports' "Top posts" (a period ending now ranks only candidates) under no, one and several platforms.
    for (const filter of [null, ["instagram"], ["instagram", "facebook"]] as const) {
      const scoped = { ...range, platforms: filter && [...filter] };
      const all = topPost(filter ? await loadTargetRows(db, a.user.id, scoped) : rows);
      for (const k of [2, 10])
        expect(topPost(await topPostRows(db, a.user.id, scoped, k)).slice(0, k), `${period} ${filter} ${k}`).toEqual(
          all.slice(0, k),
        );
    }
    // The Hashtags tab (from the rollup for a period ending now) under no, one and several platforms.
    for (const filter of [null, ["instagram"], ["facebook", "linkedin"]] as const) {
      const tags = await call<"GET /api/analytics/hashtag-performance">(
        `/api/analytics/hashtag-performance?${period}${filter ? `&platforms=${filter.join(",")}` : ""}`,
        { token: a.token },
      );
      expect(tags.status).toBe(200);
      const own = filter ? await loadTargetRows(db, a.user.id, { ...range, platforms: [...filter] }) : rows;
      expect(tags.body.data.hashtags, `${period} ${filter}`).toEqual(hashtags(own));
    }
    // The Content and Posting patterns tabs (from rollups for a period ending now) under no, one and several platforms.
    for (const filter of [null, ["instagram"], ["facebook", "linkedin"]] as const) {
      const query = `${period}${filter ? `&platforms=${filter.join(",")}` : ""}`;
      const own = filter ? await loadTargetRows(db, a.user.id, { ...range, platforms: [...filter] }) : rows;
      const content = await call<"GET /api/analytics/content-performance">(
        `/api/analytics/content-performance?${query}`,
        { token: a.token },
      );
      expect(content.status).toBe(200);
      expect(content.body.data.contentTypes, `${period} ${filter}`).toEqual(contentTypes(own));
      const patterns = await call<"GET /api/analytics/posting-patterns">(`/api/analytics/posting-patterns?${query}`, {
        token: a.token,
      });
      expect(patterns.status).toBe(200);
      const { range: _, ...tab } = patterns.body.data;
      expect(tab, `${period} ${filter}`).toEqual(postingPatterns(publishSamples(own), tab.timezone));
    }
    const platforms = await call<"GET /api/analytics/platform-performance">(
      `/api/analytics/platform-performance?${period}`,
      { token: a.token },
    );
    expect(platforms.body.data.platforms).toEqual(byPlatform(rows));
    for (const id of [ids.ig, ids.fb, ids.li]) {
      const account = await call<"GET /api/analytics/account/:id">(`/api/analytics/account/${id}?${period}`, {
        token: a.token,
      });
      expect(account.status).toBe(200);
      expect(account.body.data.account).toMatchObject(byAccount(rows)[id] ?? { posts: 0, engagement: 0 });
    }
  }
  // Best times (over all history) from the quarter-hour rollup rank what every target with metrics gives.
  const everything = await loadTargetRows(db, a.user.id, { start: 0, end: Date.now() + 1, platforms: null });
  for (const platform of [null, "instagram", "facebook", "linkedin"] as const) {
    const best = await call<"GET /api/analytics/best-times">(
      `/api/analytics/best-times?${platform ? `platform=${platform}` : ""}`,
      { token: a.token },
    );
    expect(best.status).toBe(200);
    expect(best.body.data).toEqual(bestTimes(everything, best.body.data.timezone, platform));
  }
}

let fx: Fixture;
beforeAll(async () => {
  fx = await seedFixture();
});

describe("analytics rollups (ADR 023)", () => {
  it("equal a from-scratch recomputation after random syncs, out-of-order and redelivered snapshots, publishes, deletes and retention", async () => {
    const { db, a } = fx;
    const ws = a.user.id;
    await expectRollupsExact(db, ws);
    const next = random(18);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const targets = () =>
      db
        .select()
        .from(postTargets)
        .where(and(eq(postTargets.workspaceId, ws), eq(postTargets.status, "published")));
    // Tags as users type them (case, #, spaces, repeats); "CAFÉ" and "café" differ in SQL's ASCII lower() and
    // meet in the reader. A post never holds both of those (their rollup rows would count it twice).
    const TAGS = [["growth", "#Growth", " GROWTH "], ["tips", "Tips"], ["café", "CAFÉ"], ["news"], [""]];
    const someTags = () => {
      const list = TAGS.flatMap((variants) =>
        next() < 0.4 ? [pick(variants), ...(next() < 0.3 ? [pick(variants)] : [])] : [],
      );
      return list.includes("café") ? list.filter((t) => t !== "CAFÉ") : list;
    };
    // The library: two images, an Instagram-reel-length video, a long one and one of unknown length.
    const library = [
      ["image", null],
      ["image", null],
      ["video", 60],
      ["video", 200],
      ["video", null],
    ] as const;
    const mediaIds = library.map(() => crypto.randomUUID());
    await db.insert(media).values(
      library.map(([kind, duration], i) => ({
        id: mediaIds[i]!,
        workspaceId: ws,
        userId: ws,
        key: `media/${ws}/${mediaIds[i]}`,
        originalName: "f",
        filename: "f",
        displayName: "f",
        fileType: kind,
        mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
        format: kind === "image" ? "jpg" : "mp4",
        size: 1,
        duration,
      })),
    );
    /** A random set of media for a post (often none), in the order the composer saves it. */
    const someMedia = () => mediaIds.filter(() => next() < 0.25);
    const attach = (postId: string, ids: string[]) =>
      ids.length ? db.insert(postMedia).values(ids.map((mediaId, position) => ({ postId, mediaId, position }))) : null;
    for (let step = 0; step < 60; step++) {
      const roll = next();
      if (roll < 0.5) {
        // A sync: a snapshot at any time of the month, so some arrive out of order.
        const t = pick(await targets());
        const g = 1 + Math.floor(next() * 50);
        await db.insert(postMetricSnapshots).values({
          id: crypto.randomUUID(),
          targetId: t.id,
          postId: t.postId,
          accountId: t.accountId,
          workspaceId: ws,
          platform: t.platform,
          takenAt: utc(1 + Math.floor(next() * 19), Math.floor(next() * 24), Math.floor(next() * 60)),
          impressions: 10 * g,
          reach: 8 * g,
          likes: g,
          comments: Math.floor(g / 2),
          shares: Math.floor(g / 3),
          saves: 1,
          clicks: 2,
          videoViews: g,
        });
      } else if (roll < 0.65) {
        // A redelivered sync message: the same measurement appended again.
        const [s] = await db.all<typeof postMetricSnapshots.$inferSelect>(
          sql`select * from post_metric_snapshots where workspace_id = ${ws} order by random() limit 1`,
        );
        const copy = await db
          .select()
          .from(postMetricSnapshots)
          .where(eq(postMetricSnapshots.id, (s as { id: string }).id));
        await db.insert(postMetricSnapshots).values({ ...copy[0]!, id: crypto.randomUUID() });
      } else if (roll < 0.8) {
        // A publish: a new post goes out on one of the accounts.
        const t = pick(await targets());
        const postId = crypto.randomUUID();
        await db.insert(posts).values({
          id: postId,
          workspaceId: ws,
          userId: ws,
          content: "More",
          hashtags: someTags(),
          status: "published",
          timezone: "UTC",
        });
        await attach(postId, someMedia());
        const at = utc(1 + Math.floor(next() * 19), Math.floor(next() * 24), 15 * Math.floor(next() * 4));
        await db.insert(postTargets).values({
          id: crypto.randomUUID(),
          postId,
          workspaceId: ws,
          platform: t.platform,
          accountId: t.accountId,
          status: "scheduled",
          dueAt: at,
        });
        // Half go out on a second account too, some on another day (multi-platform and split posts).
        const other = pick(await targets());
        if (next() < 0.5 && other.accountId !== t.accountId)
          await db.insert(postTargets).values({
            id: crypto.randomUUID(),
            postId,
            workspaceId: ws,
            platform: other.platform,
            accountId: other.accountId,
            status: "scheduled",
            dueAt: next() < 0.5 ? at : at + Math.floor(next() * 3) * DAY_MS + 3_600_000,
          });
        await db
          .update(postTargets)
          .set({ status: "published", publishedAt: sql`${postTargets.dueAt}` })
          .where(eq(postTargets.postId, postId));
      } else if (roll < 0.86) {
        // A media edit moves the post's targets between content types: the composer replaces the post's list,
        // a library edit changes a video's length (a reel no longer), or a media item is deleted.
        const postId = pick(await targets()).postId;
        const change = next();
        if (change < 0.6) {
          await db.delete(postMedia).where(eq(postMedia.postId, postId));
          await attach(postId, someMedia());
        } else if (change < 0.8)
          await db
            .update(media)
            .set({ duration: pick([45, 90, 91, 300]) })
            .where(eq(media.id, mediaIds[2]!));
        else {
          // One more item appended, or one removed.
          const held = (await db.select().from(postMedia).where(eq(postMedia.postId, postId))).map((m) => m.mediaId);
          const mediaId = pick(mediaIds);
          if (held.includes(mediaId))
            await db.delete(postMedia).where(and(eq(postMedia.postId, postId), eq(postMedia.mediaId, mediaId)));
          else await db.insert(postMedia).values({ postId, mediaId, position: held.length });
        }
      } else if (roll < 0.92) {
        // A hashtag edit moves the post's figures from its old tags to its new ones.
        await db
          .update(posts)
          .set({ hashtags: someTags() })
          .where(eq(posts.id, pick(await targets()).postId));
      } else {
        // A deleted post takes its targets, snapshots and current rows with it.
        const list = await targets();
        if (list.length > 3) await db.delete(posts).where(eq(posts.id, pick(list).postId));
      }
      // The retention job runs mid-sequence (snapshots before Jan 8 go), and syncs keep arriving after it.
      if (step === 40) await runRetention(db, utc(8, 0) + RETENTION_DAYS * DAY_MS);
      if (step % 30 === 29) {
        await expectRollupsExact(db, ws);
        await expectTabsExact(fx);
      }
    }
    // A media item deleted from the library leaves the posts that used it (a cascade through post_media).
    await db.delete(media).where(eq(media.id, mediaIds[3]!));
    await expectRollupsExact(db, ws);
    await expectTabsExact(fx);
    // Another workspace's rollups are untouched by all of it.
    await expectRollupsExact(await drizzleOf(fx.b.user.id), fx.b.user.id);
    // Hundreds of random syncs through the real triggers: seconds alone, more beside the journeys (ADR 097).
  }, 120_000);

  it("the repair route rebuilds the caller's workspace exactly, and only the caller's", async () => {
    const { db, a, b } = fx;
    await db.run(sql`update post_metrics_daily set likes = likes + 1000 where workspace_id = ${a.user.id}`);
    await db.run(sql`update post_engagement_daily set likes = '[]' where workspace_id = ${a.user.id}`);
    await db.run(sql`update post_engagement_daily_total set shares = '[]' where workspace_id = ${a.user.id}`);
    await db.run(sql`update post_best_times_daily set posts = '[]' where workspace_id = ${a.user.id}`);
    await db.run(sql`delete from post_best_times_weekly where workspace_id = ${a.user.id}`);
    await db.run(sql`update post_metrics_weekly set reach = reach + 7 where workspace_id = ${a.user.id}`);
    await db.run(sql`delete from post_metrics_post_weekly where workspace_id = ${a.user.id}`);
    await db.run(sql`update post_hashtag_daily set reach = reach + 5 where workspace_id = ${a.user.id}`);
    await db.run(sql`delete from post_hashtag_weekly where workspace_id = ${a.user.id}`);
    await db.run(sql`update post_content_daily set targets = targets + 3 where workspace_id = ${a.user.id}`);
    await db.run(sql`delete from post_content_weekly where workspace_id = ${a.user.id}`);
    await db.run(sql`update post_published_daily set targets = '[]' where workspace_id = ${a.user.id}`);
    await db.run(sql`update post_published_daily_total set engagement = '[]' where workspace_id = ${a.user.id}`);
    const bDb = await drizzleOf(b.user.id);
    const bBefore = await rollupsAndRecomputation(bDb, b.user.id);

    const res = await call<"POST /api/analytics/rollups/rebuild">("/api/analytics/rollups/rebuild", {
      method: "POST",
      token: a.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Analytics rollups rebuilt." });
    expect(res.body.data.metricDays).toBeGreaterThan(0);
    expect(res.body.data.engagementDays).toBeGreaterThan(0);
    await expectRollupsExact(db, a.user.id);
    expect(await rollupsAndRecomputation(bDb, b.user.id)).toEqual(bBefore);
  });

  it("a post on two platforms, or on two days, wins the top post under a filter though it tops none of its days", async () => {
    const { db, a, ids } = fx;
    const ws = a.user.id;
    const accounts = { instagram: ids.ig, facebook: ids.fb } as const;
    /** A published post with one target per [platform, publish time, likes], each measured an hour later. */
    const publish = async (targets: Array<[keyof typeof accounts, number, number]>) => {
      const postId = crypto.randomUUID();
      await db.insert(posts).values({
        id: postId,
        workspaceId: ws,
        userId: ws,
        content: "x",
        hashtags: [],
        status: "published",
        timezone: "UTC",
      });
      for (const [platform, at, likes] of targets) {
        const targetId = crypto.randomUUID();
        const target = { postId, workspaceId: ws, platform, accountId: accounts[platform] };
        await db
          .insert(postTargets)
          .values({ ...target, id: targetId, status: "published", dueAt: at, publishedAt: at });
        await db.insert(postMetricSnapshots).values({
          ...target,
          id: crypto.randomUUID(),
          targetId,
          takenAt: at + 3_600_000,
          impressions: 0,
          reach: 0,
          likes: likes * 1000,
          comments: 0,
          shares: 0,
          saves: 0,
          clicks: 0,
          videoViews: 0,
        });
      }
      return postId;
    };
    // Three days in a row inside the last year, whatever the day: "10", "11" and "12".
    const feb = (d: number) => noonDaysAgo(60) + (d - 10) * DAY_MS;
    const both = await publish([
      ["instagram", feb(10), 10],
      ["facebook", feb(10), 10],
    ]);
    const igBest = await publish([["instagram", feb(10), 15]]);
    await publish([["facebook", feb(10), 15]]);
    const twoDays = await publish([
      ["instagram", feb(11), 9],
      ["instagram", feb(12), 9],
    ]);
    const top = async (platforms: string) =>
      (
        await call<"GET /api/analytics/overview">(`/api/analytics/overview?period=1y&platforms=${platforms}`, {
          token: a.token,
        })
      ).body.data.topPerformingPost?.postId;
    expect(await top("instagram,facebook")).toBe(both);
    expect(await top("instagram")).toBe(twoDays);
    expect(await top("facebook")).not.toBe(both);
    expect(igBest).not.toBe(twoDays);
    await expectRollupsExact(db, ws);
  });

  it("the repair route is refused without a session", async () => {
    const res = await call<"POST /api/analytics/rollups/rebuild">("/api/analytics/rollups/rebuild", { method: "POST" });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe("snapshot retention (ADR 023)", () => {
  let r: Awaited<ReturnType<typeof seedFixture>>;
  beforeAll(async () => {
    r = await seedFixture();
  });

  it("deletes snapshots past the horizon except each target's current one; trends, totals and rollups are unchanged", async () => {
    const { db, a } = r;
    const ws = a.user.id;
    const trends = () =>
      call<"GET /api/analytics/engagement-trends">(`/api/analytics/engagement-trends?${PERIOD}`, { token: a.token });
    const overview = () => call<"GET /api/analytics/overview">(`/api/analytics/overview?${PERIOD}`, { token: a.token });
    const totals = async () =>
      db.all(sql`select platform, sum(j.value) as n from post_engagement_daily e, json_each(e.likes) j
        where e.workspace_id = ${ws} group by platform order by platform`);
    // The Content and Posting patterns tabs of a period ending now (from rollups).
    const tabs = async () => [
      (
        await call<"GET /api/analytics/content-performance">("/api/analytics/content-performance?period=1y", {
          token: a.token,
        })
      ).body.data.contentTypes,
      (
        await call<"GET /api/analytics/posting-patterns">("/api/analytics/posting-patterns?period=1y", {
          token: a.token,
        })
      ).body.data.grid,
    ];
    const tabsBefore = await tabs();
    const [trendsBefore, overviewBefore, totalsBefore] = [await trends(), await overview(), await totals()];
    const countBefore = await db.$count(postMetricSnapshots, eq(postMetricSnapshots.workspaceId, ws));

    // Now is 90 days after Jan 9: snapshots before Jan 9 00:00 UTC expire, in batches of 2.
    const now = utc(9, 7) + RETENTION_DAYS * DAY_MS;
    let deleted = 0;
    for (let run = 0; run < 100; run++) {
      const out = await runRetention(db, now, 2);
      expect(out.horizon).toBe(utc(9, 0));
      deleted += out.deleted;
      if (!out.deleted) break;
    }
    // A's Jan 5 snapshot of T1 and Jan 2 snapshot of T6 go (their later ones stay current); B's and the rest stay.
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await db.$count(postMetricSnapshots, eq(postMetricSnapshots.workspaceId, ws))).toBe(countBefore - 2);
    const old = await db.all(sql`select s.id from post_metric_snapshots s where s.taken_at < ${utc(9, 0)}
      and not exists (select 1 from post_metrics_current c where c.snapshot_id = s.id)`);
    expect(old).toEqual([]);
    expect(await db.$count(postMetricsCurrent, eq(postMetricsCurrent.workspaceId, ws))).toBe(7);

    expect(await totals()).toEqual(totalsBefore);
    const [trendsAfter, overviewAfter] = [await trends(), await overview()];
    expect(trendsAfter.status).toBe(200);
    expect(trendsAfter.body.data).toEqual(trendsBefore.body.data);
    expect(overviewAfter.body.data.overview).toEqual(overviewBefore.body.data.overview);
    expect(await tabs()).toEqual(tabsBefore);
    await expectRollupsExact(db, ws);
    await expectTabsExact(r);
    // The cron's next run finds nothing more to do.
    expect((await runRetention(db, now)).deleted).toBe(0);
  });
});

describe("best times from the rollup (ADR 023)", () => {
  it("rank what every target with metrics gives, across a DST change, after redeliveries and a rebuild", async () => {
    const { db, a } = await seedFixture();
    const ws = a.user.id;
    const next = random(24);
    const [t] = await db.select().from(postTargets).where(eq(postTargets.workspaceId, ws)).limit(1);
    // The two weeks around New York's move to daylight time, so the same UTC hour is two local hours.
    for (let i = 0; i < 14; i++) {
      const postId = crypto.randomUUID();
      const at = Date.UTC(
        FIXTURE_YEAR,
        2,
        SPRING_FORWARD - 7 + Math.floor(next() * 14),
        Math.floor(next() * 24),
        15 * Math.floor(next() * 4),
      );
      await db.insert(posts).values({
        id: postId,
        workspaceId: ws,
        userId: ws,
        content: "x",
        hashtags: [],
        status: "published",
        timezone: "UTC",
      });
      const targetId = crypto.randomUUID();
      await db.insert(postTargets).values({
        id: targetId,
        postId,
        workspaceId: ws,
        platform: t!.platform,
        accountId: t!.accountId,
        status: "published",
        dueAt: at,
        publishedAt: at,
      });
      const g = 1 + Math.floor(next() * 40);
      const snapshot = {
        targetId,
        postId,
        accountId: t!.accountId,
        workspaceId: ws,
        platform: t!.platform,
        takenAt: at + 3_600_000,
        impressions: g,
        reach: g,
        likes: g,
        comments: g % 5,
        shares: g % 3,
        saves: 0,
        clicks: 0,
        videoViews: 0,
      };
      await db.insert(postMetricSnapshots).values({ ...snapshot, id: crypto.randomUUID() });
      // A redelivery of the same measurement changes nothing.
      if (next() < 0.5) await db.insert(postMetricSnapshots).values({ ...snapshot, id: crypto.randomUUID() });
    }
    const expected = async (timezone = "America/New_York") =>
      bestTimes(await loadTargetRows(db, ws, { start: 0, end: Date.now() + 1, platforms: null }), timezone, null);
    const best = await call<"GET /api/analytics/best-times">("/api/analytics/best-times", { token: a.token });
    expect(best.status).toBe(200);
    expect(best.body.data.timezone).toBe("America/New_York");
    expect(best.body.data.source).toBe("computed");
    expect(best.body.data).toEqual(await expected());
    await expectRollupsExact(db, ws);
    // The weekly rows fold per offset (ADR 023): the same ranking in half-hour, 45-minute and half-hour-DST zones.
    for (const timezone of ["Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "America/New_York"]) {
      const put = await call<"PUT /api/users/timezone">("/api/users/timezone", {
        method: "PUT",
        token: a.token,
        body: { timezone },
      });
      expect(put.status).toBe(200);
      const again = await call<"GET /api/analytics/best-times">("/api/analytics/best-times", { token: a.token });
      expect(again.body.data, timezone).toEqual(await expected(timezone));
    }

    await db.run(sql`delete from post_best_times_weekly where workspace_id = ${ws}`);
    expect(
      (
        await call<"POST /api/analytics/rollups/rebuild">("/api/analytics/rollups/rebuild", {
          method: "POST",
          token: a.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call<"GET /api/analytics/best-times">("/api/analytics/best-times", { token: a.token })).body.data,
    ).toEqual(await expected());
  });
});

describe("the overview's round trips (ADR 023)", () => {
  it("are a few batches whatever the period, the filter or the data", async () => {
    const fx = await seedFixture();
    const { a } = fx;
    const request = async (query: string) => {
      const res = await call<"GET /api/analytics/overview">(`/api/analytics/overview?${query}`, { token: a.token });
      expect(res.status).toBe(200);
      // The bench splits a slow request into D1's wall time and the rest, and names its longest D1 call.
      const timing =
        /^app;dur=([\d.]+), d1;dur=([\d.]+), sql;dur=([\d.]+), d1-slowest;dur=([\d.]+);desc="(SELECT|WITH|batch of \d+: )[^"]*"$/i.exec(
          res.headers.get("Server-Timing") ?? "",
        );
      expect(timing, "Server-Timing").not.toBeNull();
      const [app, d1, sqlMs, longest] = [1, 2, 3, 4].map((i) => Number(timing![i]));
      expect(d1).toBeGreaterThan(0);
      expect(d1).toBeLessThanOrEqual(app!);
      // D1's own SQL time and the longest call are part of its wall time (rounded to a tenth on each side).
      expect(sqlMs).toBeLessThanOrEqual(d1! + 0.2);
      expect(longest).toBeGreaterThan(0);
      expect(longest).toBeLessThanOrEqual(d1! + 0.2);
      return { trips: Number(res.headers.get("X-D1-Round-Trips")), data: res.body.data };
    };
    const queries = ["period=7d", "period=30d", "period=1y", "period=1y&platforms=instagram,facebook", PERIOD];
    const before = await Promise.all(queries.map(request));
    // 200 more Instagram posts across the year, measured.
    await publishMany(fx, 200, { at: (i) => Date.now() - (i + 1) * 1.7 * DAY_MS });
    const after = await Promise.all(queries.map(request));
    // One D1 statement a round trip was 22-27 (two periods' sums, the top post's checks, accounts, followers).
    for (const [i, r] of before.entries()) expect(r.trips, queries[i]).toBeLessThanOrEqual(4);
    expect(after.map((r) => r.trips)).toEqual(before.map((r) => r.trips));
    expect(after[2]!.data.overview.totalPosts).toBeGreaterThan(before[2]!.data.overview.totalPosts);
  });
});

describe("the Hashtags tab from the rollup (ADR 039)", () => {
  it("reads rows in proportion to days × platforms × tags, not to targets, and answers what every target gives", async () => {
    const fx = await seedFixture();
    const { db, a } = fx;
    const ws = a.user.id;
    const request = async () => {
      const res = await call<"GET /api/analytics/hashtag-performance">("/api/analytics/hashtag-performance?period=1y", {
        token: a.token,
      });
      expect(res.status).toBe(200);
      const { start, end } = res.body.data.range;
      const range = { start: Date.parse(start), end: Date.parse(end), platforms: null };
      return { read: Number(res.headers.get("X-D1-Rows-Read")), hashtags: res.body.data.hashtags, range };
    };
    const rollupRows = async () => db.$count(sql`post_hashtag_daily`, sql`workspace_id = ${ws}`);
    const [before, rowsBefore] = [await request(), await rollupRows()];
    expect(before.read).toBeGreaterThan(0);

    // 300 Instagram posts over ten February days, each tagged #alpha #beta and measured an hour later.
    await publishMany(fx, 300, { hashtags: ["alpha", "#Beta"] });

    const after = await request();
    const added = (await rollupRows()) - rowsBefore;
    expect(added).toBe(20);
    // Ten days × one platform × two tags more daily rows (fewer read: Feb 12-18 is one whole week's row per tag;
    // D1 counts a few reads per rollup row), not 300 targets (several rows read each: ~1,500).
    expect(after.read - before.read).toBeLessThanOrEqual(3 * added);
    expect(after.hashtags).toEqual(hashtags(await loadTargetRows(db, ws, after.range)));
    expect(after.hashtags.find((h) => h.tag === "#alpha")).toMatchObject({ posts: 300, engagement: 1200 });
  });
});

describe("the Content and Posting patterns tabs from rollups (ADR 023)", () => {
  const addMedia = async (fx: Fixture, kind: "image" | "video", duration: number | null) => {
    const id = crypto.randomUUID();
    await fx.db.insert(media).values({
      id,
      workspaceId: fx.a.user.id,
      userId: fx.a.user.id,
      key: `media/${id}`,
      originalName: "f",
      filename: "f",
      displayName: "f",
      fileType: kind,
      mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
      format: kind === "image" ? "jpg" : "mp4",
      size: 1,
      duration,
    });
    return id;
  };
  const content = async (fx: Fixture, period = "period=1y") => {
    const res = await call<"GET /api/analytics/content-performance">(`/api/analytics/content-performance?${period}`, {
      token: fx.a.token,
    });
    expect(res.status).toBe(200);
    const { start, end } = res.body.data.range;
    const range = { start: Date.parse(start), end: Date.parse(end), platforms: null };
    return { read: Number(res.headers.get("X-D1-Rows-Read")), types: res.body.data.contentTypes, range };
  };
  const patterns = async (fx: Fixture, period = "period=1y") => {
    const res = await call<"GET /api/analytics/posting-patterns">(`/api/analytics/posting-patterns?${period}`, {
      token: fx.a.token,
    });
    expect(res.status).toBe(200);
    const { range, ...tab } = res.body.data;
    const r = { start: Date.parse(range.start), end: Date.parse(range.end), platforms: null };
    return { read: Number(res.headers.get("X-D1-Rows-Read")), tab, range: r };
  };

  it("attaching and removing media moves a post's targets between content types", async () => {
    const fx = await seedFixture();
    const { db } = fx;
    const ws = fx.a.user.id;
    const [reel, image] = [await addMedia(fx, "video", 30), await addMedia(fx, "image", null)];
    await publishMany(fx, 1);
    const [post] = await db.all<{ id: string }>(
      sql`select post_id as id from post_targets where workspace_id = ${ws} and published_at = ${overTenDays()(0)}`,
    );
    const typeOf = async () => {
      const { types, range } = await content(fx);
      expect(types).toEqual(contentTypes(await loadTargetRows(db, ws, range)));
      return types.map((t) => [t.type, t.count]);
    };
    const before = await typeOf();
    expect(before).toContainEqual(["text", expect.any(Number)]);
    const textCount = before.find(([t]) => t === "text")![1] as number;
    await db.insert(postMedia).values({ postId: post!.id, mediaId: reel, position: 0 });
    expect(await typeOf()).toContainEqual(["reel", 1]);
    await db.insert(postMedia).values({ postId: post!.id, mediaId: image, position: 1 });
    expect(await typeOf()).toContainEqual(["carousel", 1]);
    await db.delete(postMedia).where(and(eq(postMedia.postId, post!.id), eq(postMedia.mediaId, image)));
    // The library says the video is longer than a reel after all.
    await db.update(media).set({ duration: 120 }).where(eq(media.id, reel));
    expect(await typeOf()).toContainEqual(["video", 1]);
    await db.delete(media).where(eq(media.id, reel));
    expect(await typeOf()).toContainEqual(["text", textCount]);
    await expectRollupsExact(db, ws);
  });

  it("posting patterns are exact in a half-hour-offset zone and across a DST change", async () => {
    const fx = await seedFixture();
    // Around the clock over ten days in March, New York's move to daylight time the sixth of them.
    await publishMany(fx, 40, { at: overTenDays(Date.UTC(FIXTURE_YEAR, 2, SPRING_FORWARD - 5, 0)) });
    await publishMany(fx, 40, { at: overTenDays(Date.UTC(FIXTURE_YEAR, 2, SPRING_FORWARD - 5, 13, 30)) });
    // In the quarter-hour holding "now" (read per target: the period's end cuts it) and the one before (rollup).
    const slot = Date.now() - (Date.now() % 900_000);
    for (const at of [slot, slot - 840_000]) {
      const [postId, targetId] = [crypto.randomUUID(), crypto.randomUUID()];
      const target = { postId, workspaceId: fx.a.user.id, platform: "instagram" as const, accountId: fx.ids.ig };
      await fx.db.insert(posts).values({
        id: postId,
        workspaceId: fx.a.user.id,
        userId: fx.a.user.id,
        content: "x",
        hashtags: [],
        status: "published",
        timezone: "UTC",
      });
      await fx.db
        .insert(postTargets)
        .values({ ...target, id: targetId, status: "published", dueAt: at, publishedAt: at });
      await fx.db.insert(postMetricSnapshots).values({
        ...target,
        id: crypto.randomUUID(),
        targetId,
        takenAt: at,
        impressions: 5,
        reach: 5,
        likes: 7,
        comments: 0,
        shares: 0,
        saves: 0,
        clicks: 0,
        videoViews: 0,
      });
    }
    for (const timezone of ["Asia/Kolkata", "Asia/Kathmandu", "America/New_York", "Europe/Berlin"]) {
      const put = await call<"PUT /api/users/timezone">("/api/users/timezone", {
        method: "PUT",
        token: fx.a.token,
        body: { timezone },
      });
      expect(put.status).toBe(200);
      for (const period of ["period=1y", "period=30d", PERIOD]) {
        const { tab, range } = await patterns(fx, period);
        expect(tab.timezone).toBe(timezone);
        expect(tab, `${timezone} ${period}`).toEqual(
          postingPatterns(publishSamples(await loadTargetRows(fx.db, fx.a.user.id, range)), timezone),
        );
      }
    }
  });

  it("read rows in proportion to rollup rows, not to targets", async () => {
    const fx = await seedFixture();
    const ws = fx.a.user.id;
    const video = await addMedia(fx, "video", 300);
    const count = (table: string) => fx.db.$count(sql.raw(table), sql`workspace_id = ${ws}`);
    const rollupRows = async () => ({
      content: (await count("post_content_daily")) + (await count("post_content_weekly")),
      // Without a filter the tab reads one row a day, both platform rollups' total (ADR 137).
      patterns: await count("post_published_daily_total"),
    });
    const [c0, p0, r0] = [await content(fx), await patterns(fx), await rollupRows()];
    // 300 Instagram video posts over ten February days.
    await publishMany(fx, 300, { mediaIds: [video] });
    const [c1, p1, r1] = [await content(fx), await patterns(fx), await rollupRows()];
    expect(r1.content - r0.content).toBeGreaterThan(0);
    expect(c1.types).toEqual(contentTypes(await loadTargetRows(fx.db, ws, c1.range)));
    expect(c1.types.find((t) => t.type === "video")).toMatchObject({ count: 300, avgEngagement: 4, avgReach: 10 });
    expect(p1.tab).toEqual(postingPatterns(publishSamples(await loadTargetRows(fx.db, ws, p1.range)), p1.tab.timezone));
    // Per target these would read several rows each (~1,500 more); from the rollups, a few per rollup row added
    // (measured: content +4 rows read for +12 rollup rows, patterns +10 for +10).
    expect(c1.read - c0.read).toBeLessThanOrEqual(3 * (r1.content - r0.content));
    expect(p1.read - p0.read).toBeLessThanOrEqual(3 * (r1.patterns - r0.patterns));
  });
});

describe("the rollups' triggers on a publish (migration 0031)", () => {
  it("read the published post's targets, not every target the workspace ever published", async () => {
    const { db, a, ids } = await seedFixture();
    const ws = a.user.id;
    const at = Date.UTC(FIXTURE_YEAR, 2, 3, 9);
    /** A scheduled target of a new post, as the publisher finds it before its publish call. */
    const scheduled = async () => {
      const postId = crypto.randomUUID();
      const id = crypto.randomUUID();
      await db
        .insert(posts)
        .values({ id: postId, workspaceId: ws, userId: ws, content: "x", status: "scheduled", timezone: "UTC" });
      await db.insert(postTargets).values({
        id,
        postId,
        workspaceId: ws,
        platform: "instagram",
        accountId: ids.ig,
        status: "scheduled",
        dueAt: at,
      });
      return id;
    };
    /** D1's rows read by the status update that marks it published, triggers included. */
    const publishRead = async (id: string) => {
      const res = await (await dbOf(ws))
        .prepare("update post_targets set status = 'published', published_at = ?1 where id = ?2")
        .bind(at, id)
        .run();
      return res.meta.rows_read;
    };
    const first = await publishRead(await scheduled());

    // 300 more published posts in the workspace's history.
    const statements = [];
    for (let i = 0; i < 300; i++) {
      const postId = crypto.randomUUID();
      const when = Date.UTC(FIXTURE_YEAR, 1, 1 + (i % 25), 12, i % 60);
      statements.push(
        db
          .insert(posts)
          .values({ id: postId, workspaceId: ws, userId: ws, content: "x", status: "published", timezone: "UTC" }),
        db.insert(postTargets).values({
          id: crypto.randomUUID(),
          postId,
          workspaceId: ws,
          platform: "instagram",
          accountId: ids.ig,
          status: "published",
          dueAt: when,
          publishedAt: when,
        }),
      );
    }
    for (let i = 0; i < statements.length; i += 150)
      await db.batch(statements.slice(i, i + 150) as [(typeof statements)[number]]);

    // Before migrations 0031 and 0032 each publish read all of them, twice: the top post's subqueries took the
    // workspace's published-targets index, and post_platform_daily was found by workspace (platform comes first).
    expect(await publishRead(await scheduled())).toBeLessThan(first + 30);
    await expectRollupsExact(db, ws);
  });
});

describe("a period's partial days at its edges (ADR 023)", () => {
  const expectExact = async (fx: Fixture, period: string) => {
    const overview = await call<"GET /api/analytics/overview">(`/api/analytics/overview?${period}`, {
      token: fx.a.token,
    });
    expect(overview.status).toBe(200);
    const { start, end } = overview.body.data.range;
    const rows = await loadTargetRows(fx.db, fx.a.user.id, {
      start: Date.parse(start),
      end: Date.parse(end),
      platforms: null,
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(overview.body.data.topPerformingPost?.postId ?? null, period).toBe(topPost(rows)[0]?.postId ?? null);
    const platforms = await call<"GET /api/analytics/platform-performance">(
      `/api/analytics/platform-performance?${period}`,
      { token: fx.a.token },
    );
    expect(platforms.body.data.platforms, period).toEqual(byPlatform(rows));
    for (const id of [fx.ids.ig, fx.ids.fb]) {
      const account = await call<"GET /api/analytics/account/:id">(`/api/analytics/account/${id}?${period}`, {
        token: fx.a.token,
      });
      expect(account.body.data.account, period).toMatchObject(byAccount(rows)[id]!);
    }
  };

  it("an edge longer than the rest of its UTC day is the day's rollup less the rest, past periods included", async () => {
    const fx = await seedFixture();
    const put = await call<"PUT /api/users/timezone">("/api/users/timezone", {
      method: "PUT",
      token: fx.a.token,
      body: { timezone: "America/Los_Angeles" },
    });
    expect(put.status).toBe(200);
    // The data set's January 20-22 around the clock; Los Angeles' midnight is 08:00 UTC, so a period's first UTC day is a
    // 16-hour edge whose 8-hour rest holds posts too. Half are measured again after the periods end (figures ×10).
    for (let h = 0; h < 72; h += 1)
      await publishMeasured(fx, utc(20, h, 7 + (h % 2)), 1 + ((h * 7) % 13), h % 2 ? utc(25, 0) : undefined);
    for (const period of [`startDate=${day(20)}&endDate=${day(20)}`, `startDate=${day(20)}&endDate=${day(21)}`])
      await expectExact(fx, period);
  });

  it("a period ending now takes the rest of a taken edge's UTC day out of the hashtag and content rollups", async () => {
    const fx = await seedFixture();
    const now = Date.now();
    // "30d" is [now − 30 days, now): before 12:00 UTC its first edge is taken (the rest of that day before it holds these
    // hourly posts), after it its last (the rest of today holds a post published after now, measured before now).
    for (let h = 0; h < 96; h += 1)
      await publishMeasured(
        fx,
        now - 32 * DAY_MS + h * 3_600_000 + (h % 2) * 60_000,
        1 + ((h * 5) % 11),
        undefined,
        now - 1_000,
      );
    await publishMeasured(fx, now + 60_000, 7, undefined, now - 1_000);
    const content = await call<"GET /api/analytics/content-performance">(
      "/api/analytics/content-performance?period=30d",
      {
        token: fx.a.token,
      },
    );
    const tags = await call<"GET /api/analytics/hashtag-performance">("/api/analytics/hashtag-performance?period=30d", {
      token: fx.a.token,
    });
    expect([content.status, tags.status]).toEqual([200, 200]);
    const { start, end } = content.body.data.range;
    const rows = await loadTargetRows(fx.db, fx.a.user.id, {
      start: Date.parse(start),
      end: Date.parse(end),
      platforms: null,
    });
    expect(rows.length).toBeGreaterThan(20);
    expect(content.body.data.contentTypes).toEqual(contentTypes(rows));
    expect(tags.body.data.hashtags).toEqual(hashtags(rows));
    await expectExact(fx, "period=30d");
  });

  it("the top post of a period ending now is exact, also beside a post published after now", async () => {
    const fx = await seedFixture();
    const now = Date.now();
    // Measured before now, so nothing was measured after the period (a period ending now ranks candidates).
    for (let i = 1; i <= 6; i++)
      await publishMeasured(fx, now - i * 600_000 - (i % 2) * 60_000, 20 - i, undefined, now - 1_000);
    await expectExact(fx, "period=30d");
    // A post published after now (a clock ahead) with more engagement than any: the day is no longer the edge.
    await publishMeasured(fx, now + 120_000, 1_000, undefined, now - 1_000);
    await expectExact(fx, "period=30d");
    // The ranking's statement is rendered once per shape (ADR 048): a period with one partial day, then two with two
    // (the same text bound to other bounds), each as its own targets give. In April of the data set's year, after
    // its last snapshot and before these posts': each period ends at its `now`, so it ranks candidates.
    const at = (h: number) => utc(98, h);
    for (const [h, likes] of [
      [18, 8],
      [60, 5],
      [138, 30],
    ])
      await publishMeasured(fx, at(h), likes);
    for (const [start, end, top] of [
      [at(0), at(132), at(18)],
      [at(12), at(140), at(138)],
      [at(12), at(136), at(18)],
    ] as const) {
      const range = { start, end, platforms: null, now: end };
      const ranked = topPost(await topPostTargets(fx.db, fx.a.user.id, range))[0];
      expect(ranked, `${start}-${end}`).toEqual(topPost(await loadTargetRows(fx.db, fx.a.user.id, range))[0]);
      expect(ranked?.publishedAt).toBe(top);
    }
  });

  // A year's edges from the hourly rollup at the worst hour (migration 0076).
  /** Runs `test` with the wall clock (the Worker's too: they share the isolate) at 12:20 UTC of the suite's today. */
  const atTwelveTwenty = (test: () => Promise<void>) =>
    withWallClockAhead(12 * HOUR_MS + 20 * 60_000 - (Date.now() % DAY_MS), test);

  it("reads per target only the hours its cuts fall in, and answers what every target gives", () =>
    atTwelveTwenty(async () => {
      const fx = await seedFixture();
      const ws = fx.a.user.id;
      /** Rows read by the year's platform performance and Instagram account page (period sums only). */
      const sumsRead = async () => {
        const platforms = await call<"GET /api/analytics/platform-performance">(
          "/api/analytics/platform-performance?period=1y",
          { token: fx.a.token },
        );
        const account = await call<"GET /api/analytics/account/:id">(`/api/analytics/account/${fx.ids.ig}?period=1y`, {
          token: fx.a.token,
        });
        expect([platforms.status, account.status]).toEqual([200, 200]);
        return [platforms, account].map((res) => Number(res.headers.get("X-D1-Rows-Read")));
      };
      const overview = async () => {
        const res = await call<"GET /api/analytics/overview">("/api/analytics/overview?period=1y", {
          token: fx.a.token,
        });
        expect(res.status).toBe(200);
        return res.body.data;
      };
      const { start, end } = (await overview()).range;
      const range = { start: Date.parse(start), end: Date.parse(end) };
      // The year and the one before it cut the UTC day of its start at 12:2x (the test's own time added): the day's two
      // sides about equal, the hour at which the per-day reads were longest (min(h, 24 − h) hours of targets per edge).
      expect([range.start % DAY_MS, range.end % DAY_MS].map((t) => Math.floor(t / 600_000))).toEqual([74, 74]);
      const edgeDay = range.start - (range.start % DAY_MS);
      const today = range.end - (range.end % DAY_MS);
      /**
       * `n` posts in every hour of the edge day and of today before now (odd minutes: Facebook), measured a minute later
       * and half of them again just before now: nothing is measured after the year, so it reads from the rollups (the
       * year before it is a past period, whose rollup spans are taken back to its end).
       */
      const fill = async (n: number) => {
        for (const from of [edgeDay, today])
          for (let h = 0; h < 24; h++)
            for (let i = 0; i < n; i++) {
              const at = from + h * HOUR_MS + 5 * 60_000 + i * 30 * 60_000 + (h % 2) * 60_000;
              if (at < range.end - 2 * 60_000)
                await publishMeasured(
                  fx,
                  at,
                  1 + ((h * 7 + i) % 13),
                  i % 2 ? range.end - 1_000 : undefined,
                  at + 60_000,
                );
            }
      };
      await fill(1);
      const once = await sumsRead();
      await fill(2);
      const twice = await sumsRead();
      // Twice the posts in every hour of both edge days (same accounts and hours: no hourly row more) read per target only
      // the cut hours' shorter sides, 12:00-12:20 of the edge day and of today: 2 posts more, +10 rows read. Read by the
      // day's sides (~11 h 40 of posts per edge) it was +115.
      for (const [i, read] of twice.entries()) expect(read - once[i]!, `request ${i}`).toBeLessThanOrEqual(16);

      await expectExact(fx, "period=1y");
      const data = await overview();
      const now = await loadTargetRows(fx.db, ws, { ...range, platforms: null });
      const before = await loadTargetRows(fx.db, ws, {
        start: 2 * range.start - range.end,
        end: range.start,
        platforms: null,
      });
      expect(now.filter((r) => r.publishedAt >= edgeDay && r.publishedAt < edgeDay + DAY_MS).length).toBeGreaterThan(
        30,
      );
      expect(before.filter((r) => r.publishedAt >= edgeDay).length).toBeGreaterThan(30);
      expect(data.overview).toEqual(totals(now));
      expect(data.previous).toEqual(totals(before));

      // The repair recomputes the hourly rows too.
      await fx.db.run(sql`update post_metrics_hourly set likes = likes + 1000 where workspace_id = ${ws}`);
      await rebuildRollups(fx.db, ws);
      await expectRollupsExact(fx.db, ws);
    }));
});

describe("the content-type and hashtag triggers read a post's own targets (migration 0034)", () => {
  // D1 counts the rows a statement's triggers and foreign keys read in its `rows_read`.
  const rowsRead = async (workspaceId: string, query: string, ...params: unknown[]) =>
    (
      await (
        await dbOf(workspaceId)
      )
        .prepare(query)
        .bind(...params)
        .run()
    ).meta.rows_read;

  it("attaching an image, retagging or deleting a post reads as many rows with 300 more published targets as without", async () => {
    const fx = await seedFixture();
    const { db, a } = fx;
    const ws = a.user.id;
    const mediaId = crypto.randomUUID();
    await db.insert(media).values({
      id: mediaId,
      workspaceId: ws,
      userId: ws,
      key: `media/${ws}/${mediaId}`,
      originalName: "f",
      filename: "f",
      displayName: "f",
      fileType: "image",
      mimeType: "image/jpeg",
      format: "jpg",
      size: 1,
    });
    const costs = async () => {
      const postId = crypto.randomUUID();
      await db
        .insert(posts)
        .values({ id: postId, workspaceId: ws, userId: ws, content: "x", status: "draft", timezone: "UTC" });
      return [
        await rowsRead(ws, "INSERT INTO post_media (post_id, media_id, position) VALUES (?, ?, 0)", postId, mediaId),
        await rowsRead(ws, `UPDATE posts SET hashtags = '["launch"]' WHERE id = ?`, postId),
        await rowsRead(ws, "DELETE FROM posts WHERE id = ?", postId),
      ];
    };
    const before = await costs();
    await publishMany(fx, 300);
    const after = await costs();
    // Through the status index each read every published target in the database: 600 more for the image's two.
    for (const [i, n] of after.entries()) expect(n - before[i]!, ["attach", "retag", "delete"][i]).toBeLessThan(20);
  });

  it("scheduling a target, publishing it, measuring it and deleting it read as many rows with 300 more published targets", async () => {
    const fx = await seedFixture();
    const { db, a, ids } = fx;
    const ws = a.user.id;
    const lifecycle = async () => {
      const [postId, targetId] = [crypto.randomUUID(), crypto.randomUUID()];
      const at = Date.UTC(FIXTURE_YEAR, 1, 12, 9);
      await db
        .insert(posts)
        .values({ id: postId, workspaceId: ws, userId: ws, content: "x", status: "scheduled", timezone: "UTC" });
      return [
        await rowsRead(
          ws,
          "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status, due_at) VALUES (?, ?, ?, 'instagram', ?, 'scheduled', ?)",
          targetId,
          postId,
          ws,
          ids.ig,
          at,
        ),
        await rowsRead(ws, "UPDATE post_targets SET status = 'published', published_at = ? WHERE id = ?", at, targetId),
        await rowsRead(
          ws,
          "INSERT INTO post_metric_snapshots (id, target_id, post_id, workspace_id, platform, account_id, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?, ?, ?, ?, 'instagram', ?, ?, 20, 10, 3, 1, 0, 0, 0, 0)",
          crypto.randomUUID(),
          targetId,
          postId,
          ws,
          ids.ig,
          at + 3_600_000,
        ),
        await rowsRead(ws, "DELETE FROM posts WHERE id = ?", postId),
      ];
    };
    const before = await lifecycle();
    await publishMany(fx, 300);
    const after = await lifecycle();
    for (const [i, n] of after.entries())
      expect(n - before[i]!, ["schedule", "publish", "measure", "delete"][i]).toBeLessThan(20);
  });
});
