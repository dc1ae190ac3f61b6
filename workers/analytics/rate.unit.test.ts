import { describe, expect, it } from "vitest";
import { changes, topPost, totals } from "./aggregate";
import { rateOf } from "./rate";
import { targetRow as row } from "./target-row.test-helper";

const g = (
  platform: "instagram" | "bluesky" | "mastodon" | "tiktok",
  engagement: number,
  reach = 0,
  impressions = 0,
) => ({
  platform,
  engagement,
  reach,
  impressions,
});

describe("the engagement rate leaves out posts whose network does not report its denominator", () => {
  it("is not reported (null), not 0 %, when no network in the figure reports reach or impressions", () => {
    expect(rateOf([g("bluesky", 120), g("mastodon", 30)])).toEqual({
      rate: null,
      basis: null,
      leftOut: ["bluesky", "mastodon"],
    });
  });

  it("counts only the posts that have reach beside Bluesky's, and names Bluesky as left out", () => {
    // Before: (20 + 500) / 400 = 130 %, Bluesky's 500 engagements over Instagram's reach.
    expect(rateOf([g("instagram", 20, 400, 600), g("bluesky", 500)])).toEqual({
      rate: 5,
      basis: "reach",
      leftOut: ["bluesky"],
    });
  });

  it("divides by reach when any network reports it, so TikTok's views do not mix in", () => {
    expect(rateOf([g("instagram", 30, 300), g("tiktok", 90, 0, 900)])).toEqual({
      rate: 10,
      basis: "reach",
      leftOut: ["tiktok"],
    });
  });

  it("divides by impressions (views) when only TikTok has a denominator", () => {
    expect(rateOf([g("tiktok", 45, 0, 900), g("bluesky", 10)])).toEqual({
      rate: 5,
      basis: "impressions",
      leftOut: ["bluesky"],
    });
  });

  it("a fixed denominator: engagement per reach has none on TikTok alone", () => {
    expect(rateOf([g("tiktok", 45, 0, 900)], "reach")).toEqual({ rate: null, basis: null, leftOut: ["tiktok"] });
  });

  it("keeps ADR 008 within the counted posts: impressions when reach is 0, and 0 over nothing measured yet", () => {
    expect(rateOf([g("instagram", 10, 0, 200)]).rate).toBe(5);
    expect(rateOf([g("instagram", 0)]).rate).toBe(0);
    expect(rateOf([])).toEqual({ rate: 0, basis: null, leftOut: [] });
  });
});

describe("every aggregate goes through the rule", () => {
  it("totals and the top post: a Bluesky-only period has no rate, and its change none either", () => {
    const bsky = [row({ platform: "bluesky", likes: 80, comments: 12, shares: 8 })];
    expect(totals(bsky)).toMatchObject({ totalEngagement: 100, avgEngagementRate: null, rateLeavesOut: ["bluesky"] });
    expect(topPost(bsky)[0]).toMatchObject({ totalEngagement: 100, avgEngagementRate: null });
    expect(changes(totals(bsky), totals(bsky)).avgEngagementRate).toBeNull();
  });
});
