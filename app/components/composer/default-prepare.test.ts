import { describe, expect, it } from "vitest";
import type { MediaJson } from "../posts/types";
import type { ComposerForm } from "./composer-form";
import { defaultCropNote, defaultPreparations, withPreparedCopy } from "./default-prepare";

const image = (id: string, width: number, height: number, size = 1_000_000) =>
  ({
    id,
    fileType: "image",
    format: "png",
    size,
    dimensions: { width, height },
    originalName: `${id}.png`,
  }) as MediaJson;
const panorama = image("pano", 3000, 1000);
const form: Pick<ComposerForm, "media" | "channels" | "selectedAccounts"> = {
  media: [panorama],
  channels: [],
  selectedAccounts: { instagram: ["ig-1", "ig-2"], twitter: ["x-1"] },
};
const problem = (platform: "instagram" | "twitter", accountId: string | null = null) => ({
  platform,
  accountId,
  message: `Prepare pano.png for ${platform}`,
  prepare: "pano",
});

describe("preparing with the default crop at send (ADR 100)", () => {
  it("crops to the allowed shape nearest the image's own, centred, for every channel publishing it", () => {
    const [ig] = defaultPreparations([problem("instagram")], { ...form, channels: [] });
    // Instagram takes 0.8 to 1.91: a 3:1 panorama becomes the largest 1.91:1 frame, centred.
    expect(ig).toMatchObject({ platform: "instagram", accountIds: ["ig-1", "ig-2"], item: { id: "pano" } });
    expect(ig!.crop).toEqual({ x: 545, y: 0, width: 1910, height: 1000 });
    expect(defaultCropNote("instagram", { width: 3000, height: 1000, size: 1, format: "png" })).toBe(
      "If you send without preparing it, it is cropped to 1.91:1 from the centre.",
    );
  });

  it("an image too large but of a shape the network takes keeps the whole frame", () => {
    const big = image("big", 4000, 3000, 20_000_000);
    const [x] = defaultPreparations([{ ...problem("twitter"), prepare: "big" }], { ...form, media: [big] });
    expect(x!.crop).toEqual({ x: 0, y: 0, width: 4000, height: 3000 });
    expect(defaultCropNote("twitter", { width: 4000, height: 3000, size: 20_000_000, format: "png" })).toBe(
      "If you send without preparing it, the whole image is sent, re-encoded to fit.",
    );
  });

  it("a channel with its own version is prepared only by its own problem; others are left alone", () => {
    const withOwn = { ...form, channels: [{ platform: "instagram" as const, accountId: "ig-2", text: "own" }] };
    const preps = defaultPreparations(
      [problem("instagram"), problem("instagram", "ig-2"), problem("twitter")],
      withOwn,
    );
    expect(preps.map((p) => [p.platform, p.accountIds])).toEqual([
      ["instagram", ["ig-1", "ig-2"]],
      ["twitter", ["x-1"]],
    ]);
    expect(defaultPreparations([{ ...problem("twitter"), prepare: undefined }], form)).toEqual([]);
  });

  it("the channels publish the copy in the original's place; the post's own media is untouched", () => {
    const start = { ...form, platforms: ["instagram"] } as unknown as ComposerForm;
    const next = withPreparedCopy(start, "instagram", ["ig-1"], "pano", image("copy", 1910, 1000));
    expect(next.channels).toEqual([{ platform: "instagram", accountId: "ig-1", media: ["copy"] }]);
    expect(next.media.map((m) => m.id)).toEqual(["pano"]);
  });
});
