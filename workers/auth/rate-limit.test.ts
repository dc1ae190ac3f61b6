import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { RateLimits } from "./rate-limit";

/** Hits a limiter directly `secondsAgo`, as if earlier requests had been counted then. */
async function hitsAgo(name: string, limit: number, windowMs: number, secondsAgo: number[]) {
  const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name));
  for (const s of secondsAgo) await limiter.hit(limit, windowMs, Date.now() - s * 1000);
}

const numbers = (h: Headers) =>
  ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"].map((n) => h.get(n));

/**
 * The headers, with Reset (and Retry-After, when there is one) allowed to have counted down by the whole seconds
 * that passed since `since`: the window moves with the wall clock, and a loaded machine takes seconds per call.
 */
function expectCountdown(h: Headers, since: number, [limit, remaining, reset, retryAfter]: (string | null)[]) {
  const elapsed = Math.ceil((Date.now() - since) / 1000);
  const [l, r, gotReset, gotRetry] = numbers(h);
  expect([l, r]).toEqual([limit, remaining]);
  expect(Number(gotReset)).toBeLessThanOrEqual(Number(reset));
  expect(Number(gotReset)).toBeGreaterThanOrEqual(Number(reset) - elapsed);
  expect(gotRetry).toBe(retryAfter === null ? null : gotReset);
}

async function keyFor(token: string) {
  const res = await call<"POST /api/keys">("/api/keys", { token, body: { name: "clock", scopes: ["read"] } });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data as { id: string; token: string };
}

describe("RateLimit headers count down as the window moves", () => {
  const { limit, windowMs } = RateLimits.apiKey;

  it("a key's Reset is the seconds until its window's oldest request leaves it, not always 60", async () => {
    const u = await registerUser();
    const key = await keyFor(u.token);
    const fresh = await call("/api/posts", { token: key.token });
    expect(numbers(fresh.headers)).toEqual([String(limit), String(limit - 1), "60", null]);
    const other = await keyFor(u.token);
    const since = Date.now();
    await hitsAgo(`apiKey:${other.id}`, limit, windowMs, [20]);
    const res = await call("/api/posts", { token: other.token });
    expect(res.status).toBe(200);
    expectCountdown(res.headers, since, [String(limit), String(limit - 2), "40", null]);
  });

  it("a 429's Retry-After is its RateLimit-Reset: when the oldest request leaves the window", async () => {
    const u = await registerUser();
    const key = await keyFor(u.token);
    const since = Date.now();
    await hitsAgo(`apiKey:${key.id}`, limit, windowMs, [45, ...Array.from({ length: limit - 1 }, () => 5)]);
    const res = await call("/api/posts", { token: key.token });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ success: false, message: "Too many requests. Please try again later." });
    expectCountdown(res.headers, since, [String(limit), "0", "15", "15"]);
  });

  it("a signed-in (cookie) call to a limited route carries the member's limit, counting down too", async () => {
    const { limit: aiLimit, windowMs: aiWindow } = RateLimits.ai;
    const u = await registerUser();
    const since = Date.now();
    await hitsAgo(`ai:user:${u.user.id}`, aiLimit, aiWindow, [50]);
    const body = { content: "Counting down" };
    const res = await call("/api/ai/analyze-content", { cookie: u.cookie, body });
    expect(res.status, res.body.message).toBe(200);
    expectCountdown(res.headers, since, [String(aiLimit), String(aiLimit - 2), "10", null]);
    // With a key, the member's AI limit binds before the key's 120: the answer shows the tighter one.
    const key = await keyFor(u.token);
    const viaKey = await call("/api/ai/analyze-content", { token: key.token, body });
    expect(viaKey.status).toBe(403);
    const writer = await call<"POST /api/keys">("/api/keys", {
      token: u.token,
      body: { name: "writer", scopes: ["read", "write"] },
    });
    const written = await call("/api/ai/analyze-content", { token: writer.body.data.token as string, body });
    expect(written.status, written.body.message).toBe(200);
    expectCountdown(written.headers, since, [String(aiLimit), String(aiLimit - 3), "10", null]);
  });
});
