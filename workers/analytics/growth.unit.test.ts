import { describe, expect, it } from "vitest";
import { followerGrowth } from "./growth";
import { daysBetween } from "./period";

const day = (d: number, h = 12) => Date.UTC(2026, 0, d, h);
const range = { start: day(5, 0), end: day(8, 0), timezone: "UTC" };
const days = daysBetween(range.start, range.end, range.timezone);

describe("follower growth", () => {
  it("an account connected during the period grows from its first snapshot, not from zero", () => {
    const g = followerGrowth(
      [{ accountId: "ig", platform: "instagram", followers: null }],
      [
        { accountId: "ig", platform: "instagram", takenAt: day(6), followers: 84_600 },
        { accountId: "ig", platform: "instagram", takenAt: day(7), followers: 84_650 },
      ],
      range,
      days,
    );
    expect(g.platforms).toEqual([
      {
        platform: "instagram",
        start: 84_600,
        end: 84_650,
        netGrowth: 50,
        growthRate: 0.06,
        unfollowRate: null,
        since: day(6),
      },
    ]);
    expect(g.followers).toEqual([
      { date: "2026-01-05", instagram: null },
      { date: "2026-01-06", instagram: 84_600 },
      { date: "2026-01-07", instagram: 84_650 },
    ]);
    expect(g.since).toBe(day(6));
  });

  it("a known count before the period is the baseline; unmeasured accounts are left out", () => {
    const g = followerGrowth(
      [
        { accountId: "fb", platform: "facebook", followers: 200 },
        { accountId: "li", platform: "linkedin", followers: null },
      ],
      [{ accountId: "fb", platform: "facebook", takenAt: day(7), followers: 250 }],
      range,
      days,
    );
    expect(g.platforms).toEqual([
      {
        platform: "facebook",
        start: 200,
        end: 250,
        netGrowth: 50,
        growthRate: 25,
        unfollowRate: null,
        since: range.start,
      },
    ]);
    expect(g.followers.map((f) => f.facebook)).toEqual([200, 200, 250]);
    expect(g.growthRate).toBe(25);
    expect(followerGrowth([{ accountId: "li", platform: "linkedin", followers: null }], [], range, days)).toMatchObject(
      { platforms: [], growthRate: null, since: null },
    );
  });
});
