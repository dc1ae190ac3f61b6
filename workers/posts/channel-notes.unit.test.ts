import { describe, expect, it } from "vitest";
import { MAX_PUBLISH_ATTEMPTS } from "../delivery/retry-budget";
import { DUPLICATE_WINDOW_MS, duplicatesOf, retryNote } from "./channel-notes";

const now = Date.parse("2026-03-05T10:00:00Z");

describe("retryNote", () => {
  it("describes a queued target that failed before: next attempt, its number and the reason", () => {
    expect(
      retryNote({ status: "queued", attemptCount: 1, nextAttemptAt: now + 30_000 }, "Service unavailable"),
    ).toEqual({
      at: "2026-03-05T10:00:30.000Z",
      attempt: 2,
      of: MAX_PUBLISH_ATTEMPTS,
      reason: "Service unavailable",
    });
  });
  it("says nothing of a first attempt or of a settled target", () => {
    expect(retryNote({ status: "queued", attemptCount: 0, nextAttemptAt: null }, null)).toBeNull();
    expect(retryNote({ status: "published", attemptCount: 2, nextAttemptAt: now }, "x")).toBeNull();
    expect(retryNote({ status: "failed", attemptCount: 5, nextAttemptAt: now }, "x")).toBeNull();
  });
});

describe("duplicatesOf", () => {
  const x = { platform: "twitter", accountId: "x1" };
  const li = { platform: "linkedin", accountId: "l1" };
  const sent = (
    over: Partial<{ postId: string; platform: string; accountId: string; caption: string; publishedAt: number }>,
  ) => ({
    postId: "p1",
    platform: "twitter",
    accountId: "x1",
    caption: "Rye loaves today",
    publishedAt: now - 3600_000,
    ...over,
  });

  it("finds the latest identical text on the same channel, ignoring spacing", () => {
    const found = duplicatesOf(
      [
        { ...x, caption: "Rye loaves  today\n" },
        { ...li, caption: "Rye loaves  today\n" },
      ],
      [sent({}), sent({ postId: "p2", publishedAt: now - 60_000 })],
      now,
    );
    expect(found).toEqual([
      { platform: "twitter", accountId: "x1", postId: "p2", publishedAt: new Date(now - 60_000).toISOString() },
    ]);
  });
  it("ignores other text, other channels and posts older than the window", () => {
    const published = [
      sent({ caption: "Rye loaves tomorrow" }),
      sent({ accountId: "x2" }),
      sent({ publishedAt: now - DUPLICATE_WINDOW_MS - 1 }),
    ];
    expect(duplicatesOf([{ ...x, caption: "Rye loaves today" }], published, now)).toEqual([]);
  });
  it("compares each channel's own version", () => {
    const found = duplicatesOf(
      [
        { ...x, caption: "Short rye note" },
        { ...li, caption: "Rye loaves today" },
      ],
      [sent({}), sent({ platform: "linkedin", accountId: "l1", postId: "p3" })],
      now,
    );
    expect(found.map((d) => d.postId)).toEqual(["p3"]);
  });
});
