import { describe, expect, it } from "vitest";
import type { PlatformResponse } from "./http";
import { classifyLinkedInError, nextUtcMidnight } from "./linkedin-api";
import { authorUrn, buildPostBody, escapeCommentary } from "./linkedin-posts";

const classify = (status: number, data: unknown, headers: Headers, at: number) =>
  classifyLinkedInError({ status, data, headers } as PlatformResponse, at);

const now = Date.UTC(2026, 10, 23, 22, 0, 0);

describe("classifyLinkedInError", () => {
  it("maps §4.6 shapes to kinds and keeps LinkedIn's message", () => {
    const revoked = classify(
      401,
      {
        status: 401,
        serviceErrorCode: 65601,
        code: "REVOKED_ACCESS_TOKEN",
        message: "The token used in the request has been revoked by the user",
      },
      new Headers(),
      now,
    );
    expect([revoked.kind, revoked.message, revoked.details.code]).toEqual([
      "auth",
      "The token used in the request has been revoked by the user",
      65601,
    ]);
    expect(classify(403, { code: "ACCESS_DENIED", message: "Not enough permissions" }, new Headers(), now).kind).toBe(
      "auth",
    );
    const tooLong = classify(422, { status: 422, message: "commentary is too long" }, new Headers(), now);
    expect([tooLong.kind, tooLong.message]).toEqual(["permanent", "commentary is too long"]);
    expect(classify(400, {}, new Headers(), now).kind).toBe("permanent");
    expect(classify(502, "<html>", new Headers(), now).kind).toBe("retryable");
  });

  it("waits for Retry-After, else for the daily reset at midnight UTC", () => {
    expect(classify(429, {}, new Headers({ "Retry-After": "30" }), now).details.retryAfterMs).toBe(30_000);
    expect(classify(429, {}, new Headers(), now).details.retryAfterMs).toBe(2 * 3600_000);
    expect(nextUtcMidnight(now)).toBe(Date.UTC(2026, 10, 24));
  });
});

describe("posts", () => {
  it("escapes little-text reserved characters but keeps hashtags", () => {
    expect(escapeCommentary("Launch (beta) @team #news *now* a_b")).toBe(
      "Launch \\(beta\\) \\@team #news \\*now\\* a\\_b",
    );
  });

  it("builds person and organization authors", () => {
    expect(authorUrn({ accountType: "person", platformUserId: "782bbtaQ" })).toBe("urn:li:person:782bbtaQ");
    expect(authorUrn({ accountType: "organization", platformUserId: "123" })).toBe("urn:li:organization:123");
  });

  it("uses media for one item and multiImage for several", () => {
    const single = buildPostBody("urn:li:person:a", "hi", [{ urn: "urn:li:image:1", altText: "alt" }]);
    expect(single).toMatchObject({
      author: "urn:li:person:a",
      commentary: "hi",
      visibility: "PUBLIC",
      lifecycleState: "PUBLISHED",
      content: { media: { id: "urn:li:image:1", altText: "alt" } },
    });
    const multi = buildPostBody("urn:li:person:a", "hi", [{ urn: "urn:li:image:1" }, { urn: "urn:li:image:2" }]);
    expect(multi.content).toEqual({ multiImage: { images: [{ id: "urn:li:image:1" }, { id: "urn:li:image:2" }] } });
    expect("content" in buildPostBody("urn:li:person:a", "hi", [])).toBe(false);
  });
});
