import { describe, expect, it } from "vitest";
import { MAX_PUBLISH_ATTEMPTS } from "./retry-budget";
import { CHANGES_REQUESTED, decideAfterFailure, delaySecondsUntil, derivePostStatus } from "./state";

const t = (...s: Parameters<typeof derivePostStatus>[0][number]["status"][]) => s.map((status) => ({ status }));

describe("derivePostStatus", () => {
  it.each([
    [t("published", "published"), "published"],
    [t("published", "held"), "scheduled"],
    [t("held"), "scheduled"],
    [t("published", "failed"), "partially_published"],
    [t("published", "unconfirmed"), "partially_published"],
    [t("failed", "failed"), "failed"],
    [t("failed", "unconfirmed"), "failed"],
    [t("scheduled", "scheduled"), "scheduled"],
    [t("queued", "published"), "publishing"],
    [t("publishing", "failed"), "publishing"],
    [t("draft"), "draft"],
    [t("pending_approval", "pending_approval"), "pending_approval"],
    [t("published", "pending_approval"), "pending_approval"],
    [[], "draft"],
  ] as const)("%j → %s", (targets, expected) => {
    expect(derivePostStatus([...targets])).toBe(expected);
  });

  it("a channel held for a client's changes makes the post changes_requested, unless one is on its way (ADR 078)", () => {
    const changes = { status: "held" as const, errorKind: CHANGES_REQUESTED };
    expect(derivePostStatus([changes, { status: "scheduled" }])).toBe("changes_requested");
    expect(derivePostStatus([{ status: "published" }, changes])).toBe("changes_requested");
    expect(derivePostStatus([changes, { status: "pending_approval" }])).toBe("changes_requested");
    expect(derivePostStatus([changes, { status: "publishing" }])).toBe("publishing");
    expect(derivePostStatus([{ status: "held", errorKind: "media_deleted" }])).toBe("scheduled");
  });
});

describe("decideAfterFailure", () => {
  const retryable = { kind: "retryable" as const, message: "Service unavailable" };

  it("backs off exponentially with jitter and honours Retry-After", () => {
    const first = decideAfterFailure(retryable, 1, () => 0);
    const third = decideAfterFailure(retryable, 3, () => 1);
    expect(first).toEqual({ action: "retry", delayMs: 7_500 });
    expect(third).toEqual({ action: "retry", delayMs: 60_000 });
    expect(decideAfterFailure({ ...retryable, retryAfterMs: 900_000 }, 1, () => 0)).toEqual({
      action: "retry",
      delayMs: 900_000,
    });
  });

  it("gives up after the last attempt with the platform's message", () => {
    const d = decideAfterFailure(retryable, MAX_PUBLISH_ATTEMPTS);
    expect(d).toEqual({
      action: "fail",
      reason: `Gave up after ${MAX_PUBLISH_ATTEMPTS} attempts: Service unavailable`,
      needsReconnect: false,
    });
  });

  it("fails auth errors at once and asks for a reconnect", () => {
    const d = decideAfterFailure({ kind: "auth", message: "Error validating access token" }, 1);
    expect(d).toMatchObject({ action: "fail", needsReconnect: true });
    expect(d.action === "fail" && d.reason).toContain("reconnect your account");
  });

  it("fails permanent errors at once, keeping the platform's words", () => {
    expect(decideAfterFailure({ kind: "permanent", message: "The caption is too long" }, 1)).toEqual({
      action: "fail",
      reason: "The caption is too long",
      needsReconnect: false,
    });
  });

  it("never retries blindly when the outcome is unknown", () => {
    expect(decideAfterFailure({ ...retryable, outcomeUnknown: true }, 1)).toEqual({ action: "verify" });
  });
});

describe("delaySecondsUntil", () => {
  it("rounds up to the second and clamps to the queue's range", () => {
    expect(delaySecondsUntil(10_500, 10_000)).toBe(1);
    expect(delaySecondsUntil(5_000, 10_000)).toBe(0);
    expect(delaySecondsUntil(10_000 + 48 * 3600_000, 10_000)).toBe(24 * 3600);
  });
});
