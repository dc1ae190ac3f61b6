import { describe, expect, it } from "vitest";
import type { Platform } from "../../../workers/platform-profile";
import { characterLimitFor } from "../../../workers/posts/public";
import { accountCharacterLimit, contentCounter, platformLimitMessages, selectedLimit, words } from "./content-limits";

describe("content counter", () => {
  it("counts against the smallest selected platform", () => {
    expect(contentCounter("hello", [], ["linkedin", "twitter"])).toEqual({
      count: 5,
      max: 280,
      platform: "twitter",
      over: false,
    });
    expect(contentCounter("x".repeat(281), [], ["linkedin", "twitter"]).over).toBe(true);
    expect(contentCounter("hi", [], [])).toMatchObject({ max: 2200, platform: null });
  });
  it("counts the listed hashtags the caption will carry, emoji as one character, and on X by X's weights", () => {
    expect(contentCounter("🙂 hi", ["summer"], ["threads"]).count).toBe([..."🙂 hi\n\n#summer"].length);
    expect(contentCounter("🙂 hi", ["summer"], ["twitter"]).count).toBe([..."🙂 hi\n\n#summer"].length + 1);
    expect(contentCounter("😀".repeat(150), [], ["twitter"])).toMatchObject({ count: 300, max: 280, over: true });
  });
  it("counts Bluesky's 3,000-byte limit with its 300 characters, as publishing holds it to both", () => {
    // 150 family emoji: 150 characters to the eye, 3,750 bytes to Bluesky, which pre-flight refuses.
    expect(contentCounter("👨‍👩‍👧‍👦".repeat(150), [], ["bluesky", "linkedin"])).toMatchObject({
      count: 375,
      max: 300,
      platform: "bluesky",
      over: true,
    });
    expect(contentCounter("👍🏽".repeat(300), [], ["bluesky"])).toMatchObject({ count: 300, over: false });
  });
  it("holds a TikTok photo post to its description's 4,000 characters and a video to the caption's 2,200", () => {
    const photos = characterLimitFor("tiktok", ["image", "image"]);
    expect(contentCounter("a".repeat(3000), [], ["tiktok"], (p) => selectedLimit(p, [], [], photos))).toMatchObject({
      max: 4000,
      over: false,
    });
    expect(
      contentCounter("a".repeat(3000), [], ["tiktok"], (p) =>
        selectedLimit(p, [], [], characterLimitFor(p, ["video"])),
      ),
    ).toMatchObject({ max: 2200, over: true });
  });
  it("names every platform over its limit", () => {
    expect(platformLimitMessages("x".repeat(600), [], ["twitter", "threads", "linkedin"])).toEqual([
      "Content exceeds X limit (600/280); X counts most emoji and CJK characters as 2 and every link as 23",
      "Content exceeds Threads limit (600/500)",
    ]);
  });
  it("splits the hashtag and mention fields", () => {
    expect(words("#a b, #a  @c", "#")).toEqual(["a", "b", "@c"]);
    expect(words("@ann @bo", "@")).toEqual(["ann", "bo"]);
  });
});

describe("accountCharacterLimit", () => {
  it("is the account's own server's limit where it sets one (Mastodon, ADR 059), else the platform's", () => {
    expect(
      accountCharacterLimit("mastodon", {
        metadata: { instance: "mastodon.example", limits: { maxCharacters: 1000 } },
      }),
    ).toBe(1000);
    expect(accountCharacterLimit("mastodon", { metadata: {} })).toBe(500);
    expect(accountCharacterLimit("twitter", null)).toBe(280);
  });

  it("lets the counter and the limit messages follow the chosen accounts' instances", () => {
    const accounts = [
      { id: "social", metadata: { limits: { maxCharacters: 500 } } },
      { id: "example", metadata: { limits: { maxCharacters: 1000 } } },
    ];
    const text = "a".repeat(700);
    const onExample = (p: Platform) => selectedLimit(p, ["example"], accounts);
    expect(contentCounter(text, [], ["mastodon"], onExample)).toEqual({
      count: 700,
      max: 1000,
      platform: "mastodon",
      over: false,
    });
    expect(platformLimitMessages(text, [], ["mastodon"], onExample)).toEqual([]);
    const onBoth = (p: Platform) => selectedLimit(p, ["social", "example"], accounts);
    expect(contentCounter(text, [], ["mastodon"], onBoth).over).toBe(true);
    expect(platformLimitMessages(text, [], ["mastodon"], onBoth)).toEqual(["Content exceeds Mastodon limit (700/500)"]);
    expect(selectedLimit("twitter", [], accounts)).toBe(280);
  });
});
