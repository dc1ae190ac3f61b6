import { describe, expect, it } from "vitest";
import { campaignRows } from "./rules";

describe("a campaign report's rows", () => {
  it("count each label's posts, its published ones, clicks and engagement; a post with two labels counts in both", () => {
    const labels = [
      { id: "a", name: "Launch", color: "#c53030" },
      { id: "b", name: "Tips", color: "#2b6cb0" },
      { id: "c", name: "Unused", color: "#4a5568" },
    ];
    const posts = [
      { labelId: "a", postId: "p1", status: "published" },
      { labelId: "a", postId: "p2", status: "scheduled" },
      { labelId: "b", postId: "p1", status: "published" },
      { labelId: "b", postId: "p3", status: "partially_published" },
    ];
    const rows = campaignRows(
      labels,
      posts,
      [{ labelId: "a", impressions: 120, engagement: 9 }],
      [{ labelId: "b", clicks: 4 }],
    );
    expect(rows.map((r) => [r.name, r.posts, r.published, r.clicks, r.impressions, r.engagement])).toEqual([
      ["Launch", 2, 1, 0, 120, 9],
      ["Tips", 2, 2, 4, 0, 0],
      ["Unused", 0, 0, 0, 0, 0],
    ]);
  });
});
