import { describe, expect, it } from "vitest";
import { type PreflightAccount, type PreflightMedia, preflight } from "./preflight";
import { postFieldsSchema, postProblems } from "./rules";

/**
 * TikTok's Content Posting API takes a video's caption (post_info.title) of up to 2,200 UTF-16 runes and a photo
 * post's description of up to 4,000 (PLATFORMS.md §11.3; the API reference's "Photo post").
 */
const NOW = Date.UTC(2027, 0, 1);
const kinds: Record<string, "image" | "video"> = { photo: "image", clip: "video" };
const ctx = { now: NOW, timeZone: "UTC", mediaKind: (id: string) => kinds[id], mediaRequired: true };
const item = (id: string): PreflightMedia => ({
  id,
  originalName: id === "clip" ? "clip.mp4" : "photo.jpg",
  fileType: kinds[id]!,
  format: id === "clip" ? "mp4" : "jpg",
  size: 1000,
  width: 1080,
  height: 1920,
  duration: id === "clip" ? 20 : null,
});
const account: PreflightAccount = {
  id: "tt",
  platform: "tiktok",
  username: "bakery",
  status: "connected",
  tokenExpiresAt: null,
};

function problems(content: string, media: "photo" | "clip", channel?: { text: string }) {
  const fields = postFieldsSchema.parse({
    content,
    platforms: ["tiktok"],
    selectedAccounts: { tiktok: ["tt"] },
    channels: channel ? [{ platform: "tiktok", accountId: "tt", ...channel }] : [],
    [media === "photo" ? "images" : "videos"]: [media],
    publishNow: true,
  });
  const version = { ...(channel ?? {}), options: { tiktokPrivacy: "SELF_ONLY" as const } };
  return [
    ...postProblems(fields, ctx),
    ...preflight(
      {
        content,
        hashtags: [],
        platforms: ["tiktok"],
        targets: [{ platform: "tiktok", accountId: "tt", version }],
        media: [item(media)],
      },
      [account],
      NOW,
    ).map((p) => p.message),
  ];
}

describe("TikTok's caption limits", () => {
  it("a photo post's description takes 4,000 characters", () => {
    expect(problems("a".repeat(4000), "photo")).toEqual([]);
    expect(problems("a".repeat(4001), "photo")).toEqual([
      "Content exceeds character limit (4001/4000); TikTok counts most emoji as 2",
      "Content exceeds TikTok limit (4001/4000); TikTok counts most emoji as 2",
    ]);
  });

  it("a video's caption takes 2,200", () => {
    expect(problems("a".repeat(2200), "clip")).toEqual([]);
    expect(problems("a".repeat(2201), "clip")[0]).toBe(
      "Content exceeds character limit (2201/2200); TikTok counts most emoji as 2",
    );
  });

  it("a channel's own text over a photo post is held to the description's limit", () => {
    expect(problems("Hi", "photo", { text: "a".repeat(3000) })).toEqual([]);
    expect(problems("Hi", "photo", { text: "a".repeat(4001) })[0]).toMatch(
      /^Content exceeds TikTok limit \(4001\/4000\)/,
    );
  });
});
