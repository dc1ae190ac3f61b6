import { describe, expect, it } from "vitest";
import { versionProblems } from "./channel-version";
import { type FormatMedia, formatProblems, formatsOf, shortVerdict } from "./formats";
import { type PreflightMedia, preflight } from "./preflight";

const video = (width: number, height: number, duration: number, extra: Partial<FormatMedia> = {}): FormatMedia => ({
  originalName: "clip.mp4",
  fileType: "video",
  size: 5_000_000,
  width,
  height,
  duration,
  ...extra,
});
const photo: FormatMedia = {
  originalName: "a.jpg",
  fileType: "image",
  size: 1000,
  width: 1080,
  height: 1920,
  duration: null,
};

describe("formats per network", () => {
  it("offers Reel and Story on Instagram and Facebook, Short on YouTube, feed alone elsewhere", () => {
    expect(formatsOf("instagram")).toEqual(["feed", "reel", "story"]);
    expect(formatsOf("facebook")).toEqual(["feed", "reel", "story"]);
    expect(formatsOf("youtube")).toEqual(["feed", "short"]);
    expect(formatsOf("twitter")).toEqual(["feed"]);
  });

  it("takes a vertical 30-second video as a Facebook Reel and says why others are not", () => {
    expect(formatProblems("facebook", "reel", [video(1080, 1920, 30)])).toEqual([]);
    expect(formatProblems("facebook", "reel", [video(1920, 1080, 120)])).toEqual([
      "clip.mp4 is 120s long; a Facebook Reel is at most 90s",
      "clip.mp4 is 1920×1080; a Facebook Reel is 9:16",
    ]);
    expect(formatProblems("facebook", "reel", [video(1080, 1920, 2)])).toEqual([
      "clip.mp4 is 2s long; a Facebook Reel is at least 3s",
    ]);
    expect(formatProblems("facebook", "reel", [video(360, 640, 10)])).toEqual([
      "clip.mp4 is 360×640; a Facebook Reel is at least 540×960",
    ]);
    expect(formatProblems("facebook", "reel", [photo])).toEqual(["A Facebook Reel is a video: a.jpg is an image"]);
  });

  it("lets an Instagram Reel run to 15 minutes, and a Story be one image or a video of at most 60 s", () => {
    expect(formatProblems("instagram", "reel", [video(1080, 1920, 600)])).toEqual([]);
    expect(formatProblems("instagram", "story", [photo])).toEqual([]);
    expect(formatProblems("instagram", "story", [video(1080, 1920, 75)])).toEqual([
      "clip.mp4 is 75s long; an Instagram Story is at most 60s",
    ]);
    expect(formatProblems("instagram", "story", [photo, photo])).toEqual([
      "An Instagram Story takes one image or video",
    ]);
    expect(formatProblems("instagram", "story", [photo], { firstComment: true })).toEqual([
      "An Instagram Story takes no first comment",
    ]);
  });

  it("says why a video will not be a YouTube Short, and a vertical 50 s one will", () => {
    expect(shortVerdict(video(1080, 1920, 50))).toEqual({ short: true, reasons: [] });
    expect(shortVerdict(video(1920, 1080, 240))).toEqual({
      short: false,
      reasons: ["it is 240s long (a Short is at most 180s)", "it is 1920×1080 (a Short is square or vertical)"],
    });
    expect(formatProblems("youtube", "short", [video(1920, 1080, 60)])).toEqual([
      "This video will not be a YouTube Short: it is 1920×1080 (a Short is square or vertical)",
    ]);
  });

  it("refuses a format the network does not publish, on the channel's version", () => {
    const effective = {
      customized: false,
      text: "Hi",
      caption: "Hi",
      parts: ["Hi"],
      mediaIds: [],
      title: null,
      options: {},
      firstComment: null,
    };
    expect(versionProblems("youtube", { options: { format: "story" } }, effective)).toEqual([
      "YouTube does not publish Stories",
    ]);
    expect(versionProblems("twitter", { options: { format: "reel" } }, effective)).toEqual([
      "Format is not an option for X",
    ]);
  });
});

describe("pre-flight of a format", () => {
  const media = (extra: Partial<PreflightMedia>): PreflightMedia => ({
    id: "v",
    originalName: "clip.mp4",
    fileType: "video",
    format: "mp4",
    size: 5_000_000,
    width: 1080,
    height: 1920,
    duration: 30,
    ...extra,
  });
  const run = (format: "reel" | "story", item: PreflightMedia) =>
    preflight(
      {
        content: "Hi",
        hashtags: [],
        platforms: ["instagram"],
        targets: [{ platform: "instagram", accountId: "ig", version: { options: { format } } }],
        media: [item],
      },
      [{ id: "ig", platform: "instagram", username: "ig", status: "connected", tokenExpiresAt: null }],
      Date.UTC(2027, 0, 1),
    ).map((p) => p.message);

  it("passes a 9:16 image as an Instagram Story, which the feed's 4:5 rule would refuse", () => {
    expect(run("story", media({ fileType: "image", format: "jpg", originalName: "a.jpg", duration: null }))).toEqual(
      [],
    );
  });

  it("names the Reel's rule for a Reel too short", () => {
    expect(run("reel", media({ duration: 1 }))).toEqual(["clip.mp4 is 1s long; an Instagram Reel is at least 3s"]);
  });
});
