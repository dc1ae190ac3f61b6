import { describe, expect, it } from "vitest";
import { PLATFORMS, type Platform } from "../platform-profile";
import { ORIGIN } from "../test/helpers";
import { jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { mediaLinks } from "../test/media-links";
import { answerConsent, platformHarness } from "../test/oauth";
import { runSmoke } from "./smoke-kit";
import type { PublishMedia } from "./types";

/**
 * `npm run smoke:live`'s steps, through the same clients, against the emulator instead of a real platform.
 * Bluesky signs in with an app password, not a consent: its round trip is in bluesky.test.ts. TikTok's smoke post is
 * private ("Only me"), which its Display API does not list back: its round trip is in tiktok.test.ts.
 */
const CONSENT_PLATFORMS = PLATFORMS.filter((p) => p !== "bluesky" && p !== "tiktok");
const TEST_ACCOUNTS: Record<Exclude<Platform, "bluesky" | "tiktok">, string> = {
  instagram: "sunrisebakery",
  facebook: "20150000000000001",
  twitter: "postline_demo",
  linkedin: "782bbtaQ",
  youtube: "UCx7Kq2PostlineDemoKitch",
  threads: "alex.rivera",
  mastodon: "postline@mastodon.social",
  google_business: "locations/4211936457521003111",
  pinterest: "sunrisebakery",
};

describe("the live smoke kit against the emulator", () => {
  it("connects, publishes a text and a media post, reads them back with metrics and deletes them on every platform", {
    timeout: 60_000,
  }, async () => {
    const image = jpegBytes(1080, 1080);
    const video = await mp4Bytes({ width: 1280, height: 720, seconds: 2 });
    const { urls } = await mediaLinks({
      image: { bytes: image, name: "smoke.jpg" },
      video: { bytes: video, name: "smoke.mp4" },
    });
    const media = (kind: "image" | "video", bytes: Uint8Array): PublishMedia => ({
      kind,
      url: urls[kind],
      mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
      size: bytes.length,
      width: kind === "image" ? 1080 : 1280,
      height: kind === "image" ? 1080 : 720,
      durationSec: kind === "video" ? 2 : null,
      open: async () => new Response(new Uint8Array(bytes)).body!,
    });
    const { registry } = platformHarness();
    const tables: Record<string, string[]> = {};
    for (const platform of CONSENT_PLATFORMS) {
      const steps = await runSmoke({
        platform,
        client: registry[platform]!,
        redirectUri: `${ORIGIN}/api/auth/${platform}/callback`,
        consent: async (url) => new URL((await answerConsent(url)).callback).searchParams,
        account: TEST_ACCOUNTS[platform],
        instance: platform === "mastodon" ? "mastodon.social" : undefined,
        media: { image: media("image", image), video: media("video", video) },
        now: Date.now,
      });
      tables[platform] = steps.map((s) => `${s.step}: ${s.outcome}`);
      expect(steps.find((s) => s.step.startsWith("publish") && s.outcome === "ok")?.detail).toBeTruthy();
    }
    const round = (kind: string, readBack = "ok", remove = "ok") => [
      `publish ${kind}: ok`,
      `read back ${kind}: ${readBack}`,
      `metrics ${kind}: ok`,
      `delete ${kind}: ${remove}`,
    ];
    expect(tables).toEqual({
      // Instagram takes no text-only posts and its API deletes nothing: the table says to delete it by hand.
      instagram: ["connect: ok", "publish text: skipped", ...round("image", "ok", "manual")],
      facebook: ["connect: ok", ...round("text"), ...round("image")],
      twitter: ["connect: ok", ...round("text"), ...round("image")],
      // LinkedIn lets apps read no member's posts back: a person checks the permalink.
      linkedin: ["connect: ok", ...round("text", "manual"), ...round("image", "manual")],
      youtube: ["connect: ok", "publish text: skipped", ...round("video")],
      threads: ["connect: ok", ...round("text"), ...round("image")],
      mastodon: ["connect: ok", ...round("text"), ...round("image")],
      google_business: ["connect: ok", ...round("text"), ...round("image")],
      // A pin needs an image or a video.
      pinterest: ["connect: ok", "publish text: skipped", ...round("image")],
    });

    // The kit publishes only to the opted-in account.
    const refused = await runSmoke({
      platform: "twitter",
      client: registry.twitter!,
      redirectUri: `${ORIGIN}/api/auth/twitter/callback`,
      consent: async (url) => new URL((await answerConsent(url)).callback).searchParams,
      account: "someone_else",
      media: { image: media("image", image), video: media("video", video) },
      now: Date.now,
    });
    expect(refused).toEqual([
      expect.objectContaining({
        step: "connect",
        outcome: "failed",
        detail:
          "The opted-in test account someone_else is not among this login's accounts: postline_demo (1702745893325283328).",
      }),
    ]);
  });
});
