import { describe, expect, it } from "vitest";
import type { PlatformResponse } from "./http";
import { buildVideoResource } from "./youtube";
import { classifyYouTubeError, nextPacificMidnight } from "./youtube-api";
import { persistedBytes } from "./youtube-upload";

const classify = (status: number, data: unknown, headers: Headers, at: number) =>
  classifyYouTubeError({ status, data, headers } as PlatformResponse, at);

const now = Date.UTC(2026, 10, 23, 12, 0, 0); // 04:00 in Los Angeles (PST, UTC-8)
const quota = {
  error: {
    code: 403,
    message: "The request cannot be completed because you have exceeded your quota.",
    errors: [{ message: "…", domain: "youtube.quota", reason: "quotaExceeded" }],
  },
};

describe("classifyYouTubeError", () => {
  it("defers exhausted quota to the next Pacific midnight", () => {
    const e = classify(403, quota, new Headers(), now);
    expect([e.kind, e.message, e.details.code]).toEqual(["retryable", quota.error.message, "quotaExceeded"]);
    expect(e.details.retryAfterMs).toBe(20 * 3600_000);
    expect(nextPacificMidnight(now)).toBe(Date.UTC(2026, 10, 24, 8));
  });

  it("maps auth, throttling, outages and bad requests", () => {
    const unauth = {
      error: {
        code: 401,
        message: "Request had invalid authentication credentials.",
        status: "UNAUTHENTICATED",
        errors: [{ reason: "authError", domain: "global" }],
      },
    };
    expect(classify(401, unauth, new Headers(), now).kind).toBe("auth");
    expect(classify(403, { error: { errors: [{ reason: "rateLimitExceeded" }] } }, new Headers(), now).kind).toBe(
      "retryable",
    );
    expect(classify(500, {}, new Headers({ "Retry-After": "5" }), now).details.retryAfterMs).toBe(5000);
    const bad = classify(
      400,
      { error: { message: "Invalid video title", errors: [{ reason: "invalidTitle" }] } },
      new Headers(),
      now,
    );
    expect([bad.kind, bad.message]).toEqual(["permanent", "Invalid video title"]);
  });
});

describe("resumable upload helpers", () => {
  it("reads how many bytes the server persisted", () => {
    expect(persistedBytes("bytes=0-524287")).toBe(524288);
    expect(persistedBytes(null)).toBe(0);
  });

  it("titles a video from its first line, ≤ 100 characters, and tags it with the marker", () => {
    const r = buildVideoResource({ marker: "t1", text: `${"x".repeat(120)}\nmore`, media: [] });
    expect(r.snippet.title).toHaveLength(100);
    expect(r.snippet.tags).toEqual(["postline-t1"]);
    expect(buildVideoResource({ marker: "t1", text: "body", title: " My video ", media: [] }).snippet.title).toBe(
      "My video",
    );
  });
});
