import { describe, expect, it } from "vitest";
import { orderPlatforms, platformOptions, toggleSelection } from "./platform-options";

describe("platform grid rules", () => {
  it("orders Instagram, Facebook, X first, then by name", () => {
    expect(
      orderPlatforms([
        { id: "youtube", name: "YouTube" },
        { id: "linkedin", name: "LinkedIn" },
        { id: "twitter", name: "X" },
        { id: "instagram", name: "Instagram" },
        { id: "threads", name: "Threads" },
        { id: "facebook", name: "Facebook" },
      ]).map((p) => p.id),
    ).toEqual(["instagram", "facebook", "twitter", "linkedin", "threads", "youtube"]);
  });

  it("marks connected platforms and toggles only those", () => {
    const opts = platformOptions([{ platform: "instagram", username: "@sunrise", displayName: "Sunrise" }]);
    const ig = opts.find((o) => o.id === "instagram")!;
    const fb = opts.find((o) => o.id === "facebook")!;
    expect(ig).toMatchObject({ connected: true, accountLabel: "@sunrise" });
    expect(toggleSelection([], fb, "multi")).toEqual([]);
    expect(toggleSelection([], ig, "single")).toEqual(["instagram"]);
    expect(toggleSelection(["instagram"], ig, "single")).toEqual([]);
    const li = { ...opts.find((o) => o.id === "linkedin")!, connected: true };
    expect(toggleSelection(["instagram"], li, "multi")).toEqual(["instagram", "linkedin"]);
    expect(toggleSelection(["instagram", "linkedin"], ig, "multi")).toEqual(["linkedin"]);
  });
});
