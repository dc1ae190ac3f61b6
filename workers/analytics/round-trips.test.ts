import { describe, expect, it } from "vitest";
import { call } from "../test/helpers";
import { PERIOD, seedFixture } from "./fixture.test-helper";

/**
 * A signed-in analytics request's D1 calls (issue 43): the session's user row and the membership lookup go to the
 * directory as one batch (ADR 050), and each tab's reads to the workspace's shard as one more. One call per
 * statement was 4-9 for a tab.
 */
describe("an analytics tab's round trips", () => {
  it("are one directory batch and one batch of the tab's reads, for every tab and the overview of a period up to now", async () => {
    const { a } = await seedFixture();
    const tabs = [
      "/api/analytics/overview?period=1y",
      "/api/analytics/engagement-trends?period=90d",
      "/api/analytics/platform-performance?period=30d",
      "/api/analytics/content-performance?period=30d",
      "/api/analytics/hashtag-performance?period=1y",
      "/api/analytics/posting-patterns?period=30d",
      "/api/analytics/growth?period=30d",
      "/api/analytics/audience-insights",
      "/api/analytics/platform-connections",
    ] as const;
    for (const path of tabs) {
      const res = await call(path, { token: a.token });
      expect(res.status, path).toBe(200);
      expect(Number(res.headers.get("X-D1-Round-Trips")), path).toBe(2);
    }
    // Best times add one batch when their kept answer is out of date (best-times-answers.test.ts, ADR 116).
    // A period ending before now asks first whether anything was measured since, which decides how its top post is
    // ranked: one batch more.
    const past = await call(`/api/analytics/overview?${PERIOD}`, { token: a.token });
    expect(past.status).toBe(200);
    expect(Number(past.headers.get("X-D1-Round-Trips"))).toBe(3);
  });
});
