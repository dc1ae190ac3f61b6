import type { MediaKind } from "../../../workers/db/schema/media";
import type { MediaJson } from "../../../workers/media/index";

/**
 * The thumbnail the uploader makes in the browser (ADR 075): the image resized, or a video's poster frame, drawn
 * on a canvas and stored beside the original (PUT /api/media/{id}/thumbnail), so grids and lists load a few KB
 * instead of the original. Made with the browser's own decoders: nothing to download.
 */
export const THUMBNAIL_SIDE = 480;

/** The thumbnail's size: the longer side at most `max`, the aspect kept, never enlarged. Pure. */
export function thumbnailSize(width: number, height: number, max = THUMBNAIL_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A picture of the file, or null where the browser cannot decode it (the grid then shows the item's icon). */
export async function makeThumbnail(file: File, kind: MediaKind): Promise<Blob | null> {
  if (typeof document === "undefined") return null;
  try {
    const source = kind === "image" ? await createImageBitmap(file) : await posterFrame(file);
    const { width, height } = thumbnailSize(source.width, source.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d")?.drawImage(source, 0, 0, width, height);
    source.close();
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.8));
  } catch {
    return null;
  }
}

/** A frame a second in (or mid-way through a shorter clip): the first is often black. */
async function posterFrame(file: File): Promise<ImageBitmap> {
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "auto";
  const url = URL.createObjectURL(file);
  try {
    video.src = url;
    await event(video, "loadeddata");
    video.currentTime = Math.min(1, (video.duration || 0) / 2);
    await event(video, "seeked");
    return await createImageBitmap(video);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function event(video: HTMLVideoElement, name: "loadeddata" | "seeked"): Promise<void> {
  return new Promise((resolve, reject) => {
    video.addEventListener(name, () => resolve(), { once: true });
    video.addEventListener("error", () => reject(new Error("The video could not be decoded")), { once: true });
  });
}

/** Stores the thumbnail; the item as the library now lists it, or null (it keeps showing without one). */
export async function sendThumbnail(id: string, thumbnail: Blob): Promise<MediaJson | null> {
  try {
    const res = await fetch(`/api/media/${id}/thumbnail`, {
      method: "PUT",
      headers: { "Content-Type": thumbnail.type, Accept: "application/json" },
      body: thumbnail,
      credentials: "same-origin",
    });
    const envelope = (await res.json()) as { success: boolean; data?: MediaJson };
    return res.ok && envelope.success ? (envelope.data ?? null) : null;
  } catch {
    return null;
  }
}
