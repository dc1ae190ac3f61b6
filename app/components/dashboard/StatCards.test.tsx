import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type DashboardStats, StatCards } from "./StatCards";

const stats: DashboardStats = {
  totalFollowers: 200,
  totalPosts: 3,
  scheduledPosts: 0,
  heldPosts: 0,
  publishedPosts: 3,
  mediaFiles: 0,
  engagementRate: null,
};
const render = (rateNotReported: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <StatCards stats={stats} rateNotReported={rateNotReported} />
    </MemoryRouter>,
  );

describe("the dashboard's Engagement Rate card", () => {
  it("says Not reported when the period's networks (Bluesky, Mastodon) measure no reach or impressions", () => {
    expect(render(true)).toContain('data-stat="engagementRate">Not reported</span>');
  });

  it("keeps the dash for an overview that failed to load", () => {
    expect(render(false)).toContain('data-stat="engagementRate">–</span>');
  });
});
