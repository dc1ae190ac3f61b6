import { describe, expect, it } from "vitest";
import { frozenChanges, frozenEditMessage } from "./edit-rules";

const stored = {
  content: "Hello",
  hashtags: ["a"],
  mentions: [],
  title: null,
  media: ["m1", "m2"],
  images: [],
  videos: [],
  youtubeVideo: null,
};

describe("frozenChanges", () => {
  it("finds nothing when only the stored values come back (a partial PUT merged over the post)", () => {
    expect(frozenChanges(stored, { ...stored, images: ["m1", "m2"], title: "" })).toEqual([]);
  });

  it("names every changed field that the platform already has", () => {
    expect(
      frozenChanges(stored, {
        ...stored,
        content: "Hello!",
        hashtags: ["a", "b"],
        mentions: ["ann"],
        title: "T",
        media: ["m2", "m1"],
      }),
    ).toEqual(["content", "hashtags", "mentions", "title", "media"]);
    expect(frozenChanges(stored, { ...stored, images: ["m3"] })).toEqual(["media"]);
  });

  it("says where the post is live and what is still editable", () => {
    expect(frozenEditMessage(["instagram", "twitter", "instagram"], ["content"])).toBe(
      "This post is already published on Instagram, X, so its content can no longer be changed here (the platform would still show the old version). You can still change its category, and the time and accounts of channels not yet published.",
    );
  });
});
