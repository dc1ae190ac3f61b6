import { PLATFORM_PROFILES, type Platform } from "../../../workers/platform-profile";
import { checkFiles, uploadFiles } from "../media/upload-client";
import type { MediaJson } from "../posts/types";
import { drawJpeg } from "./prepare-image";

/**
 * Images a chosen network refuses for their format but would take as JPEG (Instagram publishes JPEG only):
 * the composer offers to convert these in the browser before the post is sent. Pure.
 */
export function needsJpeg(media: MediaJson[], platforms: Platform[]): MediaJson[] {
  const formats = (p: Platform) => PLATFORM_PROFILES[p].media.imageFormats;
  const strict = platforms.filter((p) => formats(p).includes("jpg"));
  return media.filter(
    (m) => m.fileType === "image" && m.format !== "jpg" && strict.some((p) => !formats(p).includes(m.format)),
  );
}

/** "launch.png" → "launch.jpg". */
export const jpegName = (name: string) => `${name.replace(/\.[^./]+$/, "")}.jpg`;

/** Re-encodes a whole image as JPEG with a canvas (transparent pixels become white). */
export async function toJpeg(source: Blob, name: string, quality = 0.92): Promise<File> {
  const bitmap = await createImageBitmap(source);
  const whole = { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
  const blob = await drawJpeg(bitmap, whole, whole, quality).finally(() => bitmap.close());
  return new File([blob], jpegName(name), { type: "image/jpeg" });
}

/** Converts a library image to JPEG and uploads the copy; resolves with the new library item. */
export async function convertToJpeg(item: MediaJson): Promise<MediaJson> {
  const res = await fetch(item.url);
  if (!res.ok) throw new Error(`${item.originalName} could not be read`);
  const { items, skipped } = checkFiles([await toJpeg(await res.blob(), item.originalName)]);
  if (skipped[0]) throw new Error(skipped[0].message);
  const [done] = await uploadFiles(items, { folder: item.folder, onItem: () => {} });
  if (!done?.media) throw new Error(done?.error ?? "The converted image could not be uploaded");
  return done.media;
}
