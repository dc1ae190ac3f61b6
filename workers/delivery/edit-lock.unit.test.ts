import { describe, expect, it } from "vitest";
import { editLock, inFlightEditMessage, LOCK_LEAD_MS } from "./edit-lock";

const at = Date.parse("2026-03-05T09:00:00Z");

describe("editLock", () => {
  it("is open until the lead before the first scheduled channel, then closing", () => {
    const channels = [
      { platform: "twitter" as const, status: "scheduled" as const, dueAt: at },
      { platform: "linkedin" as const, status: "scheduled" as const, dueAt: at + 3600_000 },
    ];
    expect(editLock(channels, at - 10 * 60_000)).toEqual({
      state: "open",
      locksAt: at - LOCK_LEAD_MS,
      publishesAt: at,
    });
    expect(editLock(channels, at - LOCK_LEAD_MS)).toEqual({ state: "closing", publishesAt: at });
  });

  it("names the channels in flight (a retry waits as queued) and those that can still change", () => {
    const lock = editLock(
      [
        { platform: "twitter", status: "queued", dueAt: at },
        { platform: "linkedin", status: "failed", dueAt: null },
        { platform: "instagram", status: "published", dueAt: null },
      ],
      at,
    );
    expect(lock).toEqual({ state: "publishing", busy: ["twitter"], waiting: ["linkedin"] });
  });

  it("is open with no time when nothing is scheduled (a draft, or all published)", () => {
    expect(editLock([{ platform: "twitter", status: "published", dueAt: null }], at)).toEqual({
      state: "open",
      locksAt: null,
      publishesAt: null,
    });
  });

  it("says what cannot change and what still can", () => {
    expect(inFlightEditMessage(["twitter", "linkedin"], [])).toBe(
      "This post is being published right now on X and LinkedIn, so its text, hashtags, mentions, title and media cannot be changed. You can still change its category.",
    );
  });
});
