import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OverviewTab } from "./OverviewTab";
import type { OverviewData } from "./types";

const totals = { totalPosts: 2, totalLikes: 41, totalComments: 8, totalShares: 6, totalReach: 0, totalImpressions: 0 };
const account = (accountId: string, platform: string, reach: number, impressions: number) => ({
  accountId,
  platform,
  username: accountId,
  displayName: accountId,
  followers: 100,
  posts: 1,
  likes: 20,
  comments: 4,
  shares: 3,
  saves: 0,
  clicks: 0,
  reach,
  impressions,
  engagement: 27,
  engagementRate: platform === "bluesky" ? null : 2.84,
  rateLeavesOut: platform === "bluesky" ? ["bluesky"] : [],
});

function overview(): OverviewData {
  return {
    overview: { ...totals, avgEngagementRate: 2.84, rateLeavesOut: ["bluesky"] },
    changes: {},
    stats: { totalFollowers: 200 },
    accounts: { b: account("bakery.bsky.social", "bluesky", 0, 0), t: account("corner.bakery", "tiktok", 0, 950) },
    topPerformingPost: null,
  } as unknown as OverviewData;
}

describe("the analytics Overview's account cards", () => {
  it("say a network does not report reach or impressions instead of showing a measured 0", () => {
    const html = renderToStaticMarkup(<OverviewTab data={overview()} timezone="UTC" />);
    const bluesky = html.slice(html.indexOf('aria-label="Bluesky'), html.indexOf('aria-label="TikTok'));
    expect(bluesky).toContain('Reach</dt><dd class="font-semibold">Not reported</dd>');
    expect(bluesky).toContain('Impressions</dt><dd class="font-semibold">Not reported</dd>');
    expect(bluesky).toContain("Bluesky does not report reach or impressions for its posts.");
    // TikTok counts views (impressions here) but not how many people watched.
    const tiktok = html.slice(html.indexOf('aria-label="TikTok'));
    expect(tiktok).toContain('Reach</dt><dd class="font-semibold">Not reported</dd>');
    expect(tiktok).toContain('Impressions</dt><dd class="font-semibold">950</dd>');
    expect(tiktok).toContain("TikTok does not report reach for its posts.");
  });
});

describe("the analytics Overview's engagement rate", () => {
  const blueskyOnly = () =>
    ({
      overview: { ...totals, totalEngagement: 100, avgEngagementRate: null, rateLeavesOut: ["bluesky"] },
      changes: { avgEngagementRate: null },
      stats: { totalFollowers: 200 },
      accounts: { b: account("bakery.bsky.social", "bluesky", 0, 0) },
      topPerformingPost: {
        postId: "p",
        content: "Fresh rye",
        platforms: ["bluesky"],
        publishedAt: "2026-01-05T12:00:00.000Z",
        totalEngagement: 100,
        avgEngagementRate: null,
        rateLeavesOut: ["bluesky"],
      },
    }) as unknown as OverviewData;

  it("says Not reported, not 0%, when no network of the period's posts reports reach or impressions", () => {
    const html = renderToStaticMarkup(<OverviewTab data={blueskyOnly()} timezone="UTC" />);
    expect(html).toMatch(/data-testid="kpi-rate">Not reported</);
    expect(html).toContain("100 engagements · Not reported engagement rate");
    expect(html).not.toContain("0%");
  });

  it("says which networks' posts a measured rate leaves out", () => {
    const html = renderToStaticMarkup(<OverviewTab data={overview()} timezone="UTC" />);
    expect(html).toMatch(/data-testid="kpi-rate">2.84%</);
    expect(html).toContain(
      "The engagement rate leaves out Bluesky posts: that network does not report the reach or impressions it divides by.",
    );
  });
});
