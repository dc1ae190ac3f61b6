import { describe, expect, it } from "vitest";
import type { Platform } from "../platform-profile";
import { type PostFields, postFieldsSchema, postProblems } from "./rules";

const NOW = Date.now();
const ctx = (mediaRequired: boolean) => ({
  now: NOW,
  timeZone: "UTC",
  mediaKind: () => "image" as const,
  mediaRequired,
});

/** A text-only post published now to `platforms`, one account each. */
const textOnly = (platforms: Platform[], extra: Record<string, unknown> = {}): PostFields =>
  postFieldsSchema.parse({
    content: "Just words today",
    platforms,
    selectedAccounts: Object.fromEntries(platforms.map((p) => [p, [`${p}-1`]])),
    publishNow: true,
    ...extra,
  });

describe("Every post needs media (a workspace setting)", () => {
  it("on (the default, SPEC's rule): a text-only post is refused with SPEC's message", () => {
    expect(postProblems(textOnly(["twitter"]), ctx(true))).toEqual(["Images are required for all posts"]);
  });

  it("off: X, LinkedIn, Threads and Facebook take a text-only post", () => {
    expect(postProblems(textOnly(["twitter", "linkedin", "threads", "facebook"]), ctx(false))).toEqual([]);
  });

  it("off: Instagram and YouTube still need media, each with its own message, beside the networks that do not", () => {
    expect(postProblems(textOnly(["instagram", "twitter"]), ctx(false))).toEqual([
      "Instagram posts need at least one image or video",
    ]);
    expect(postProblems(textOnly(["youtube", "linkedin"], { title: "Words" }), ctx(false))).toEqual([
      "YouTube posts require at least one video",
    ]);
  });

  it("a draft is saved without media either way", () => {
    for (const on of [true, false])
      expect(postProblems(textOnly(["instagram"], { publishNow: false, status: "draft" }), ctx(on))).toEqual([]);
  });
});
