import { describe, expect, it } from "vitest";
import type { StoredVersion } from "./channel-version";
import { type PreflightAccount, type PreflightMedia, preflight } from "./preflight";
import { postSchema } from "./rules";

const NOW = Date.UTC(2027, 0, 1);
const account = (
  id: string,
  platform: PreflightAccount["platform"],
  extra: Partial<PreflightAccount> = {},
): PreflightAccount => ({
  id,
  platform,
  username: id,
  status: "connected",
  tokenExpiresAt: null,
  ...extra,
});
const image = (extra: Partial<PreflightMedia> = {}): PreflightMedia => ({
  id: "m1",
  originalName: "a.jpg",
  fileType: "image",
  format: "jpg",
  size: 1000,
  width: 1000,
  height: 1000,
  duration: null,
  ...extra,
});

describe("preflight", () => {
  it("refuses 150 emoji for X (they weigh 300 of 280) before publishing, and passes them for Threads", () => {
    const input = (platform: "twitter" | "threads") => ({
      content: "😀".repeat(150),
      hashtags: [],
      platforms: [platform],
      targets: [{ platform, accountId: "a" }],
      media: [image()],
    });
    expect(preflight(input("twitter"), [account("a", "twitter")], NOW)).toEqual([
      {
        platform: "twitter",
        accountId: null,
        message: "Content exceeds X limit (300/280); X counts most emoji and CJK characters as 2 and every link as 23",
      },
    ]);
    expect(preflight(input("threads"), [account("a", "threads")], NOW)).toEqual([]);
  });

  it("passes a post every channel accepts", () => {
    const input = {
      content: "Hi",
      hashtags: [],
      platforms: ["instagram" as const],
      targets: [{ platform: "instagram" as const, accountId: "ig" }],
      media: [image()],
    };
    expect(preflight(input, [account("ig", "instagram")], NOW)).toEqual([]);
  });

  it("reports per channel: unknown or expired accounts, captions, hashtags, aspect and item limits", () => {
    const problems = preflight(
      {
        content: "x".repeat(300),
        hashtags: ["a", "b", "c"],
        platforms: ["instagram", "twitter", "threads"],
        targets: [
          { platform: "instagram", accountId: "someone-else" },
          { platform: "twitter", accountId: "x" },
        ],
        media: [
          image({ width: 3000, height: 1000 }),
          image({ id: "m2" }),
          image({ id: "m3" }),
          image({ id: "m4" }),
          image({ id: "m5" }),
        ],
      },
      [account("x", "twitter", { tokenExpiresAt: NOW - 1 })],
      NOW,
    );
    expect(problems).toEqual([
      {
        platform: "instagram",
        accountId: "someone-else",
        message: "Instagram account not found. Please reconnect it in Settings.",
      },
      {
        platform: "instagram",
        accountId: null,
        message: "Prepare a.jpg for Instagram: Instagram takes aspect ratios 0.8 to 1.91, not 3",
        prepare: "m1",
      },
      { platform: "twitter", accountId: "x", message: "Your X account @x needs to be reconnected." },
      {
        platform: "twitter",
        accountId: null,
        message: "Content exceeds X limit (310/280); X counts most emoji and CJK characters as 2 and every link as 23",
      },
      { platform: "twitter", accountId: null, message: "Too many hashtags for X (3/2)" },
      { platform: "twitter", accountId: null, message: "X accepts at most 4 media items per post" },
      { platform: "threads", accountId: null, message: "Please select at least one Threads account" },
      { platform: "threads", accountId: null, message: "Too many hashtags for Threads (3/1)" },
    ]);
  });
});

describe("media prepared per network (ADR 088)", () => {
  const post = (platform: "instagram" | "twitter" | "youtube", media: PreflightMedia[]) => ({
    content: "Hi",
    hashtags: [],
    platforms: [platform],
    targets: [{ platform, accountId: "a" }],
    media,
  });

  it("marks an image the network takes once cropped, resized or re-encoded, instead of refusing it", () => {
    const big = image({ originalName: "wide.png", format: "png", size: 7 * 1024 * 1024, width: 3000, height: 1000 });
    expect(preflight(post("instagram", [big]), [account("a", "instagram")], NOW)).toEqual([
      {
        platform: "instagram",
        accountId: null,
        message:
          "Prepare wide.png for Instagram: Instagram does not take PNG; Instagram takes aspect ratios 0.8 to 1.91, not 3",
        prepare: "m1",
      },
    ]);
    expect(preflight(post("twitter", [big]), [account("a", "twitter")], NOW)).toEqual([
      {
        platform: "twitter",
        accountId: null,
        message: "Prepare wide.png for X: X takes images up to 5MB",
        prepare: "m1",
      },
    ]);
  });

  it("still refuses what no preparation settles: an image where only videos go, an image of unknown size", () => {
    const unknown = image({ size: 9 * 1024 * 1024, width: null, height: null });
    expect(preflight(post("instagram", [unknown]), [account("a", "instagram")], NOW)).toEqual([
      { platform: "instagram", accountId: null, message: "a.jpg is too large for Instagram (max 8MB)" },
    ]);
    const problems = preflight(post("youtube", [image({ size: 60 * 1024 * 1024 })]), [account("a", "youtube")], NOW);
    expect(problems.some((p) => p.prepare)).toBe(false);
  });
});

