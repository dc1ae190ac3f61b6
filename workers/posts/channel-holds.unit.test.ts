import { describe, expect, it } from "vitest";
import { HoldMessages, releaseOnReconnect } from "./channel-holds";

describe("releaseOnReconnect", () => {
  const now = Date.UTC(2027, 0, 1, 12);
  it("puts a channel whose time is still ahead back on the schedule", () => {
    expect(releaseOnReconnect({ dueAt: now + 60_000 }, now)).toEqual({
      status: "scheduled",
      errorKind: null,
      errorMessage: null,
    });
  });

  it.each([now, now - 3600_000, null])(
    "keeps a channel whose time passed (%s) held and asks for a new time",
    (dueAt) => {
      expect(releaseOnReconnect({ dueAt }, now)).toEqual({
        status: "held",
        errorKind: "time_passed",
        errorMessage: HoldMessages.timePassed,
      });
    },
  );
});
