import type { TargetRow } from "./aggregate";

/** One published target's row for the pure aggregates' tests: an Instagram text post with nothing measured. */
export const targetRow = (over: Partial<TargetRow>): TargetRow => ({
  targetId: "t",
  postId: "p",
  accountId: "a",
  platform: "instagram",
  publishedAt: Date.UTC(2026, 0, 5, 12),
  content: "",
  hashtags: [],
  contentType: "text",
  hasMetrics: true,
  impressions: 0,
  reach: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  saves: 0,
  clicks: 0,
  videoViews: 0,
  ...over,
});
