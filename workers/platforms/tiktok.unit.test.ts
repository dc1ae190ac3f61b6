import { describe, expect, it } from "vitest";
import { contentRange, planChunks, planPieces } from "./tiktok-chunks";
import { type TikTokCreator, tiktokSettingProblems } from "./tiktok-settings";

const MB = 1024 * 1024;

describe("TikTok chunk planning (Media Transfer Guide)", () => {
  it("uploads a video under 5 MB whole", () => {
    expect(planChunks(3 * MB)).toMatchObject({
      chunkSize: 3 * MB,
      totalChunkCount: 1,
      ranges: [{ first: 0, last: 3 * MB - 1 }],
    });
  });

  it("counts chunks as the size over the chunk size rounded down; the last chunk takes the trailing bytes", () => {
    const plan = planChunks(25 * MB + 7);
    expect(plan).toMatchObject({ chunkSize: 10 * MB, totalChunkCount: 2 });
    expect(plan.ranges).toEqual([
      { first: 0, last: 10 * MB - 1 },
      { first: 10 * MB, last: 25 * MB + 6 },
    ]);
    expect(contentRange(plan.ranges[1]!, plan.videoSize)).toBe(`bytes ${10 * MB}-${25 * MB + 6}/${25 * MB + 7}`);
  });

  it("keeps every chunk within 5–64 MB and the last within 128 MB, whatever chunk size is asked for", () => {
    for (const size of [5 * MB, 9 * MB, 64 * MB, 200 * MB + 1, 4096 * MB])
      for (const preferred of [1 * MB, 10 * MB, 100 * MB]) {
        const plan = planChunks(size, preferred);
        expect(plan.totalChunkCount).toBe(Math.floor(size / plan.chunkSize));
        expect(plan.chunkSize).toBeGreaterThanOrEqual(5 * MB);
        expect(plan.chunkSize).toBeLessThanOrEqual(64 * MB);
        const last = plan.ranges.at(-1)!;
        expect(last.last - last.first + 1).toBeLessThanOrEqual(128 * MB);
        expect(last.last).toBe(size - 1);
      }
  });

  it("cuts a stream into the plan's chunks, the trailing bytes joined to the last", async () => {
    const bytes = new Uint8Array(11 * MB + 5).map((_, i) => i % 251);
    const plan = planChunks(bytes.length, 5 * MB);
    const stream = new Blob([bytes]).stream();
    const pieces: Uint8Array[] = [];
    for await (const p of planPieces(stream, plan)) pieces.push(p);
    expect(pieces.map((p) => p.length)).toEqual([5 * MB, 6 * MB + 5]);
    expect(pieces[1]![0]).toBe(bytes[5 * MB]);
  });

  it("says so when the file is shorter than its size", async () => {
    const plan = planChunks(6 * MB);
    const run = async () => {
      for await (const _ of planPieces(new Blob([new Uint8Array(5 * MB)]).stream(), plan));
    };
    await expect(run()).rejects.toThrow("The file ended 1048576 bytes short of its size");
  });
});

describe("TikTok post settings against the creator's options", () => {
  const creator: TikTokCreator = {
    username: "corner.bakery",
    nickname: "Corner Bakery",
    privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "FOLLOWER_OF_CREATOR", "SELF_ONLY"],
    commentDisabled: true,
    duetDisabled: true,
    stitchDisabled: false,
    maxVideoPostDurationSec: 60,
  };

  it("never chooses a privacy for the user", () => {
    expect(tiktokSettingProblems({}, null, null)).toEqual(["Choose who can see this TikTok post"]);
    expect(tiktokSettingProblems({ tiktokPrivacy: "SELF_ONLY" }, null, 30)).toEqual([]);
  });

  it("offers only the creator's privacy options and keeps the switches they turned off off", () => {
    expect(
      tiktokSettingProblems(
        {
          tiktokPrivacy: "MUTUAL_FOLLOW_FRIENDS",
          tiktokAllowComment: true,
          tiktokAllowDuet: true,
          tiktokAllowStitch: true,
        },
        creator,
        30,
      ),
    ).toEqual([
      "This TikTok account can post to: Everyone, Followers, Only me",
      "Comments are turned off for this TikTok account",
      "Duets are turned off for this TikTok account",
    ]);
  });

  it("checks Duet and Stitch and the length on videos only", () => {
    expect(tiktokSettingProblems({ tiktokPrivacy: "SELF_ONLY", tiktokAllowDuet: true }, creator, null)).toEqual([]);
    expect(tiktokSettingProblems({ tiktokPrivacy: "SELF_ONLY" }, creator, 61)).toEqual([
      "This video is 61 s; this TikTok account can post videos up to 60 s",
    ]);
  });

  it("refuses branded content that only the creator would see", () => {
    expect(tiktokSettingProblems({ tiktokPrivacy: "SELF_ONLY", tiktokBrandedContent: true }, creator, null)).toEqual([
      "Branded content can't be private on TikTok: choose who can see it",
    ]);
  });
});
