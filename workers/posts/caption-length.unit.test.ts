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

  it("other platforms count code points", () => {
    expect(captionLength("threads", "😀".repeat(150))).toBe(150);
    expect(captionLength("linkedin", "日本語")).toBe(3);
    expect(captionLength(null, "👋🏽")).toBe(2);
  });
});
