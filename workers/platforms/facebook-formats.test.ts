import { describe, expect, it } from "vitest";
import { connectedClient, formatFixtures, formatPost, graphRead } from "../test/format-kit";
import { jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, armFault } from "../test/oauth";
import { PlatformError } from "./types";

const DAY = 86_400_000;

const media = formatFixtures(async () => ({
  reel: { bytes: await mp4Bytes({ width: 1080, height: 1920, seconds: 5 }), name: "reel.mp4" },
  wide: { bytes: await mp4Bytes({ width: 1920, height: 1080, seconds: 5 }), name: "wide.mp4" },
  photo: { bytes: jpegBytes(1080, 1920), name: "story.jpg" },
}));
const post = formatPost;
const graph = graphRead;
const page = async () => {
  const { client, creds } = await connectedClient("facebook", (a) => a.platform === "facebook");
  return { fb: client, creds };
};

describe("Facebook Page Reels and Stories", () => {
  it("publishes a Reel through start, the rupload pull and finish, with its plays and reach", {
    timeout: 30_000,
  }, async () => {
    const { fb, creds } = await page();
    const reel = await fb.publish(creds, post("Dough, folded", "reel", [media("video", "reel")]));
    const status = await graph(`${reel.remoteId}?fields=status`, creds.accessToken);
    expect(status).toMatchObject({ status: { video_status: "ready", publishing_phase: { status: "complete" } } });
    const reels = await graph(`${creds.platformUserId}/video_reels?fields=id,description`, creds.accessToken);
    expect(reels.data).toContainEqual({ id: reel.remoteId, description: "Dough, folded" });
    await advanceEmulator(DAY);
    const insights = await graph(
      `${reel.remoteId}/video_insights?metric=blue_reels_play_count,post_impressions_unique`,
      creds.accessToken,
    );
    expect(insights.data?.map((d) => d.name)).toEqual(["blue_reels_play_count", "post_impressions_unique"]);
  });

  it("refuses a landscape Reel with the Video API's error and its reason", { timeout: 30_000 }, async () => {
    const { fb, creds } = await page();
    const err = await fb.publish(creds, post("wide", "reel", [media("video", "wide")])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).kind).toBe("permanent");
    expect((err as PlatformError).message).toContain("Reels must be 9:16; this video is 1920x1080.");
  });

  it("publishes a photo Story and a video Story, listed on the Page's stories and archived after 24 h", {
    timeout: 30_000,
  }, async () => {
    const { fb, creds } = await page();
    const photo = await fb.publish(creds, post("", "story", [media("image", "photo")]));
    const video = await fb.publish(creds, post("", "story", [media("video", "reel")]));
    const stories = await graph(`${creds.platformUserId}/stories`, creds.accessToken);
    const mine = stories.data?.filter((s) => [photo.remoteId, video.remoteId].includes(String(s.post_id)));
    expect(mine?.map((s) => [s.media_type, s.status])).toEqual(
      expect.arrayContaining([
        ["photo", "PUBLISHED"],
        ["video", "PUBLISHED"],
      ]),
    );
    await advanceEmulator(DAY);
    const later = await graph(`${creds.platformUserId}/stories`, creds.accessToken);
    expect(later.data?.find((s) => s.post_id === photo.remoteId)?.status).toBe("ARCHIVED");
  });

  it("settles a Reel whose finish answer was lost by its session, without a second finish", {
    timeout: 30_000,
  }, async () => {
    const { fb, creds } = await page();
    const request = post("Lost answer reel", "reel", [media("video", "reel")]);
    const staged = await fb.staging!.stage(creds, request);
    await advanceEmulator(60_000);
    await armFault("facebook", "drop", 1, { method: "POST", path: "video_reels" });
    const lost = await fb.staging!.publish(creds, request, staged).catch((e: unknown) => e as PlatformError);
    expect(lost).toMatchObject({ kind: "retryable", details: { outcomeUnknown: true } });
    const found = await fb.staging!.find(creds, request, staged);
    expect(found?.remoteId).toBe(staged.remoteId.replace("reel:", ""));
  });

  it("reads a Reel's plays and reach from video_insights and a Story's views from its own metrics", {
    timeout: 30_000,
  }, async () => {
    const { fb, creds } = await page();
    const reel = await fb.publish(creds, post("Crumb shot", "reel", [media("video", "reel")]));
    const story = await fb.publish(creds, post("", "story", [media("image", "photo")]));
    await advanceEmulator(6 * 3600_000);
    const reelNumbers = await fb.postMetrics(creds, reel.remoteId, { format: "reel" });
    expect(reelNumbers.videoViews).toBeGreaterThan(0);
    expect(reelNumbers.impressions).toBe(reelNumbers.videoViews);
    expect(reelNumbers.reach).toBeGreaterThan(0);
    const storyNumbers = await fb.postMetrics(creds, story.remoteId, { format: "story" });
    expect(storyNumbers.reach).toBeGreaterThan(0);
    expect(storyNumbers.impressions).toBeGreaterThanOrEqual(storyNumbers.reach);
    // The names Graph v26 retired are refused as Graph refuses any metric it does not know.
    const retired = await graph(
      `${story.remoteId}/insights?metric=page_story_impressions_by_story_id`,
      creds.accessToken,
    );
    expect(retired).toMatchObject({ error: { code: 100 } });
    // Archived after 24 h, a Story counts no more.
    await advanceEmulator(2 * DAY);
    const archived = await fb.postMetrics(creds, story.remoteId, { format: "story" });
    await advanceEmulator(DAY);
    expect(await fb.postMetrics(creds, story.remoteId, { format: "story" })).toEqual(archived);
  });
});
