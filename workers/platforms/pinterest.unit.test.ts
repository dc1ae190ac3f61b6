import { describe, expect, it } from "vitest";
import { classifyPinterestError } from "./pinterest-api";

const answer = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  classifyPinterestError({ status, data, headers: new Headers(headers) });

describe("Pinterest's errors, classified", () => {
  it("a refused token asks for a new consent; a missing scope names none so the caller's is added", () => {
    expect(answer(401, { code: 2, message: "Authentication failed." })).toMatchObject({
      kind: "auth",
      message: "Authentication failed.",
      details: { code: 2, status: 401 },
    });
    expect(answer(403, { code: 3, message: "Authorization failed." })).toMatchObject({
      kind: "auth",
      details: { denied: { permission: null } },
    });
  });

  it("a 429 waits for x-ratelimit-reset seconds; a 5xx is retried; other refusals are final", () => {
    expect(answer(429, { code: 8, message: "Slow down" }, { "x-ratelimit-reset": "42" })).toMatchObject({
      kind: "retryable",
      details: { retryAfterMs: 42_000 },
    });
    expect(answer(503, "Service Unavailable").kind).toBe("retryable");
    expect(answer(404, { code: 40, message: "Board not found." })).toMatchObject({
      kind: "permanent",
      message: "Board not found.",
    });
    // A 403 that is not about scopes (a board of someone else's) is final too.
    expect(answer(403, { code: 29, message: "You are not permitted to access that resource." }).kind).toBe("permanent");
  });

  it("an OAuth-style body still gives its description", () => {
    expect(answer(400, { error: "invalid_grant", error_description: "Code expired" }).message).toBe("Code expired");
  });
});
