import { describe, expect, it } from "vitest";
import { decide, setTighterRateLimit } from "./rate-window";

const MINUTE = 60_000;

/** Hits at the given seconds into the test, one decision each, as the limiter DO keeps them. */
function run(limit: number, seconds: number[]) {
  let hits: number[] = [];
  return seconds.map((s) => {
    const out = decide(hits, s * 1000, limit, MINUTE);
    hits = out.hits;
    return out.decision;
  });
}

describe("the sliding window's RateLimit numbers", () => {
  it("Reset counts down from the window's oldest hit as time moves, and Remaining counts the hits", () => {
    const [first, second, third] = run(3, [100, 120, 150]);
    expect(first).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0, resetSeconds: 60 });
    expect(second).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0, resetSeconds: 40 });
    expect(third).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0, resetSeconds: 10 });
  });

  it("a refusal's Retry-After is its Reset: when the oldest hit leaves, one request is free again", () => {
    const decisions = run(2, [0, 30, 45, 59.5, 60.5]);
    expect(decisions[2]).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 15, resetSeconds: 15 });
    expect(decisions[3]).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1, resetSeconds: 1 });
    // The hit at 0 has left: one is free, and the next to leave is the one at 30.
    expect(decisions[4]).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0, resetSeconds: 30 });
  });
});

describe("setTighterRateLimit", () => {
  const limit = (remaining: number) => ({
    "RateLimit-Limit": "30",
    "RateLimit-Remaining": String(remaining),
    "RateLimit-Reset": "12",
  });
  it("shows the limit with fewer requests left, whichever was set first", () => {
    const headers = new Headers(limit(4));
    setTighterRateLimit(headers, { ...limit(100), "RateLimit-Limit": "120" });
    expect(headers.get("RateLimit-Remaining")).toBe("4");
    setTighterRateLimit(headers, { ...limit(2), "RateLimit-Reset": "50" });
    expect([headers.get("RateLimit-Remaining"), headers.get("RateLimit-Reset")]).toEqual(["2", "50"]);
    const empty = new Headers();
    setTighterRateLimit(empty, limit(9));
    expect(empty.get("RateLimit-Remaining")).toBe("9");
  });
});
