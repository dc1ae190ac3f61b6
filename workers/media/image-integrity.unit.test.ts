import { describe, expect, it } from "vitest";
import { jpegBytes, pngBytes } from "../test/media-fixtures";
import { imageIsWhole, jpegIsWhole, pngIsWhole } from "./image-integrity";

describe("image integrity", () => {
  it("accepts whole PNGs and JPEGs, also with bytes after the end marker", () => {
    expect(pngIsWhole(pngBytes(10, 10))).toBe(true);
    expect(pngIsWhole(pngBytes(10, 10, 4096))).toBe(true);
    expect(jpegIsWhole(jpegBytes(10, 10))).toBe(true);
    expect(jpegIsWhole(jpegBytes(10, 10, 4096))).toBe(true);
  });

  it("refuses a truncated PNG, a header-only PNG and a PNG with a bad CRC", () => {
    const whole = pngBytes(10, 10);
    expect(pngIsWhole(whole.slice(0, 60))).toBe(false);
    expect(pngIsWhole(whole.slice(0, 33))).toBe(false); // signature + IHDR only
    const flipped = whole.slice();
    flipped[20] = flipped[20]! ^ 1;
    expect(pngIsWhole(flipped)).toBe(false);
  });

  it("refuses a JPEG cut before its scan ends or without a scan", () => {
    const whole = jpegBytes(10, 10);
    expect(jpegIsWhole(whole.slice(0, whole.length - 2))).toBe(false);
    expect(jpegIsWhole(whole.slice(0, 40))).toBe(false);
  });

  it("leaves other formats to the other checks", () => {
    expect(imageIsWhole("image/gif", new Uint8Array([1, 2, 3]))).toBe(true);
  });
});
