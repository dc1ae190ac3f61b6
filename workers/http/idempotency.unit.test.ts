import { describe, expect, it } from "vitest";
import { isReleased, outcomeOf, STALE_CLAIM_MS } from "./idempotency";

describe("a claimed Idempotency-Key", () => {
  it("replays a finished answer, waits on a running one, refuses another body", () => {
    expect(outcomeOf({ requestHash: "h", responseStatus: 201, responseBody: "{}" }, "h")).toEqual({
      kind: "replay",
      status: 201,
      body: "{}",
    });
    expect(outcomeOf({ requestHash: "h", responseStatus: null, responseBody: null }, "h")).toEqual({ kind: "pending" });
    expect(outcomeOf({ requestHash: "h", responseStatus: 201, responseBody: "{}" }, "other")).toEqual({
      kind: "mismatch",
    });
  });
});

describe("when a claim lets go of its key", () => {
  const hour = 60 * 60_000;
  it("an answer after 24 h; an unanswered claim after two minutes (its Worker died), not sooner", () => {
    const now = 100 * hour;
    const answered = { responseStatus: 201, createdAt: now - 23 * hour, expiresAt: now + hour };
    expect(isReleased(answered, now)).toBe(false);
    expect(isReleased({ ...answered, expiresAt: now - 1 }, now)).toBe(true);
    const running = { responseStatus: null, createdAt: now - STALE_CLAIM_MS + 1, expiresAt: now + 23 * hour };
    expect(isReleased(running, now)).toBe(false);
    expect(isReleased({ ...running, createdAt: now - STALE_CLAIM_MS - 1 }, now)).toBe(true);
  });
});
