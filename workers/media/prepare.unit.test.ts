import { describe, expect, it } from "vitest";
import {
  centredCrop,
  cropFits,
  cropShapes,
  defaultShape,
  moveCrop,
  needsPreparing,
  outputSize,
  preparationNeeds,
  shapeLabel,
} from "./prepare";

const MB = 1024 * 1024;
const wide = { width: 3000, height: 1000, size: 7 * MB, format: "png" };

describe("media prepared per network", () => {
  it("says in each network's words why an image must be prepared", () => {
    expect(preparationNeeds("instagram", wide)).toEqual([
      "Instagram does not take PNG",
      "Instagram takes aspect ratios 0.8 to 1.91, not 3",
    ]);
    expect(preparationNeeds("twitter", wide)).toEqual(["X takes images up to 5MB"]);
    expect(preparationNeeds("twitter", { ...wide, size: 2 * MB })).toEqual([]);
    expect(needsPreparing("instagram", wide)).toBe(true);
    // YouTube publishes videos only: nothing to prepare an image for.
    expect(needsPreparing("youtube", wide)).toBe(false);
  });

  it("offers the network's shapes, starting from the one nearest the image", () => {
    expect(defaultShape("instagram", wide)).toBe(1.91);
    expect(cropShapes("instagram", wide)).toEqual([0.8, 1, 1.91]);
    expect(cropShapes("twitter", wide).map((s) => shapeLabel(s, wide))).toEqual(["Original", "1:1", "16:9"]);
  });

  it("centres the largest frame of the shape and keeps it inside the image when moved", () => {
    const crop = centredCrop(wide, 1.91);
    expect(crop).toEqual({ x: 545, y: 0, width: 1910, height: 1000 });
    expect(moveCrop(crop, wide, -10_000, 50)).toEqual({ ...crop, x: 0, y: 0 });
    expect(moveCrop(crop, wide, 10_000, 0).x).toBe(3000 - 1910);
    expect(cropFits(crop, wide)).toBe(true);
    expect(cropFits({ ...crop, x: 2000 }, wide)).toBe(false);
  });

  it("draws the copy at most 4096 pixels on its long side, smaller when asked", () => {
    expect(outputSize({ x: 0, y: 0, width: 8192, height: 4096 })).toEqual({ width: 4096, height: 2048 });
    expect(outputSize({ x: 0, y: 0, width: 1000, height: 800 }, 0.5)).toEqual({ width: 500, height: 400 });
  });
});
