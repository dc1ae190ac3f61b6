import { describe, expect, it } from "vitest";
import { captionLength } from "../posts/caption-length";
import { findFacets, graphemeCount, toFacets, utf8Length } from "./bluesky-facets";
import { isTid, postRecordKey, replyRecordKey, tid, tidClockId, tidMicros } from "./bluesky-tid";

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
