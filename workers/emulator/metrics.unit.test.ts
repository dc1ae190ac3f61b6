import { describe, expect, it } from "vitest";
import { audienceOf, followerCount, postMetrics, sampleComments } from "./metrics";

const T0 = Date.UTC(2026, 5, 1);
const HOUR = 3_600_000;

describe("emulator metrics", () => {
  it("are deterministic per post and time, zero at publish, and never shrink", () => {
    expect(postMetrics("p1", T0, T0 + 5 * HOUR)).toEqual(postMetrics("p1", T0, T0 + 5 * HOUR));
    expect(postMetrics("p1", T0, T0 + 5 * HOUR)).not.toEqual(postMetrics("p2", T0, T0 + 5 * HOUR));
    expect(postMetrics("p1", T0, T0).reach).toBe(0);
    let last = postMetrics("p1", T0, T0);
    for (let h = 1; h < 24 * 10; h += 7) {
      const next = postMetrics("p1", T0, T0 + h * HOUR);
      for (const key of Object.keys(next) as (keyof typeof next)[]) expect(next[key]).toBeGreaterThanOrEqual(last[key]);
      last = next;
    }
    expect(last.reach).toBeGreaterThan(250);
  });

  it("grow follower counts day by day and list the same comments each time", () => {
    expect(followerCount("a", T0 + 2 * 24 * HOUR)).toBeGreaterThan(followerCount("a", T0));
    const c1 = sampleComments("p1", 5, T0);
    expect(c1).toHaveLength(5);
    expect(sampleComments("p1", 5, T0)).toEqual(c1);
    expect(c1.map((c) => c.createdAt)).toEqual([...c1.map((c) => c.createdAt)].sort((a, b) => a - b));
  });
});

describe("emulator audience", () => {
  it("splits an account's followers over age, gender and country, the same way each time", () => {
    const a = audienceOf("acct-1", T0);
    const total = followerCount("acct-1", T0);
    for (const part of [a.age, a.gender, a.country]) expect(Object.values(part).reduce((x, y) => x + y, 0)).toBe(total);
    expect(Object.keys(a.onlineByHour)).toHaveLength(24);
    expect(audienceOf("acct-1", T0)).toEqual(a);
    expect(audienceOf("acct-2", T0).country).not.toEqual(a.country);
  });
});
