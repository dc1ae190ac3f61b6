import { describe, expect, it } from "vitest";
import type { SyncResult } from "./sync";
import { failureDetail, summarizeByPlatform, syncMessage } from "./sync-summary";

const ok = (platform: SyncResult["platform"], accountId: string = platform): SyncResult => ({
  accountId,
  platform,
  accountSynced: true,
  targetsSynced: 1,
  commentsSynced: 0,
  failures: [],
});
const failing = (platform: SyncResult["platform"], message: string, accountId: string = platform): SyncResult => ({
  ...ok(platform, accountId),
  accountSynced: false,
  failures: [{ platform, accountId, kind: "retryable", message }],
});

describe("sync summary", () => {
  it("pluralises the SPEC sentence when every platform synced", () => {
    expect(syncMessage(summarizeByPlatform([ok("instagram")]))).toBe("Successfully synced analytics for 1 platform");
    expect(syncMessage(summarizeByPlatform([ok("instagram"), ok("facebook"), ok("facebook", "page-2")]))).toBe(
      "Successfully synced analytics for 2 platforms",
    );
  });

  it("names what synced and what failed, with each platform's reasons once", () => {
    const summary = summarizeByPlatform([
      ok("instagram"),
      ok("facebook"),
      failing("youtube", "Quota exceeded"),
      failing("youtube", "Quota exceeded", "yt-2"),
      failing("linkedin", "Token expired"),
    ]);
    expect(summary.platformsSynced).toBe(2);
    expect(syncMessage(summary)).toBe(
      "Synced analytics for Instagram and Facebook; YouTube and LinkedIn failed (YouTube: Quota exceeded; LinkedIn: Token expired)",
    );
    expect(
      syncMessage(summarizeByPlatform([ok("instagram"), ok("facebook"), ok("threads"), failing("youtube", "Down")])),
    ).toBe("Synced analytics for Instagram, Facebook and Threads; YouTube failed (YouTube: Down)");
    expect(
      failureDetail(summarizeByPlatform([failing("youtube", "Down"), failing("youtube", "Timeout", "yt-2")])),
    ).toBe("YouTube: Down, Timeout");
  });
});
