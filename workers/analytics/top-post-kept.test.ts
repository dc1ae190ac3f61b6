import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postMetricSnapshots, posts } from "../db/schema/index";
import { call } from "../test/helpers";
import { withWallClockAhead } from "../test/wall-clock";
import { topPost } from "./aggregate";
import { type Fixture, publishMeasured, seedFixture } from "./fixture.test-helper";
import { loadTargetRows } from "./post-reads";
import { DAY_MS, HOUR_MS } from "./rollup-ranges";

/**
 * The overview's top post is `post`'s, as ranking every target of the period gives it. Returns the D1 rows the
 * request read.
 */
async function expectTop(fx: Fixture, post: { postId: string }, query = "period=7d") {
  const res = await call<"GET /api/analytics/overview">(`/api/analytics/overview?${query}`, { token: fx.a.token });
  expect(res.status).toBe(200);
  const { start, end, platforms } = res.body.data.range;
  const rows = await loadTargetRows(fx.db, fx.a.user.id, {
    start: Date.parse(start),
    end: Date.parse(end),
    platforms: platforms ?? null,
  });
  expect(topPost(rows)[0]?.postId, query).toBe(post.postId);
  expect(res.body.data.topPerformingPost?.postId ?? null, query).toBe(post.postId);
  return Number(res.headers.get("X-D1-Rows-Read"));
}

describe("the overview's top post kept at its version (ADR 136)", () => {
  it("is served again until a snapshot, a deletion or a target published ahead of the clock changes the ranking", async () => {
    const fx = await seedFixture();
    const now = Date.now();
    // Far more engagement than the fixture's own posts of the last week; measured before now.
    const a = await publishMeasured(fx, now - 2 * HOUR_MS, 5_000, undefined, now - 1_000);
    const b = await publishMeasured(fx, now - 3 * HOUR_MS, 4_000, undefined, now - 1_000);
    const ranked = await expectTop(fx, a);
    // The repeat reads the kept post's targets, not the period's buckets and edges again.
    expect(await expectTop(fx, a)).toBeLessThan(ranked);
    // A new snapshot lifts b above a: the workspace's version moved, so the period is ranked again.
    await fx.db.insert(postMetricSnapshots).values({
      ...b.target,
      ...b.figures,
      id: crypto.randomUUID(),
      targetId: b.targetId,
      takenAt: now - 500,
      likes: 9_000,
    });
    await expectTop(fx, b);
    await fx.db.delete(posts).where(eq(posts.id, b.postId));
    await expectTop(fx, a);
    // Published two minutes ahead of the clock with more than any: outside the period, until the clock passes it with
    // no write in between.
    const ahead = await publishMeasured(fx, now + 120_000, 20_000, undefined, now - 1_000);
    await expectTop(fx, a);
    await expectTop(fx, a);
    await withWallClockAhead(5 * 60_000, () => expectTop(fx, ahead));
  });

  it("is ranked again once the period has moved past one of its targets", async () => {
    const fx = await seedFixture();
    const now = Date.now();
    const early = await publishMeasured(fx, now - 7 * DAY_MS + HOUR_MS, 6_000, undefined, now - 1_000);
    const late = await publishMeasured(fx, now - HOUR_MS, 3_000, undefined, now - 1_000);
    await expectTop(fx, early);
    await expectTop(fx, early);
    // Two hours on, the week starts after `early` went out.
    await withWallClockAhead(2 * HOUR_MS, () => expectTop(fx, late));
  });

  it("is kept for each platform filter on its own", async () => {
    const fx = await seedFixture();
    const now = Date.now();
    // Even minutes publish on Instagram, odd on Facebook (publishMeasured).
    const minute = 60_000;
    const evenMinute = now - HOUR_MS - ((now - HOUR_MS) % (2 * minute));
    const insta = await publishMeasured(fx, evenMinute, 5_000, undefined, now - 1_000);
    const face = await publishMeasured(fx, evenMinute - minute, 7_000, undefined, now - 1_000);
    for (let i = 0; i < 2; i++) {
      await expectTop(fx, face);
      await expectTop(fx, insta, "period=7d&platforms=instagram");
      await expectTop(fx, face, "period=7d&platforms=facebook");
    }
  });
});
