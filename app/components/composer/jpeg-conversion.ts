import { PLATFORM_PROFILES, type Platform } from "../../../workers/platform-profile";
import { checkFiles, uploadFiles } from "../media/upload-client";
import type { MediaJson } from "../posts/types";

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

/**
 * Re-encodes an image as JPEG with a canvas. JPEG has no transparency, so transparent pixels become white
 * (as they show on the platforms' light feeds) rather than black.
 */
export async function toJpeg(source: Blob, name: string, quality = 0.92): Promise<File> {
  const bitmap = await createImageBitmap(source);
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot convert images");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  if (!blob) throw new Error("The image could not be converted");
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