describe("the shared post schema (composer side)", () => {
  const schema = postSchema({
    now: NOW,
    timeZone: "Europe/Berlin",
    mediaKind: (id) => (id === "v1" ? "video" : "image"),
    mediaRequired: true,
  });
  it("accepts a complete scheduled post and normalises hashtags", () => {
    const parsed = schema.safeParse({
      content: "Hi",
      platforms: ["youtube"],
      title: "T",
      videos: ["v1"],
      hashtags: "#a b",
      scheduledDate: "2027-06-01T10:00:00Z",
    });
    expect(parsed.success && parsed.data.hashtags).toEqual(["a", "b"]);
  });
  it("puts the first SPEC message first", () => {
    const parsed = schema.safeParse({
      content: "Hi",
      platforms: ["youtube"],
      title: "T",
      images: ["i1"],
      scheduledDate: "2027-06-01T10:00:00Z",
    });
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe("YouTube posts require at least one video");
  });
  it("holds each Mastodon account to its own instance's limits, naming the account (ADR 059)", () => {
    const accounts = [
      account("social", "mastodon", { limits: { maxCharacters: 500, maxMediaAttachments: 4 } }),
      account("example", "mastodon", { limits: { maxCharacters: 1000, maxMediaAttachments: 6 } }),
    ];
    const input = (length: number, items: number) => ({
      content: "a".repeat(length),
      hashtags: [],
      platforms: ["mastodon" as const],
      targets: [
        { platform: "mastodon" as const, accountId: "social" },
        { platform: "mastodon" as const, accountId: "example" },
      ],
      media: Array.from({ length: items }, (_, i) => image({ id: `m${i}` })),
    });
    expect(preflight(input(700, 5), accounts, NOW)).toEqual([
      { platform: "mastodon", accountId: "social", message: "Content exceeds Mastodon limit (700/500)" },
      { platform: "mastodon", accountId: "social", message: "Mastodon accepts at most 4 media items per post" },
    ]);
    expect(preflight(input(900, 6), accounts, NOW)).toEqual([
      { platform: "mastodon", accountId: "social", message: "Content exceeds Mastodon limit (900/500)" },
      { platform: "mastodon", accountId: "social", message: "Mastodon accepts at most 4 media items per post" },
    ]);
    expect(preflight(input(1001, 1), accounts, NOW).map((p) => p.accountId)).toEqual(["social", "example"]);
  });

  it("counts a Mastodon channel as its instance does: a link as 23, the content warning with the text, the first comment too", () => {
    const social = [account("social", "mastodon", { limits: { maxCharacters: 500 } })];
    const link = `https://bakery.example/${"sourdough-".repeat(20)}`;
    const input = (content: string, version: StoredVersion | null = null) => ({
      content,
      hashtags: [],
      platforms: ["mastodon" as const],
      targets: [{ platform: "mastodon" as const, accountId: "social", version }],
      media: [],
    });
    const messages = (content: string, version?: StoredVersion) =>
      preflight(input(content, version), social, NOW).map((p) => [p.accountId, p.message]);
    // 470 letters and a 223-character link: 494 as Mastodon counts them, which it publishes.
    expect(messages(`${"a".repeat(470)} ${link}`)).toEqual([]);
    // A content warning of 13 takes it to 507: Mastodon would refuse it with a 422 at the due time.
    const warned = { options: { contentWarning: "Bread ranting" } };
    expect(messages(`${"a".repeat(470)} ${link}`, warned)).toEqual([
      [
        "social",
        "Content exceeds Mastodon limit (507/500); the content warning counts toward it: shorten the text or the warning",
      ],
    ]);
    expect(messages("Fresh loaves", { firstComment: "b".repeat(501) })).toEqual([
      ["social", "First comment exceeds Mastodon limit (501/500)"],
    ]);
  });

  it("says a Business Profile post takes a photo, not a video, naming the file", () => {
    const clip = image({ id: "v1", originalName: "tour.mp4", fileType: "video", format: "mp4", duration: 10 });
    const input = {
      content: "Open late on Fridays",
      hashtags: [],
      platforms: ["google_business" as const],
      targets: [{ platform: "google_business" as const, accountId: "g" }],
      media: [clip],
    };
    expect(preflight(input, [account("g", "google_business")], NOW).map((p) => p.message)).toEqual([
      "Google Business Profile posts take photos, not videos: replace tour.mp4 with a photo",
    ]);
  });

  it("counts a TikTok caption in UTF-16 code units, as TikTok does: 1,101 emoji are 2,202", () => {
    const clip = image({ id: "v1", originalName: "clip.mp4", fileType: "video", format: "mp4", duration: 10 });
    const input = {
      content: "😀".repeat(1101),
      hashtags: [],
      platforms: ["tiktok" as const],
      targets: [{ platform: "tiktok" as const, accountId: "tt" }],
      media: [clip],
    };
    expect(preflight(input, [account("tt", "tiktok")], NOW).map((p) => p.message)).toContain(
      "Content exceeds TikTok limit (2202/2200); TikTok counts most emoji as 2",
    );
  });

  it("takes one Bluesky video on its own, up to 100 MB and 3 minutes, and says what is over (ADR 090)", () => {
    const clip = (extra: Partial<PreflightMedia> = {}) =>
      image({ id: "v1", originalName: "clip.mp4", fileType: "video", format: "mp4", duration: 30, ...extra });
    const input = (media: PreflightMedia[]) => ({
      content: "Proofing",
      hashtags: [],
      platforms: ["bluesky" as const],
      targets: [{ platform: "bluesky" as const, accountId: "b" }],
      media,
    });
    const problems = (media: PreflightMedia[]) =>
      preflight(input(media), [account("b", "bluesky")], NOW).map((p) => p.message);
    expect(problems([clip()])).toEqual([]);
    expect(problems([clip(), clip({ id: "v2", originalName: "b.mp4" })])).toEqual([
      "Bluesky accepts one video per post",
    ]);
    expect(problems([clip(), image()])).toEqual(["Bluesky cannot mix images and videos in one post"]);
    expect(problems([clip({ duration: 200 })])).toEqual(["clip.mp4 is 200s long; Bluesky accepts videos up to 180s"]);
    expect(problems([clip({ size: 120_000_000 })])).toEqual(["clip.mp4 is too large for Bluesky (max 95.4MB)"]);
  });

  it("holds a TikTok channel to its creator's settings: a chosen privacy, its options, its longest video and PNG refused", () => {
    const creator = {
      username: "corner.bakery",
      nickname: "Corner Bakery",
      privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "SELF_ONLY"],
      commentDisabled: true,
      duetDisabled: false,
      stitchDisabled: false,
      maxVideoPostDurationSec: 60,
    };
    const clip = image({ id: "v1", originalName: "clip.mp4", fileType: "video", format: "mp4", duration: 75 });
    const input = (options: Record<string, unknown> | null, media = [clip]) => ({
      content: "Fresh bread",
      hashtags: [],
      platforms: ["tiktok" as const],
      targets: [{ platform: "tiktok" as const, accountId: "tt", version: options ? { options } : null }],
      media,
    });
    const tt = [account("tt", "tiktok", { tiktokCreator: creator })];
    expect(preflight(input(null), tt, NOW).map((p) => p.message)).toEqual([
      "Choose who can see this TikTok post",
      "This video is 75 s; this TikTok account can post videos up to 60 s",
    ]);
    expect(
      preflight(input({ tiktokPrivacy: "FOLLOWER_OF_CREATOR", tiktokAllowComment: true }), tt, NOW).map(
        (p) => p.message,
      ),
    ).toEqual([
      "This TikTok account can post to: Everyone, Only me",
      "Comments are turned off for this TikTok account",
      "This video is 75 s; this TikTok account can post videos up to 60 s",
    ]);
    expect(
      preflight(input({ tiktokPrivacy: "SELF_ONLY" }, [image({ originalName: "menu.png", format: "png" })]), tt, NOW),
    ).toEqual([
      { platform: "tiktok", accountId: "tt", message: "TikTok accepts JPG, WEBP images only: menu.png is PNG" },
    ]);
  });
});

describe("preflight for Pinterest media", () => {
  const pinInput = (media: PreflightMedia[]) => ({
    content: "Three loaves",
    hashtags: [],
    platforms: ["pinterest" as const],
    targets: [{ platform: "pinterest" as const, accountId: "p", version: { options: { board: "b1" } } }],
    media,
  });
  const check = (media: PreflightMedia[]) =>
    preflight(pinInput(media), [account("p", "pinterest")], NOW).map((p) => p.message);
  const images = (n: number) => Array.from({ length: n }, (_, i) => image({ id: `i${i}` }));
  const video = image({ id: "v", fileType: "video", format: "mp4", duration: 10, originalName: "v.mp4" });

  it("takes one image, a carousel of 2 to 5 images, or one video alone", () => {
    expect(check(images(1))).toEqual([]);
    expect(check(images(5))).toEqual([]);
    expect(check([video])).toEqual([]);
    expect(check(images(6))).toEqual(["Pinterest accepts at most 5 media items per post"]);
    expect(check([video, ...images(1)])).toEqual(["A Pinterest video pin takes one video, without images"]);
  });
});
