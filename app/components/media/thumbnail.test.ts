import { describe, expect, it } from "vitest";
import { thumbnailSize } from "./thumbnail";

describe("thumbnailSize", () => {
  it("shrinks the longer side to 480 keeping the aspect, and never enlarges", () => {
    expect(thumbnailSize(4000, 3000)).toEqual({ width: 480, height: 360 });
    expect(thumbnailSize(1080, 1920)).toEqual({ width: 270, height: 480 });
    expect(thumbnailSize(200, 100)).toEqual({ width: 200, height: 100 });
    expect(thumbnailSize(10_000, 1)).toEqual({ width: 480, height: 1 });
  });
});
