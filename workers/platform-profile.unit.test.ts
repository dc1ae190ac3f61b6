import { describe, expect, it } from "vitest";
import { byPlatform, PLATFORM_NAMES, PLATFORM_PROFILES, PLATFORMS } from "./platform-profile";
import { ACCOUNT_REQUIRED } from "./posts/rules";

describe("platform profile", () => {
  it("has a profile for every platform and nothing else", () => {
    expect(Object.keys(PLATFORM_PROFILES).sort()).toEqual([...PLATFORMS].sort());
  });

  it("carries the spec's facts (SPEC §5, §9)", () => {
    expect(byPlatform((p) => p.hashtagLimit)).toMatchObject({ instagram: 30, twitter: 2, facebook: 5 });
    expect(byPlatform((p) => p.characterLimit)).toMatchObject({ instagram: 2200, twitter: 280, linkedin: 3000 });
    expect(PLATFORM_PROFILES.twitter.postingTimes).toEqual(["8:00", "12:00", "17:00", "19:00"]);
    // Mastodon is past the spec: its limits are the account's instance's, so a post names the account (ADR 059);
    // a Business Profile post goes to the locations chosen (ADR 065), and a pin to a board of a chosen account (ADR 063).
    expect(ACCOUNT_REQUIRED).toEqual([
      "instagram",
      "facebook",
      "linkedin",
      "mastodon",
      "tiktok",
      "google_business",
      "pinterest",
    ]);
  });

  it("names twitter as the spec does in messages and as X in the UI", () => {
    expect(PLATFORM_NAMES.twitter).toBe("X");
    expect(PLATFORM_PROFILES.twitter.brand).toBe("X");
  });

  it("paces every platform with at least one positive window", () => {
    for (const platform of PLATFORMS) {
      const pace = PLATFORM_PROFILES[platform].publishPace;
      expect(pace.length, platform).toBeGreaterThan(0);
      for (const w of pace) expect(w.limit * w.windowMs, platform).toBeGreaterThan(0);
    }
  });
});
