import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { describe, expect, it } from "vitest";
import { failureOf } from "../http/failure";
import { toDomainError } from "./openai-errors";
import { cleanHashtags, cleanMentions, shapeGenerated, shapeOptimized } from "./shape";

const input = {
  prompt: "p",
  platforms: ["twitter" as const, "linkedin" as const],
  tone: "casual" as const,
  includeHashtags: true,
  maxLength: 280,
};

describe("shaping model output", () => {
  it("recomputes counts and trims to min(maxLength, platform limit), whatever the model claims", () => {
    const long = "word ".repeat(400);
    const out = shapeGenerated(
      input,
      [
        { platform: "twitter", content: long },
        { platform: "linkedin", content: "Fine #ok" },
      ],
      "openai",
      () => "id",
    );
    expect(out.content.twitter!.characterCount).toBeLessThanOrEqual(280);
    expect(out.content.twitter!.withinLimit).toBe(true);
    expect(out.content.linkedin).toMatchObject({ content: "Fine #ok", characterCount: 8, withinLimit: true });
    expect(out.suggestions[1]).toMatchObject({ hashtags: ["#ok"], platforms: ["linkedin"], provider: "openai" });
  });
  it("treats a missing platform as an invalid response", () => {
    expect(() => shapeGenerated(input, [{ platform: "twitter", content: "hi" }], "openai", () => "id")).toThrow(
      "Invalid response format",
    );
  });
  it("cleans hashtags: prefix, characters, duplicates, numbers, counts", () => {
    expect(cleanHashtags(["coffee", "#Coffee", "#cold brew!", "#2024", "", "#a", "#b", "#c"], "facebook", 10)).toEqual([
      "#coffee",
      "#coldbrew",
      "#a",
      "#b",
      "#c",
    ]);
    expect(cleanHashtags(["a", "b", "c"], "twitter", 10)).toEqual(["#a", "#b"]);
  });
  it("never marks a mention as verified", () => {
    const m = cleanMentions([{ handle: "acme co", name: "", type: "brand", reason: "r", verified: true } as never], 5);
    expect(m).toEqual([{ handle: "@acmeco", name: "acmeco", type: "brand", reason: "r", verified: false }]);
  });
  it("notes a trim the optimizer did not make itself", () => {
    const r = shapeOptimized(
      "o",
      "twitter",
      { optimizedContent: "x ".repeat(300), improvements: ["a"], suggestions: [] },
      "openai",
    );
    expect(r.improvements).toEqual(["a", `Trimmed to ${r.characterCount} characters to fit the X limit of 280`]);
  });
});

describe("SDK errors to envelopes", () => {
  it("maps timeouts, connection failures, 429 and 5xx", () => {
    expect(failureOf(toDomainError(new APIConnectionTimeoutError()))).toMatchObject({
      status: 503,
      message: "The AI service took too long to answer. Please try again.",
    });
    expect(failureOf(toDomainError(new APIConnectionError({ message: "x" })))).toMatchObject({
      status: 503,
      message: "Unable to connect to AI services. Please check your connection.",
    });
    expect(failureOf(toDomainError(APIError.generate(429, undefined, "slow down", new Headers())))).toMatchObject({
      status: 429,
      message: "Too many requests. Please try again later.",
    });
    expect(failureOf(toDomainError(APIError.generate(503, undefined, "down", new Headers())))).toMatchObject({
      status: 502,
    });
    expect(failureOf(toDomainError(new SyntaxError("bad json")))).toMatchObject({
      status: 502,
      message: "Invalid response format",
    });
  });
});
