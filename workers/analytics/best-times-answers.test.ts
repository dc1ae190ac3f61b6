import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postMetricSnapshots, posts, postTargets } from "../db/schema/index";
import { call } from "../test/helpers";
import { seedFixture, utc } from "./fixture.test-helper";

/**
 * Best times are kept with the version of the weekly rollup they were ranked from (ADR 116): a repeat is served
 * without reading the rollup, and any change to the rollup (a measurement, a deleted post, a rebuild) shows at once.
 */
describe("best times kept at the rollup's version", () => {
  it("answer a repeat without the rollup, and show a new measurement and a deleted post at once", async () => {
    const { a, db } = await seedFixture();
    const ws = a.user.id;
    const ask = (token = a.token) => call<"GET /api/analytics/best-times">("/api/analytics/best-times", { token });

    const first = await ask();
    expect(first.status).toBe(200);
    const again = await ask();
    expect(again.body.data).toEqual(first.body.data);
    // The directory's batch and the version; the first also read every week of the rollup.
    expect(Number(first.headers.get("X-D1-Round-Trips"))).toBe(3);
    expect(Number(again.headers.get("X-D1-Round-Trips"))).toBe(2);
    expect(Number(again.headers.get("X-D1-Rows-Read"))).toBeLessThan(Number(first.headers.get("X-D1-Rows-Read")));

    // A post published and measured now is analyzed on the next request.
    const [t] = await db.select().from(postTargets).where(eq(postTargets.workspaceId, ws)).limit(1);
    const postId = crypto.randomUUID();
    const targetId = crypto.randomUUID();
    const at = utc(9, 14, 30);
    await db.insert(posts).values({
      id: postId,
      workspaceId: ws,
      userId: ws,
      content: "Measured later",
      hashtags: [],
      status: "published",
      timezone: "UTC",
    });
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
    await db.insert(postMetricSnapshots).values({
      id: crypto.randomUUID(),
      targetId,
      postId,
      accountId: t!.accountId,
      workspaceId: ws,
      platform: t!.platform,
      takenAt: at + 3_600_000,
      impressions: 90,
      reach: 80,
      likes: 7,
      comments: 2,
      shares: 1,
      saves: 0,
      clicks: 0,
      videoViews: 0,
    });
    const measured = await ask();
    expect(measured.body.data.postsAnalyzed).toBe(first.body.data.postsAnalyzed + 1);
    expect(Number(measured.headers.get("X-D1-Round-Trips"))).toBe(3);

    // Deleting the post takes its measurement out.
    const deleted = await call(`/api/posts/${postId}`, { method: "DELETE", token: a.token });
    expect(deleted.status).toBe(200);
    expect((await ask()).body.data).toEqual(first.body.data);
  });
});
