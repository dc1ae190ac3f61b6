import { describe, expect, it } from "vitest";
import { captionLength } from "./caption-length";

/** Weighted counts from twitter-text's conformance suite (validate.yml, WeightedTweetsCounterTest v3). */
describe("captionLength", () => {
  it.each([
    ["a".repeat(280), 280],
    ["😀".repeat(150), 300], // each emoji weighs 2
    ["👨‍👩‍👧‍👦", 2], // a ZWJ family sequence is one emoji
    ["日本語のテキスト", 16], // CJK weighs 2
    ["Check https://example.com/a/very/long/path?with=query&and=more", 29], // every URL counts 23
    ["café", 4],
  ])("X counts %j as %i", (text, weight) => {
    expect(captionLength("twitter", text)).toBe(weight);
  });

  it("Mastodon counts graphemes, every link as 23 and a remote mention by its local part, with the content warning", () => {
    const link = `https://bakery.example/${"a".repeat(100)}`;
    expect(captionLength("mastodon", `See ${link}`)).toBe(4 + 23);
    expect(captionLength("mastodon", "bakery.example/menu")).toBe(19); // no scheme: not a link to Mastodon
    expect(captionLength("mastodon", "Hi @baker@mastodon.example!")).toBe("Hi @baker!".length);
    expect(captionLength("mastodon", "👋🏽 hi")).toBe(4);
    expect(captionLength("mastodon", "Loaves", "Food")).toBe(10);
  });

  it("TikTok counts UTF-16 code units", () => {
    expect(captionLength("tiktok", "😀".repeat(3))).toBe(6);
    expect(captionLength("tiktok", "café")).toBe(4);
  });

  it("Bluesky counts graphemes, and every 10 bytes as one once its 3,000-byte limit binds first", () => {
    expect(captionLength("bluesky", "👍🏽".repeat(300))).toBe(300); // 8 bytes each: 2,400 bytes, within both
    expect(captionLength("bluesky", "é".repeat(301))).toBe(301);
    const family = "👨‍👩‍👧‍👦"; // one grapheme of 25 UTF-8 bytes
    expect(captionLength("bluesky", family.repeat(120))).toBe(300); // 3,000 bytes: at the limit
    expect(captionLength("bluesky", `${family.repeat(120)}!`)).toBe(301); // 3,001 bytes: over it
    expect(captionLength("bluesky", family.repeat(150))).toBe(375);
  });

  it("other platforms count code points", () => {
    expect(captionLength("threads", "😀".repeat(150))).toBe(150);
    expect(captionLength("linkedin", "日本語")).toBe(3);
    expect(captionLength(null, "👋🏽")).toBe(2);
  });
});
