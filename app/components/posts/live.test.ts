import { describe, expect, it } from "vitest";
import { nextWatchStart, postInFlight, SOON_MS, targetInFlight } from "./live";

const now = Date.parse("2026-03-05T09:00:00Z");
const at = (ms: number) => new Date(now + ms).toISOString();

describe("targetInFlight", () => {
  it("watches queued and publishing channels", () => {
    expect(targetInFlight({ status: "queued", dueAt: at(0) }, now)).toBe(true);
    expect(targetInFlight({ status: "publishing", dueAt: at(-60_000) }, now)).toBe(true);
  });
  it("watches scheduled channels due within a few minutes or overdue, not later ones", () => {
    expect(targetInFlight({ status: "scheduled", dueAt: at(SOON_MS) }, now)).toBe(true);
    expect(targetInFlight({ status: "scheduled", dueAt: at(-30_000) }, now)).toBe(true);
    expect(targetInFlight({ status: "scheduled", dueAt: at(SOON_MS + 1) }, now)).toBe(false);
    expect(targetInFlight({ status: "scheduled", dueAt: null }, now)).toBe(false);
  });
  it("stops once a channel settled", () => {
    for (const status of ["published", "failed", "unconfirmed", "draft"])
      expect(targetInFlight({ status, dueAt: at(0) }, now)).toBe(false);
  });
});

describe("postInFlight", () => {
  it("is true while any channel is in flight", () => {
    expect(
      postInFlight(
        {
          platformPosts: [
            { status: "published", dueAt: at(0) },
            { status: "publishing", dueAt: at(0) },
          ],
        },
        now,
      ),
    ).toBe(true);
    expect(
      postInFlight(
        {
          platformPosts: [
            { status: "published", dueAt: at(0) },
            { status: "failed", dueAt: at(0) },
          ],
        },
        now,
      ),
    ).toBe(false);
    expect(postInFlight({ platformPosts: [] }, now)).toBe(false);
  });
});

describe("nextWatchStart", () => {
  it("is when the earliest later channel comes within the window", () => {
    const posts = [
      {
        platformPosts: [
          { status: "scheduled", dueAt: at(SOON_MS + 60_000) },
          { status: "scheduled", dueAt: at(SOON_MS + 10_000) },
        ],
      },
      { platformPosts: [{ status: "published", dueAt: at(SOON_MS + 5_000) }] },
    ];
    expect(nextWatchStart(posts, now)).toBe(now + 10_000);
  });
  it("is null when nothing is scheduled beyond the window", () => {
    expect(nextWatchStart([{ platformPosts: [{ status: "scheduled", dueAt: at(60_000) }] }], now)).toBeNull();
    expect(nextWatchStart([], now)).toBeNull();
  });
});
