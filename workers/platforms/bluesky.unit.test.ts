import { describe, expect, it } from "vitest";
import { captionLength } from "../posts/caption-length";
import { cardFromHtml } from "./bluesky-card";
import { findFacets, graphemeCount, toFacets, utf8Length } from "./bluesky-facets";
import { type DidDocument, handleIn, normalHandle, pdsIn } from "./bluesky-identity";
import { isTid, postRecordKey, replyRecordKey, tid, tidClockId, tidMicros } from "./bluesky-tid";
import { jwtExpiry, xrpcError } from "./bluesky-xrpc";

describe("Bluesky facets", () => {
  const text = "✨ hi @alice.bsky.social, see https://example.com/a?b=1. #café! 👍🏽 #2024 (#ok)";

  it("finds mentions, links and hashtags at UTF-8 byte offsets, without trailing punctuation", () => {
    expect(findFacets(text)).toEqual([
      { kind: "mention", byteStart: 7, byteEnd: 25, handle: "alice.bsky.social" },
      { kind: "link", byteStart: 31, byteEnd: 56, uri: "https://example.com/a?b=1" },
      { kind: "tag", byteStart: 58, byteEnd: 64, tag: "café" },
    ]);
    // The slices are exactly what the text shows, read as bytes.
    const bytes = new TextEncoder().encode(text);
    const slice = (s: number, e: number) => new TextDecoder().decode(bytes.slice(s, e));
    expect(findFacets(text).map((f) => slice(f.byteStart, f.byteEnd))).toEqual([
      "@alice.bsky.social",
      "https://example.com/a?b=1",
      "#café",
    ]);
  });

  it("turns found facets into the lexicon's shape, dropping a mention that did not resolve", () => {
    const facets = toFacets(findFacets("@alice.bsky.social and @nobody.example #x"), (h) =>
      h === "alice.bsky.social" ? "did:plc:alice" : null,
    );
    expect(facets).toEqual([
      {
        index: { byteStart: 0, byteEnd: 18 },
        features: [{ $type: "app.bsky.richtext.facet#mention", did: "did:plc:alice" }],
      },
      { index: { byteStart: 39, byteEnd: 41 }, features: [{ $type: "app.bsky.richtext.facet#tag", tag: "x" }] },
    ]);
  });

  it("ignores an email address, a number-only tag and a tag over 64 graphemes", () => {
    expect(findFacets(`mail me@example.com #123 #${"a".repeat(65)}`)).toEqual([]);
  });

  it("counts graphemes, not code points or bytes", () => {
    expect(graphemeCount("👍🏽e\u0301🇫🇷")).toBe(3);
    expect([..."👍🏽e\u0301🇫🇷"].length).toBe(6);
    expect(utf8Length("👍🏽")).toBe(8);
    // Validation, pre-flight and the composer's counter count Bluesky's text this way; others by code points.
    expect(captionLength("bluesky", "👍🏽".repeat(300))).toBe(300);
    expect(captionLength("threads", "👍🏽")).toBe(2);
  });
});

describe("Bluesky record keys", () => {
  it("writes TIDs as 13 base32-sortable characters that read back", () => {
    expect(tid(0, 0)).toBe("2222222222222");
    const key = tid(1_733_300_000_123_456, 777);
    expect(isTid(key)).toBe(true);
    expect(tidMicros(key)).toBe(1_733_300_000_123_456);
    expect(tidClockId(key)).toBe(777);
    // Later times sort later as strings.
    expect(tid(1_733_300_000_123_457, 0) > tid(1_733_300_000_123_456, 1023)).toBe(true);
  });

  it("gives a target the same key on every attempt and another target another key", () => {
    const created = Date.UTC(2026, 0, 1);
    expect(postRecordKey("target-1", created)).toBe(postRecordKey("target-1", created));
    expect(postRecordKey("target-2", created)).not.toBe(postRecordKey("target-1", created));
    expect(tidMicros(postRecordKey("target-1", created))).toBe(created * 1000);
  });

  it("keys a reply after its parent, by its text", () => {
    const parent = postRecordKey("target-1", Date.UTC(2026, 0, 1));
    const part = replyRecordKey(parent, "part two");
    expect(isTid(part)).toBe(true);
    expect(part).toBe(replyRecordKey(parent, "part two"));
    expect(part).not.toBe(replyRecordKey(parent, "a first comment"));
    expect(tidMicros(part) - tidMicros(parent)).toBeGreaterThan(0);
    expect(tidMicros(part) - tidMicros(parent)).toBeLessThan(1_000_000);
  });
});

