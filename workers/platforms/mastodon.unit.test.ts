import { describe, expect, it } from "vitest";
import { normalizeInstance } from "./instance";
import { classifyMastodonError, rateLimitWait } from "./mastodon-api";
import { linkTarget } from "./mastodon-notifications";
import { instanceLimits, plainText } from "./mastodon-shapes";

describe("the instance a user types", () => {
  it("is reduced to its host, whatever the user pasted", () => {
    expect(normalizeInstance(" Mastodon.Social ")).toBe("mastodon.social");
    expect(normalizeInstance("https://fosstodon.org/@someone")).toBe("fosstodon.org");
    expect(normalizeInstance("@me@hachyderm.io")).toBe("hachyderm.io");
    expect(normalizeInstance("social.example:8443")).toBe("social.example:8443");
  });

  it("is refused when it is not a domain", () => {
    for (const bad of ["", "localhost", "not a domain", "http://", "127.0.0.1", "-bad-.example"])
      expect(normalizeInstance(bad)).toBeNull();
  });
});

describe("an instance's limits", () => {
  it("are read from GET /api/v2/instance's configuration", () => {
    const limits = instanceLimits({
      configuration: {
        statuses: { max_characters: 1000, max_media_attachments: 6, characters_reserved_per_url: 23 },
        media_attachments: { image_size_limit: 8_388_608, video_size_limit: 41_943_040 },
      },
    });
    expect(limits).toEqual({
      maxCharacters: 1000,
      maxMediaAttachments: 6,
      charactersReservedPerUrl: 23,
      imageSizeLimit: 8_388_608,
      videoSizeLimit: 41_943_040,
    });
  });

  it("fall back to Mastodon's defaults for what an older server or a fork leaves out", () => {
    expect(instanceLimits({ configuration: { statuses: { max_characters: "lots" } } })).toEqual({
      maxCharacters: 500,
      maxMediaAttachments: 4,
      charactersReservedPerUrl: 23,
      imageSizeLimit: 16 * 1024 * 1024,
      videoSizeLimit: 103_809_024,
    });
  });
});

describe("Mastodon's answers", () => {
  const res = (status: number, data: unknown, headers: Record<string, string> = {}) => ({
    status,
    data,
    headers: new Headers(headers),
  });
  const now = Date.parse("2030-01-01T00:00:00Z");

  it("wait for X-RateLimit-Reset (an ISO time) once nothing remains", () => {
    const headers = new Headers({ "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "2030-01-01T00:02:00.000Z" });
    expect(rateLimitWait(headers, now)).toBe(120_000);
    expect(
      rateLimitWait(new Headers({ "X-RateLimit-Remaining": "12", "X-RateLimit-Reset": "2030-01-01T00:02:00Z" }), now),
    ).toBeUndefined();
    const limited = classifyMastodonError(
      res(
        429,
        { error: "Too many requests" },
        { "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "2030-01-01T00:05:00Z" },
      ),
      now,
    );
    expect([limited.kind, limited.message, limited.details.retryAfterMs]).toEqual([
      "retryable",
      "Too many requests",
      300_000,
    ]);
  });

  it("keep the instance's own words and say who must act", () => {
    const cases: [number, unknown, string, string][] = [
      [401, { error: "The access token is invalid" }, "auth", "The access token is invalid"],
      [
        403,
        { error: "This action is outside the authorized scopes" },
        "auth",
        "This action is outside the authorized scopes",
      ],
      [
        422,
        { error: "Validation failed: Text character limit of 500 exceeded" },
        "permanent",
        "Validation failed: Text character limit of 500 exceeded",
      ],
      [404, { error: "Record not found" }, "permanent", "Record not found"],
      [503, "<html>down</html>", "retryable", "Mastodon answered HTTP 503"],
    ];
    for (const [status, body, kind, message] of cases) {
      const err = classifyMastodonError(res(status, body), now);
      expect([err.kind, err.message]).toEqual([kind, message]);
    }
  });

  it("render a status's HTML content back to its text", () => {
    expect(plainText("<p>One &amp; two<br />three</p><p>&lt;four&gt;</p>")).toBe("One & two\nthree\n\n<four>");
  });
});

describe("linkTarget", () => {
  it("reads a page's neighbour from the Link header as a path on the instance", () => {
    const link =
      '<https://mastodon.example/api/v1/notifications?limit=40&max_id=100>; rel="next", <https://mastodon.example/api/v1/notifications?limit=40&min_id=200>; rel="prev"';
    expect(linkTarget(link, "prev")).toBe("/api/v1/notifications?limit=40&min_id=200");
    expect(linkTarget(link, "next")).toBe("/api/v1/notifications?limit=40&max_id=100");
    expect(linkTarget(null, "prev")).toBeNull();
  });
});
