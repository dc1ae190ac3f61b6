import { describe, expect, it } from "vitest";
import { connectedClient, formatFixtures, formatPost, graphRead } from "../test/format-kit";
import { jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, raw } from "../test/oauth";
import { PlatformError } from "./types";

const DAY = 86_400_000;

const media = formatFixtures(async () => ({
  vertical: { bytes: jpegBytes(1080, 1920), name: "story.jpg" },
  reel: { bytes: await mp4Bytes({ width: 1080, height: 1920, seconds: 4 }), name: "reel.mp4" },
  blink: { bytes: await mp4Bytes({ width: 1080, height: 1920, seconds: 2 }), name: "blink.mp4" },
  long: { bytes: await mp4Bytes({ width: 1080, height: 1920, seconds: 61 }), name: "long.mp4" },
}));
const post = formatPost;
const graph = graphRead;
const instagram = async () => {
  const { client, creds } = await connectedClient("instagram", (a) => a.username === "sunrisebakery", "facebook");
  return { ig: client, creds };
};

describe("Instagram Reels and Stories", () => {
  it("publishes a Reel (REELS container, shared to the feed) with its reel metrics", { timeout: 30_000 }, async () => {
    const { ig, creds } = await instagram();
    const reel = await ig.publish(creds, post("Behind the counter", "reel", [media("video", "reel")]));
    const read = await graph(`${reel.remoteId}?fields=media_type,media_product_type,permalink`, creds.accessToken);
    expect(read).toMatchObject({ media_type: "VIDEO", media_product_type: "REELS" });
    expect(read.permalink).toMatch(/\/reel\//);
    await advanceEmulator(DAY);
    const insights = await graph(
      `${reel.remoteId}/insights?metric=reach,views,ig_reels_avg_watch_time`,
      creds.accessToken,
    );
    expect(insights.data?.map((d) => d.name)).toEqual(["reach", "views", "ig_reels_avg_watch_time"]);
    const wrong = await graph(`${reel.remoteId}/insights?metric=replies`, creds.accessToken);
    expect(wrong).toMatchObject({ error: { code: 100 } });
  });

  it("publishes a 9:16 image as a Story, which lives 24 hours off the media edge", { timeout: 30_000 }, async () => {
    const { ig, creds } = await instagram();
    const story = await ig.publish(creds, post("not shown", "story", [media("image", "vertical")]));
    const read = await graph(`${story.remoteId}?fields=media_product_type,caption,permalink`, creds.accessToken);
    expect(read).toMatchObject({ media_product_type: "STORY", caption: "" });
    expect(read.permalink).toMatch(/\/stories\/sunrisebakery\//);
    const stories = await graph(`${creds.platformUserId}/stories?fields=id`, creds.accessToken);
    expect(stories.data?.map((s) => s.id)).toEqual([story.remoteId]);
    const feed = await graph(`${creds.platformUserId}/media?fields=id&limit=100`, creds.accessToken);
    expect(feed.data?.map((s) => s.id)).not.toContain(story.remoteId);

    await advanceEmulator(6 * 3_600_000);
    const live = await graph(`${story.remoteId}/insights?metric=reach,replies,navigation`, creds.accessToken);
    expect(live.data?.map((d) => d.name)).toEqual(["reach", "replies", "navigation"]);
    const likes = await graph(`${story.remoteId}/insights?metric=likes`, creds.accessToken);
    expect(likes).toMatchObject({ error: { code: 100 } });
    // The client asks a Story for its own metrics: its replies are its comments, it has no likes.
    const metrics = await ig.postMetrics(creds, story.remoteId);
    const replies = live.data?.find((d) => d.name === "replies") as { values: Array<{ value: number }> };
    expect(metrics).toMatchObject({ likes: 0, saves: 0, comments: replies.values[0]!.value });
    expect(metrics.reach).toBeGreaterThan(0);
    await advanceEmulator(DAY);
    expect((await graph(`${creds.platformUserId}/stories?fields=id`, creds.accessToken)).data).toEqual([]);
    expect((await graph(`${story.remoteId}/insights?metric=reach`, creds.accessToken)).data).toEqual([]);
  });

  it("finds a Story published under a lost answer on the stories edge", { timeout: 30_000 }, async () => {
    const { ig, creds } = await instagram();
    const now = Number((await (await raw("/sandbox/clock")).json<{ now: number }>()).now);
    const story = await ig.publish(creds, post("", "story", [media("video", "reel")]));
    const found = await ig.findPublished(creds, "marker", now, "", { format: "story" });
    expect(found?.remoteId).toBe(story.remoteId);
  });

  it("fails a 61-second Story video and a 2-second Reel with Instagram's processing error", {
    timeout: 30_000,
  }, async () => {
    const { ig, creds } = await instagram();
    const fail = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as PlatformError,
      );
    const story = await fail(ig.publish(creds, post("", "story", [media("video", "long")])));
    expect(story).toBeInstanceOf(PlatformError);
    expect(story?.kind).toBe("permanent");
    expect(story?.message).toContain("a story must be 3 to 60 seconds");
    const reel = await fail(ig.publish(creds, post("quick", "reel", [media("video", "blink")])));
    expect(reel?.message).toContain("a reel must be 3 to 900 seconds");
  });

  it("refuses a Reel of an image before any call", async () => {
    const { ig, creds } = await instagram();
    await expect(ig.publish(creds, post("x", "reel", [media("image", "vertical")]))).rejects.toThrow(
      "An Instagram Reel is a video.",
    );
  });
});
