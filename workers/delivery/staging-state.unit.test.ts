import { describe, expect, it } from "vitest";
import type { PublishRequest } from "../platforms/types";
import {
  afterStagingFailure,
  EXPIRY_MARGIN_MS,
  fingerprintOf,
  preparationOf,
  QUICK_CHECK_SECONDS,
  quickCheckDelay,
  type StagingRow,
  stagingVerdict,
  usableStaged,
} from "./staging-state";

const NOW = Date.UTC(2026, 10, 23, 12, 0);
const row = (over: Partial<StagingRow> = {}): StagingRow => ({
  state: "ready",
  remoteId: "vid1",
  expiresAt: null,
  fingerprint: "fp",
  attemptCount: 1,
  nextAttemptAt: null,
  errorKind: null,
  errorMessage: null,
  startedAt: NOW - 60_000,
  updatedAt: NOW - 60_000,
  ...over,
});
const target = (over: Partial<{ status: any; remoteId: string | null; updatedAt: number; dueAt: number }> = {}) => ({
  status: "scheduled" as const,
  remoteId: null,
  updatedAt: NOW - 120_000,
  dueAt: NOW,
  ...over,
});
const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
  marker: "t1",
  text: "Launch day",
  title: "Launch",
  media: [
    { mediaId: "m1", kind: "video", url: "https://x/y?sig=1", mimeType: "video/mp4", size: 10, open: null as never },
  ],
  ...over,
});

describe("usableStaged", () => {
  it("takes an uploaded, unchanged, unexpired staging, processing or ready", () => {
    expect(usableStaged(row(), "fp", NOW)).toEqual({ remoteId: "vid1", ready: true, expiresAt: null });
    expect(usableStaged(row({ state: "processing" }), "fp", NOW)?.ready).toBe(false);
  });
  it("refuses one that is unfinished, failed, edited since or expired", () => {
    expect(usableStaged(row({ state: "staging", remoteId: null }), "fp", NOW)).toBeNull();
    expect(usableStaged(row({ state: "failed" }), "fp", NOW)).toBeNull();
    expect(usableStaged(row(), "other", NOW)).toBeNull();
    expect(usableStaged(row({ expiresAt: NOW }), "fp", NOW)).toBeNull();
    expect(usableStaged(undefined, "fp", NOW)).toBeNull();
  });
});

describe("stagingVerdict", () => {
  it("discards what belongs to a deleted, unscheduled or held channel, or was superseded", () => {
    expect(stagingVerdict(row(), null, NOW)).toBe("discard");
    expect(stagingVerdict(row({ state: "stale" }), target(), NOW)).toBe("discard");
    for (const status of ["draft", "pending_approval", "held"] as const)
      expect(stagingVerdict(row(), target({ status }), NOW)).toBe("discard");
  });
  it("forgets (keeps on the platform) the staged video that became the post, discards another", () => {
    expect(stagingVerdict(row(), target({ status: "published", remoteId: "vid1" }), NOW)).toBe("forget");
    expect(stagingVerdict(row(), target({ status: "published", remoteId: "other" }), NOW)).toBe("discard");
  });
  it("keeps it while the channel publishes or waits on a retry, and while an upload runs", () => {
    for (const status of ["queued", "publishing", "failed", "unconfirmed"] as const)
      expect(stagingVerdict(row(), target({ status }), NOW)).toBe("keep");
    expect(stagingVerdict(row({ state: "staging" }), null, NOW)).toBe("keep");
  });
  it("compares content only when the channel changed after staging, and re-makes what is about to expire", () => {
    expect(stagingVerdict(row(), target(), NOW)).toBe("keep");
    expect(stagingVerdict(row(), target({ updatedAt: NOW }), NOW)).toBe("compare");
    expect(stagingVerdict(row({ expiresAt: NOW + EXPIRY_MARGIN_MS - 1 }), target(), NOW)).toBe("discard");
    expect(stagingVerdict(row({ expiresAt: NOW + EXPIRY_MARGIN_MS + 60_000 }), target(), NOW)).toBe("keep");
  });

  it("re-makes a container that would expire before its channel is due (the post was moved later)", () => {
    const expiresAt = NOW + 2 * 3_600_000;
    expect(stagingVerdict(row({ expiresAt }), target({ dueAt: NOW + 3_600_000 }), NOW)).toBe("keep");
    expect(stagingVerdict(row({ expiresAt }), target({ dueAt: expiresAt - EXPIRY_MARGIN_MS + 1 }), NOW)).toBe(
      "discard",
    );
    expect(stagingVerdict(row({ expiresAt }), target({ dueAt: NOW + 3 * 3_600_000 }), NOW)).toBe("discard");
  });
});

describe("fingerprintOf", () => {
  it("changes with text, title, options and media, not with the signed URL", async () => {
    const base = await fingerprintOf(request());
    expect(await fingerprintOf(request())).toBe(base);
    expect(await fingerprintOf(request({ media: [{ ...request().media[0]!, url: "https://x/y?sig=2" }] }))).toBe(base);
    expect(await fingerprintOf(request({ text: "Launch day!" }))).not.toBe(base);
    expect(await fingerprintOf(request({ title: "Other" }))).not.toBe(base);
    expect(await fingerprintOf(request({ options: { privacy: "unlisted" } }))).not.toBe(base);
    expect(await fingerprintOf(request({ media: [{ ...request().media[0]!, mediaId: "m2" }] }))).not.toBe(base);
  });
});

describe("afterStagingFailure and preparationOf", () => {
  it("a passing failure retries after the backoff (never before Retry-After) and says when", () => {
    const change = afterStagingFailure(
      { kind: "retryable", message: "Backend Error", retryAfterMs: 120_000 },
      1,
      NOW,
      () => 0,
    );
    expect(change).toEqual({
      state: "failed",
      errorKind: "retryable",
      errorMessage: "Backend Error",
      nextAttemptAt: NOW + 120_000,
    });
    expect(preparationOf(change, "Europe/Berlin")).toEqual({
      state: "failed",
      message: "Could not prepare: Backend Error; will retry at 13:02.",
    });
  });
  it("a refusal, or too many failures, needs the user before the due time", () => {
    const refused = afterStagingFailure({ kind: "permanent", message: "Invalid video" }, 1, NOW);
    expect(refused).toMatchObject({ errorKind: "permanent", nextAttemptAt: null });
    expect(preparationOf(refused, "UTC")?.message).toBe(
      "Could not prepare: Invalid video; needs attention before it is due.",
    );
    const exhausted = afterStagingFailure({ kind: "retryable", message: "Backend Error" }, 5, NOW);
    expect(exhausted).toMatchObject({ errorKind: "permanent", nextAttemptAt: null });
    expect(exhausted.errorMessage).toBe("Gave up after 5 attempts: Backend Error");
  });
  it("says nothing while preparing or ready, and hides a superseded staging", () => {
    expect(preparationOf(row({ state: "processing" }), "UTC")).toEqual({ state: "preparing", message: null });
    expect(preparationOf(row(), "UTC")).toEqual({ state: "ready", message: null });
    expect(preparationOf(row({ state: "stale" }), "UTC")).toBeNull();
  });
});

describe("quickCheckDelay", () => {
  it("checks a young run's processing every few seconds, then leaves it to the minute polls", () => {
    const started = 1_000_000;
    expect(quickCheckDelay(started, started + 2_000)).toBe(QUICK_CHECK_SECONDS);
    expect(quickCheckDelay(started, started + 59_999)).toBe(QUICK_CHECK_SECONDS);
    expect(quickCheckDelay(started, started + 60_000)).toBeNull();
  });
});
