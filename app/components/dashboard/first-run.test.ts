import { describe, expect, it } from "vitest";
import { firstRunComplete, firstRunSteps } from "./first-run";

const nothing = { connectedPlatforms: 0, mediaFiles: 0, postsSent: 0, teammates: 0 };

describe("firstRunSteps", () => {
  it("lists connect, upload, schedule and invite, none done, for a new workspace", () => {
    const steps = firstRunSteps(nothing);
    expect(steps.map((s) => [s.id, s.done, s.optional])).toEqual([
      ["connect", false, false],
      ["upload", false, false],
      ["schedule", false, false],
      ["invite", false, true],
    ]);
    expect(firstRunComplete(steps)).toBe(false);
  });

  it("marks each step done from what the workspace has", () => {
    const steps = firstRunSteps({ connectedPlatforms: 2, mediaFiles: 0, postsSent: 1, teammates: 1 });
    expect(steps.filter((s) => s.done).map((s) => s.id)).toEqual(["connect", "schedule", "invite"]);
  });

  it("is complete once the required steps are done, with or without a teammate", () => {
    expect(firstRunComplete(firstRunSteps({ ...nothing, connectedPlatforms: 1, mediaFiles: 3, postsSent: 1 }))).toBe(
      true,
    );
  });

  it("leaves out the invite step for those who cannot invite", () => {
    expect(firstRunSteps({ ...nothing, teammates: null }).map((s) => s.id)).toEqual(["connect", "upload", "schedule"]);
  });

  it("counts a part that failed to load as not done", () => {
    const steps = firstRunSteps({ connectedPlatforms: null, mediaFiles: null, postsSent: null, teammates: 0 });
    expect(steps.some((s) => s.done)).toBe(false);
  });
});
