import { describe, expect, it } from "vitest";
import type { MediaJson } from "../posts/types";
import { jpegName, needsJpeg } from "./jpeg-conversion";

const item = (id: string, format: string, fileType: "image" | "video" = "image") =>
  ({ id, format, fileType, originalName: `${id}.${format}` }) as MediaJson;

describe("needsJpeg", () => {
  const png = item("a", "png");
  const jpg = item("b", "jpg");
  const gif = item("c", "gif");
  const mp4 = item("d", "mp4", "video");

  it("lists the images Instagram refuses for their format", () => {
    expect(needsJpeg([png, jpg, gif, mp4], ["instagram"])).toEqual([png, gif]);
    expect(needsJpeg([png, jpg], ["instagram", "facebook"])).toEqual([png]);
  });
  it("offers nothing when every chosen network takes the format", () => {
    expect(needsJpeg([png, gif], ["facebook", "twitter"])).toEqual([]);
    expect(needsJpeg([png], [])).toEqual([]);
  });
  it("names the converted file", () => {
    expect(jpegName("launch.png")).toBe("launch.jpg");
    expect(jpegName("my.photo.webp")).toBe("my.photo.jpg");
    expect(jpegName("noext")).toBe("noext.jpg");
  });
});
