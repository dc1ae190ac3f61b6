import { describe, expect, it } from "vitest";
import { postFieldsSchema, postProblems } from "./rules";

const ctx = { now: Date.now(), timeZone: "UTC", mediaKind: () => "image" as const, mediaRequired: true };
const X_LIMIT = /^Content exceeds character limit \(300\/280\)/;

/** Issue 42: a channel over its limit must not stop a draft; the limits stop scheduling and publishing only. */
describe("length limits and drafts", () => {
  const over = {
    content: "x".repeat(300),
    platforms: ["twitter"],
    channels: [{ platform: "twitter", accountId: "t-1", thread: ["y".repeat(300)], firstComment: "z".repeat(300) }],
    selectedAccounts: { twitter: ["t-1"] },
    title: "t".repeat(101),
  };

  it("a draft over every length limit (text, thread part, first comment, YouTube title) has no problem", () => {
    const draft = postFieldsSchema.parse({ ...over, status: "draft" });
    expect(postProblems(draft, ctx)).toEqual([]);
    const youtube = postFieldsSchema.parse({ content: "Clip", platforms: ["youtube"], title: "t".repeat(101) });
    expect(postProblems(youtube, ctx)).toEqual([]);
  });

  it("publishing the same post names each limit", () => {
    const problems = postProblems(postFieldsSchema.parse({ ...over, publishNow: true, images: ["m-1"] }), ctx);
    expect(problems[0]).toMatch(X_LIMIT);
    expect(problems).toContain("Part 2 of the thread exceeds X limit (300/280)");
  });

  it("a draft still keeps the other content rules", () => {
    const draft = postFieldsSchema.parse({
      content: "Hi",
      hashtags: "a b c d e f",
      platforms: ["facebook"],
      status: "draft",
    });
    expect(postProblems(draft, ctx)).toEqual(["Too many hashtags for Facebook (6/5)"]);
  });
});
