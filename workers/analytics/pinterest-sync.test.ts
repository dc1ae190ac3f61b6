import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountMetricSnapshots, postMetricSnapshots } from "../db/schema/index";
import { publishTarget } from "../publishing/consumer";
import { publishDeps } from "../publishing/deps";
import { call } from "../test/helpers";
import { pinPost, pinterestUser } from "../test/pinterest-fixtures";
import { drizzleOf, servicesOn } from "../test/shards";
import { withWallClockAhead } from "../test/wall-clock";

describe("Pinterest analytics", () => {
  it("a sync reads the pin's impressions, saves and clicks from pin analytics, and the account's followers", async () => {
    const user = await pinterestUser();
    const pin = await pinPost(user, "queued");
    expect(await publishTarget(pin.targetId, publishDeps(await servicesOn(user.u.user.id)))).toEqual({ ack: true });
    // Half a day on for the app and Pinterest alike: the pin has been seen. (The emulator's clock alone moved on
    // made the sync ask for the app's day, which near midnight closed minutes after the pin was made.)
    const res = await withWallClockAhead(12 * 3_600_000, () =>
      call<"POST /api/analytics/sync-all">("/api/analytics/sync-all?days=7", { method: "POST", cookie: user.u.cookie }),
    );
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
