import { describe, expect, it } from "vitest";
import { truncateName, typeOptions, usedLabel, visibleTags } from "./display";

describe("media display rules", () => {
  it("cuts names after the limit, counting characters not bytes", () => {
    expect(truncateName("summer-campaign-hero.png", 20)).toBe("summer-campaign-hero...");
    expect(truncateName("exactly-twenty-chars", 20)).toBe("exactly-twenty-chars");
    expect(truncateName("ééééééééééééééééééééé.png", 20)).toBe("éééééééééééééééééééé...");
    expect(truncateName("a-very-long-video-file-name.mp4", 25)).toBe("a-very-long-video-file-na...");
  });

  it("shows two tags and counts the rest", () => {
    expect(visibleTags(["a", "b", "c", "d"])).toEqual({ shown: ["a", "b"], more: 2 });
    expect(visibleTags(["a"])).toEqual({ shown: ["a"], more: 0 });
  });

  it("labels the type filter with counts, narrowed to what a picker accepts", () => {
    expect(typeOptions({ all: 3, image: 2, video: 1 }).map((o) => o.label)).toEqual([
      "All (3)",
      "Images (2)",
      "Videos (1)",
    ]);
    expect(typeOptions(null).map((o) => o.label)).toEqual(["All", "Images", "Videos"]);
    expect(typeOptions({ all: 3, image: 2, video: 1 }, ["video"])).toEqual([{ value: "video", label: "Videos (1)" }]);
    expect(usedLabel(0)).toBe("Used 0x");
  });
});
