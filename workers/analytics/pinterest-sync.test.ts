import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountMetricSnapshots, postMetricSnapshots } from "../db/schema/index";
import { publishTarget } from "../publishing/consumer";
import { publishDeps } from "../publishing/deps";
import { call } from "../test/helpers";
import { advanceEmulator } from "../test/oauth";
import { pinPost, pinterestUser } from "../test/pinterest-fixtures";
import { drizzleOf, servicesOn } from "../test/shards";

describe("Pinterest analytics", () => {
  it("a sync reads the pin's impressions, saves and clicks from pin analytics, and the account's followers", async () => {
    const user = await pinterestUser();
    const pin = await pinPost(user, "queued");
    expect(await publishTarget(pin.targetId, publishDeps(await servicesOn(user.u.user.id)))).toEqual({ ack: true });
    // Half a day on: the pin has been seen (its analytics stay within the 90 days the API reaches).
    await advanceEmulator(12 * 3_600_000);

    const res = await call<"POST /api/analytics/sync-all">("/api/analytics/sync-all?days=7", {
      method: "POST",
      cookie: user.u.cookie,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.failures).toEqual([]);
    expect(res.body.data.platforms.map((p) => [p.platform, p.postsSynced])).toEqual([["pinterest", 1]]);

    const [snap] = await (await drizzleOf(user.u.user.id))
      .select()
      .from(postMetricSnapshots)
      .where(eq(postMetricSnapshots.targetId, pin.targetId));
    expect(snap!.impressions).toBeGreaterThan(0);
    expect(snap!.reach).toBe(snap!.impressions);
    expect(snap!.saves + snap!.clicks).toBeGreaterThan(0);
    const [followers] = await (await drizzleOf(user.u.user.id))
      .select()
      .from(accountMetricSnapshots)
      .where(eq(accountMetricSnapshots.accountId, user.accountId));
    expect(followers!.followers).toBeGreaterThan(0);
  });
});
