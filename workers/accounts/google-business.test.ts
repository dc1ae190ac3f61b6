import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { syncAccount } from "../analytics/sync";
import { NOT_APPROVED } from "../platforms/google-business-api";
import { call, registerUser, settledPost, uploadImage } from "../test/helpers";
import { advanceEmulator, connectViaEmulator, raw, setBusinessProfileQuota } from "../test/oauth";
import { dbOf, servicesOn } from "../test/shards";

/**
 * Google Business Profile through the app (ADR 065): one Google consent brings each location as a channel, a
 * local post's type and fields are channel options checked before Google sees them, and an unapproved project
 * is explained at connect.
 */
type Account = { _id: string; platform: string; displayName: string };

async function locations(token: string) {
  const { accounts } = (await call<"GET /api/accounts">("/api/accounts", { token })).body.data;
  return (accounts as Account[]).filter((a) => a.platform === "google_business");
}

afterEach(() => setBusinessProfileQuota(300));

describe("Google Business Profile in the app", () => {
  it("connects each location as its own channel", async () => {
    const u = await registerUser();
    const run = await connectViaEmulator(u.cookie, "google_business");
    expect(run.authUrl.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/business.manage");
    expect(run.settings.searchParams.get("connected")).toBe("google_business");
    expect((await locations(u.token)).map((a) => a.displayName)).toEqual([
      "Postline Demo Kitchen (Mission St)",
      "Postline Demo Kitchen (Valencia St)",
    ]);
  });

  it("explains at connect that Google has not approved the project when its quota is 0", async () => {
    const u = await registerUser();
    await setBusinessProfileQuota(0);
    const run = await connectViaEmulator(u.cookie, "google_business");
    expect(run.settings.searchParams.get("error")).toBe(`Google Business Profile: ${NOT_APPROVED}`);
    expect(await locations(u.token)).toEqual([]);
  });

  it("checks an offer's fields before scheduling, publishes it with its photo, and reads the location's metrics", {
    timeout: 60_000,
  }, async () => {
    const u = await registerUser();
    await advanceEmulator(61_000);
    await connectViaEmulator(u.cookie, "google_business");
    const [mission] = await locations(u.token);
    const images = [await uploadImage(u.token)];
    const tag = crypto.randomUUID().slice(0, 8);
    const body = (localPost: Record<string, unknown>) => ({
      content: `Winter offer ${tag}`,
      platforms: ["google_business"],
      selectedAccounts: { google_business: [mission!._id] },
      images,
      publishNow: true,
      channels: [{ platform: "google_business", accountId: mission!._id, options: { localPost } }],
    });
    const refused = await call("/api/posts", { token: u.token, body: body({ topicType: "OFFER" }) });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      "A Google Business Profile offer needs a title, a start date and an end date",
    ]);
    const offer = {
      topicType: "OFFER",
      event: { title: "10% off all loaves", startDate: "2031-01-10", endDate: "2031-01-31" },
      offer: { couponCode: "WINTER10", redeemOnlineUrl: "https://shop.example/winter" },
    };
    const res = await call<"POST /api/posts">("/api/posts", { token: u.token, body: body(offer) });
    expect(res.status, res.body.message).toBe(201);
    const post = await settledPost(u.token, res.body.data._id, 30_000);
    const [channel] = post.platformPosts;
    expect(channel).toMatchObject({ status: "published" });
    // In sandbox mode the permalink (the post's Google Search link) opens the emulator's viewer.
    const page = await (await raw(`/sandbox/view?url=${encodeURIComponent(channel!.permalink!)}`)).text();
    expect(page).toContain("Postline Demo Kitchen (Mission St)");
    expect(page).toContain(`Winter offer ${tag}`);
    const row = await env.DB.prepare(
      "SELECT data FROM emu_objects WHERE platform = 'google_business' AND kind = 'localPost' AND data LIKE ?",
    )
      .bind(`%${tag}%`)
      .first<{ data: string }>();
    expect(JSON.parse(row!.data)).toMatchObject({
      topicType: "OFFER",
      summary: `Winter offer ${tag}`,
      event: { title: "10% off all loaves", schedule: { startDate: { year: 2031, month: 1, day: 10 } } },
      offer: { couponCode: "WINTER10" },
      media: [{ mediaFormat: "PHOTO", sourceUrl: expect.stringContaining("/media/s/") }],
    });
    const result = await syncAccount(mission!._id, (await servicesOn(u.user.id)).analyticsDeps(), {
      force: true,
    });
    expect(result?.failures).toEqual([]);
    const snapshot = await (await dbOf(u.user.id))
      .prepare(
        "SELECT followers, impressions FROM account_metric_snapshots WHERE account_id = ? ORDER BY taken_at DESC",
      )
      .bind(mission!._id)
      .first<{ followers: number; impressions: number }>();
    expect(snapshot!.followers).toBe(0);
    expect(snapshot!.impressions).toBeGreaterThan(0);
  });
});