describe("Bluesky identity documents", () => {
  const doc = (over: Partial<DidDocument> = {}): DidDocument => ({
    id: "did:plc:abc",
    alsoKnownAs: ["at://alice.example.com"],
    service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: "https://pds.example.net/" }],
    ...over,
  });

  it("reads the PDS from the #atproto_pds service (relative or full id), https only", () => {
    expect(pdsIn(doc())).toBe("https://pds.example.net");
    expect(
      pdsIn(
        doc({
          service: [
            { id: "did:plc:abc#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: "https://x.io" },
          ],
        }),
      ),
    ).toBe("https://x.io");
    expect(
      pdsIn(
        doc({ service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: "http://x.io" }] }),
      ),
    ).toBeNull();
    expect(
      pdsIn(doc({ service: [{ id: "#bsky_fg", type: "BskyFeedGenerator", serviceEndpoint: "https://x.io" }] })),
    ).toBeNull();
  });

  it("reads the handle the document claims and normalises typed handles", () => {
    expect(handleIn(doc())).toBe("alice.example.com");
    expect(handleIn(doc({ alsoKnownAs: [] }))).toBeNull();
    expect(normalHandle(" @Alice.BSKY.social ")).toBe("alice.bsky.social");
    expect(normalHandle("alice")).toBeNull();
    expect(normalHandle("alice@example.com")).toBeNull();
  });
});

describe("XRPC errors", () => {
  const answer = (status: number, data: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers(headers),
    data,
  });
  const now = Date.UTC(2026, 5, 1);

  it("waits for the rate limit window's reset, and treats 5xx as retryable", () => {
    const limited = xrpcError(
      answer(
        429,
        { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
        { "ratelimit-reset": String(now / 1000 + 90) },
      ),
      now,
    );
    expect([limited.kind, limited.details.retryAfterMs]).toEqual(["retryable", 90_000]);
    expect(xrpcError(answer(502, "Bad Gateway"), now).kind).toBe("retryable");
  });

  it("asks for a refresh on a refused token, keeps Bluesky's words otherwise", () => {
    expect(xrpcError(answer(400, { error: "ExpiredToken", message: "Token has expired" }), now).kind).toBe("auth");
    expect(xrpcError(answer(401, { error: "InvalidToken", message: "Bad token" }), now).kind).toBe("auth");
    const bad = xrpcError(answer(400, { error: "InvalidRequest", message: "Invalid app.bsky.feed.post record" }), now);
    expect([bad.kind, bad.message, bad.details.code]).toEqual([
      "permanent",
      "Invalid app.bsky.feed.post record",
      "InvalidRequest",
    ]);
  });

  it("reads a JWT's expiry, and none from an opaque token", () => {
    const payload = btoa(JSON.stringify({ exp: 1_900_000_000 })).replace(/=+$/, "");
    expect(jwtExpiry(`e30.${payload}.sig`)).toBe(1_900_000_000_000);
    expect(jwtExpiry("opaque")).toBeNull();
  });
});

describe("Bluesky link cards", () => {
  it("reads Open Graph tags, resolving a relative image, and falls back to the page title", () => {
    const html = `<html><head><meta property="og:title" content="Fresh &amp; warm">
      <meta name="description" content="Our  bakery"><meta property="og:image" content="/img/loaf.jpg"></head></html>`;
    expect(cardFromHtml("https://bakery.example/p", html)).toEqual({
      uri: "https://bakery.example/p",
      title: "Fresh & warm",
      description: "Our bakery",
      image: "https://bakery.example/img/loaf.jpg",
    });
    expect(cardFromHtml("https://x.example", "<title>Just a title</title>")).toMatchObject({
      title: "Just a title",
      description: "",
      image: null,
    });
    expect(cardFromHtml("https://x.example", "<p>no head</p>")).toBeNull();
  });
});
