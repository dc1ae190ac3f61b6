import { api } from "~/lib/api";
import {
  type Crop,
  ENCODING_STEPS,
  outputSize,
  PrepareMessages,
  preparedMaxBytes,
} from "../../../workers/media/public";
import type { Platform } from "../../../workers/platform-profile";
import type { MediaJson } from "../posts/types";

/**
 * Draws the crop of a decoded image at `size` on a canvas and encodes it as JPEG. JPEG has no transparency, so
 * transparent pixels become white (as they show on the platforms' light feeds) rather than black.
 */
export async function drawJpeg(
  bitmap: ImageBitmap,
  crop: Crop,
  size: { width: number; height: number },
  quality: number,
): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot convert images");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  if (!blob) throw new Error("The image could not be converted");
  return blob;
}

/**
 * The network's copy of an image (ADR 088): the crop drawn with the browser's own codecs, trying the encoding
 * steps until the file fits the network's size limit.
 */
export async function preparedFile(source: Blob, name: string, crop: Crop, platform: Platform): Promise<File> {
  const bitmap = await createImageBitmap(source);
  try {
    for (const step of ENCODING_STEPS) {
      const blob = await drawJpeg(bitmap, crop, outputSize(crop, step.scale), step.quality);
      if (blob.size <= preparedMaxBytes(platform))
        return new File([blob], `${name.replace(/\.[^./]+$/, "")}-${platform}.jpg`, { type: "image/jpeg" });
    }
  } finally {
    bitmap.close();
  }
  throw new Error(PrepareMessages.tooLarge(platform));
}

/** Prepares a library image for one network in the browser and stores the copy beside it; resolves with the copy. */
export async function prepareForNetwork(item: MediaJson, platform: Platform, crop: Crop): Promise<MediaJson> {
  const res = await fetch(item.url);
  if (!res.ok) throw new Error(`${item.originalName} could not be read`);
  const form = new FormData();
  form.append("platform", platform);
  form.append("crop", JSON.stringify(crop));
  form.append("file", await preparedFile(await res.blob(), item.originalName, crop, platform));
  const saved = await api<MediaJson>(`/api/media/${item.id}/variants`, { form });
  if (!saved.ok) throw new Error(saved.message);
  return saved.data;
}
