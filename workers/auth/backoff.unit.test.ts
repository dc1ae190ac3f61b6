import { describe, expect, it } from "vitest";
import { type Backoff, backoffAfterFailure, backoffDelayMs, backoffWaitMs } from "./backoff";

const policy = { baseMs: 1000, maxMs: 60_000, forgetAfterMs: 15 * 60_000, freeFailures: 0 };

describe("sign-in backoff", () => {
  it("doubles from one second and stops at a minute", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 10, 1000].map((n) => backoffDelayMs(n, policy))).toEqual([
      0, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it("lets the first free failures through without a wait", () => {
    const lenient = { ...policy, freeFailures: 2 };
    expect([0, 1, 2, 3, 4, 9].map((n) => backoffDelayMs(n, lenient))).toEqual([0, 0, 0, 1000, 2000, 60_000]);
  });

  it("makes the next attempt wait for what is left of the delay", () => {
    const state: Backoff = { failures: 3, lastAt: 10_000 };
    expect(backoffWaitMs(undefined, 10_000, policy)).toBe(0);
    expect(backoffWaitMs(state, 11_000, policy)).toBe(3000);
    expect(backoffWaitMs(state, 14_000, policy)).toBe(0);
  });

  it("counts failures in a row and starts again after a quiet spell", () => {
    const first = backoffAfterFailure(undefined, 0, policy);
    expect(first).toEqual({ failures: 1, lastAt: 0 });
    expect(backoffAfterFailure(first, 5000, policy)).toEqual({ failures: 2, lastAt: 5000 });
    expect(backoffAfterFailure({ failures: 9, lastAt: 0 }, 15 * 60_000 + 1, policy)).toEqual({
      failures: 1,
      lastAt: 15 * 60_000 + 1,
    });
  });
});
