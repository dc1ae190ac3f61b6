import { describe, expect, it } from "vitest";
import { effectiveVersion, storedVersion, versionProblems } from "./channel-version";

const post = { content: "Fresh rye", hashtags: ["bakery"], mediaIds: ["m1", "m2"], title: "Rye" };

describe("effectiveVersion", () => {
  it("is the post as it is when the channel overrides nothing", () => {
    expect(effectiveVersion(post, { platform: "twitter", version: null })).toEqual({
      customized: false,
      text: "Fresh rye",
      caption: "Fresh rye\n\n#bakery",
      parts: ["Fresh rye\n\n#bakery"],
      mediaIds: ["m1", "m2"],
      title: "Rye",
      options: {},
      firstComment: null,
    });
  });
  it("publishes a channel's own text exactly as written, with its media, title, comment and thread", () => {
    const v = effectiveVersion(post, {
      platform: "twitter",
      version: { text: "Rye!", media: ["m2"], firstComment: "Link below", thread: ["Part 2"] },
    });
    expect(v).toMatchObject({ customized: true, caption: "Rye!", parts: ["Rye!", "Part 2"], mediaIds: ["m2"] });
    expect(v.firstComment).toBe("Link below");
  });
  it("ignores a thread or first comment the network cannot take", () => {
    const v = effectiveVersion(post, { platform: "youtube", version: { thread: ["x"], firstComment: "y" } });
    expect(v.parts).toHaveLength(1);
    expect(v.firstComment).toBeNull();
    expect(versionProblems("youtube", { thread: ["x"], firstComment: "y" }, v)).toEqual([
      "YouTube does not support threads",
      "YouTube does not support a first comment",
    ]);
  });
});

describe("versionProblems", () => {
  it("names the part of a thread that is over the limit, and a blank own text", () => {
    const version = { text: "", thread: ["a".repeat(281)] };
    const v = effectiveVersion(post, { platform: "twitter", version });
    expect(versionProblems("twitter", version, v)).toEqual([
      "Please enter some content for X",
      expect.stringMatching(/^Part 2 of the thread exceeds X limit \(281\/280\)/),
    ]);
  });
  it("refuses options of another network", () => {
    const version = { options: { privacy: "unlisted" as const } };
    expect(versionProblems("linkedin", version, effectiveVersion(post, { platform: "linkedin", version }))).toEqual([
      "Privacy is not an option for LinkedIn",
    ]);
  });
});

describe("storedVersion", () => {
  it("keeps only what overrides, and null for nothing", () => {
    expect(storedVersion({ platform: "twitter", accountId: "a", text: null, thread: [" "] })).toBeNull();
    expect(storedVersion({ platform: "twitter", accountId: "a", text: "", media: ["m", "m"] })).toEqual({
      text: "",
      media: ["m"],
    });
  });
});
