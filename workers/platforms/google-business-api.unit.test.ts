import { describe, expect, it } from "vitest";
import { classifyBusinessError, NOT_APPROVED } from "./google-business-api";

const answer = (status: number, error: object, retryAfterMs?: number) => ({
  status,
  data: { error: { code: status, ...error } },
  headers: new Headers(),
  retryAfterMs,
});

describe("classifyBusinessError", () => {
  it("waits out a 429 for Google's minute when no Retry-After came", () => {
    const err = classifyBusinessError(
      answer(429, {
        status: "RESOURCE_EXHAUSTED",
        message: "Quota exceeded",
        details: [{ reason: "RATE_LIMIT_EXCEEDED", metadata: { quota_limit_value: "10" } }],
      }),
    );
    expect(err.kind).toBe("retryable");
    expect(err.details).toMatchObject({ status: 429, code: "RATE_LIMIT_EXCEEDED", retryAfterMs: 60_000 });
  });

  it("retries a 5xx on the usual backoff, not as a rate limit, unless Google names a wait", () => {
    const outage = classifyBusinessError(
      answer(503, { status: "UNAVAILABLE", message: "The service is unavailable." }),
    );
    expect(outage.kind).toBe("retryable");
    expect(outage.details).toMatchObject({ status: 503, code: "UNAVAILABLE" });
    expect(outage.details.retryAfterMs).toBeUndefined();
    const named = classifyBusinessError(answer(500, { status: "INTERNAL", message: "Internal error" }, 5_000));
    expect(named.details.retryAfterMs).toBe(5_000);
  });

  it("reads a quota of 0 as an unapproved project, permanent", () => {
    const err = classifyBusinessError(
      answer(429, {
        status: "RESOURCE_EXHAUSTED",
        details: [{ reason: "RATE_LIMIT_EXCEEDED", metadata: { quota_limit_value: "0" } }],
      }),
    );
    expect(err.kind).toBe("permanent");
    expect(err.message).toBe(NOT_APPROVED);
  });
});
