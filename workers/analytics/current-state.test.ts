import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postMetricSnapshots, postMetricsCurrent } from "../db/schema/index";
import { dailyEngagementSql } from "./engagement-reads";
import { seedFixture, utc } from "./fixture.test-helper";
import { metricRows } from "./period-scope";

let fx: Awaited<ReturnType<typeof seedFixture>>;
beforeAll(async () => {
  fx = await seedFixture();
});

const plan = async (query: ReturnType<typeof sql>) =>
  (await fx.db.all<{ detail: string }>(sql`explain query plan ${query}`)).map((r) => r.detail).join("\n");

describe("analytics current state (migration 0010 triggers)", () => {
  it("the overview reads post_metrics_current through its covering index, and trends the snapshots' covering index", async () => {
    const overview = await plan(metricRows(fx.a.user.id, { start: utc(5, 5), end: utc(12, 5), platforms: null }));
    expect(overview).toContain(
      "SEARCH c USING COVERING INDEX post_metrics_current_user_published_idx (workspace_id=? AND published_at>? AND published_at<?)",
    );
    expect(overview).not.toMatch(/SCAN (c|s|s2)\b/);
    const trends = await plan(dailyEngagementSql(fx.a.user.id, ["instagram"], [{ from: utc(5, 5), to: utc(6, 5) }]));
    expect(trends).toContain(
      "SEARCH s USING COVERING INDEX post_snapshots_user_taken_idx (workspace_id=? AND taken_at>? AND taken_at<?)",
    );
  });

  it("keeps each target's latest snapshot and the growth since the previous one, whatever the insert order", async () => {
    const target = fx.T.t1; // Jan 5 20:00 (10 likes) and Jan 6 20:00 (20 likes) in the fixture
    const snap = (takenAt: number, likes: number) => ({
      id: crypto.randomUUID(),
      targetId: target,
      postId: fx.ids.p1,
      workspaceId: fx.a.user.id,
      platform: "instagram" as const,
      accountId: fx.ids.ig,
      takenAt,
      impressions: 0,
      reach: 0,
      likes,
      comments: 0,
      shares: 0,
      saves: 0,
      clicks: 0,
      videoViews: 0,
    });
    await fx.db.insert(postMetricSnapshots).values(snap(utc(7, 20), 26)); // latest
    await fx.db.insert(postMetricSnapshots).values(snap(utc(6, 8), 14)); // between the first two, inserted late
    const rows = await fx.db
      .select()
      .from(postMetricSnapshots)
      .where(eq(postMetricSnapshots.targetId, target))
      .orderBy(postMetricSnapshots.takenAt);
    expect(rows.map((r) => [r.likes, r.likesDelta])).toEqual([
      [10, 10],
      [14, 4],
      [20, 6],
      [26, 6],
    ]);
    const [current] = await fx.db.select().from(postMetricsCurrent).where(eq(postMetricsCurrent.targetId, target));
    expect(current).toMatchObject({
      takenAt: utc(7, 20),
      likes: 26,
      publishedAt: utc(5, 14),
      postId: fx.ids.p1,
      workspaceId: fx.a.user.id,
    });
  });

  it("a deleted target takes its current row with it", async () => {
    await fx.db.run(sql`delete from post_targets where id = ${fx.T.t4}`);
    expect(await fx.db.select().from(postMetricsCurrent).where(eq(postMetricsCurrent.targetId, fx.T.t4))).toEqual([]);
  });
});
