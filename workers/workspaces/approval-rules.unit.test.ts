import { describe, expect, it } from "vitest";
import { approvalDueAt, needsApproval } from "./approval-rules";

const NOW = Date.UTC(2030, 0, 1, 12);

describe("needsApproval", () => {
  it("a contributor always; others only when the workspace requires it", () => {
    expect(needsApproval({ approvalRequired: false, role: "contributor" })).toBe(true);
    expect(needsApproval({ approvalRequired: false, role: "editor" })).toBe(false);
    expect(needsApproval({ approvalRequired: false, role: "owner" })).toBe(false);
    expect(needsApproval({ approvalRequired: true, role: "owner" })).toBe(true);
  });
});

describe("approvalDueAt", () => {
  it("Publish Now goes out at approval", () => {
    expect(approvalDueAt({ publishNow: true, scheduledAt: NOW - 3_600_000 }, undefined, NOW)).toEqual({ dueAt: NOW });
  });
  it("a schedule keeps its time while it is ahead", () => {
    expect(approvalDueAt({ publishNow: false, scheduledAt: NOW + 60_000 }, undefined, NOW)).toEqual({
      dueAt: NOW + 60_000,
    });
  });
  it("a schedule whose time has passed asks for a new time", () => {
    expect(approvalDueAt({ publishNow: false, scheduledAt: NOW - 1 }, undefined, NOW)).toEqual({ expired: true });
  });
  it("the approver's new time wins, unless it is past too", () => {
    expect(approvalDueAt({ publishNow: false, scheduledAt: NOW - 1 }, NOW + 5_000, NOW)).toEqual({
      dueAt: NOW + 5_000,
    });
    expect(approvalDueAt({ publishNow: true, scheduledAt: null }, NOW - 5_000, NOW)).toEqual({ expired: true });
  });
});
