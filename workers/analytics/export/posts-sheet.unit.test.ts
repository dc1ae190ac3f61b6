import { describe, expect, it } from "vitest";
import type { TargetRow } from "../aggregate";
import { postsTable } from "./posts-sheet";

const target = (n: number): TargetRow => ({
  targetId: `t${n}`,
  postId: `p${n}`,
  accountId: "a",
  platform: "instagram",
  publishedAt: Date.UTC(2026, 0, 5, 9, n),
  content: `Post ${n}`,
  hashtags: [],
  contentType: "text",
  hasMetrics: true,
  impressions: 100,
  reach: 50,
  likes: n,
  comments: 1,
  shares: 0,
  saves: 0,
  clicks: 0,
  videoViews: 0,
});

describe("the reports' Posts table", () => {
  it("lists every target of the period when they fit, oldest first, in the report's timezone", () => {
    const table = postsTable([target(1), target(2)], "Asia/Kolkata", 2);
    expect(table.rows).toEqual([
      ["2026-01-05 14:31", "Instagram", "Post 1", 100, 50, 1, 1, 0, 0, 0, 2],
      ["2026-01-05 14:32", "Instagram", "Post 2", 100, 50, 2, 1, 0, 0, 0, 3],
    ]);
  });

  it("past the limit keeps the newest and says that earlier posts were left out", () => {
    const table = postsTable([target(1), target(2), target(3)], "UTC", 2);
    expect(table.rows.map((r) => r[2])).toEqual([
      "Post 2",
      "Post 3",
      "Only the newest 2 posts of this period are listed; choose a shorter period for the earlier ones.",
    ]);
  });
});
