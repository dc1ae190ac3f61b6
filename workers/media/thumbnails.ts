import { imageSize } from "image-size";
import { z } from "zod";
import { Invalid, TooLarge, UnsupportedType } from "../errors";
import { sniffType } from "../files";

/**
 * The thumbnail a library item carries (ADR 075): the uploader makes it in the browser (a resized image, a video's
 * poster frame) and sends it beside the original, so grids and lists never download the original. Pure checks.
 */
export const THUMBNAIL_MAX_SIDE = 640;
export const THUMBNAIL_MAX_BYTES = 256 * 1024;
/** Sniffed type → extension of the stored thumbnail. */
const THUMBNAIL_TYPES: Record<string, string> = { "image/webp": "webp", "image/jpeg": "jpg", "image/png": "png" };

export const ThumbnailMessages = {
  type: "A thumbnail must be a WebP, JPEG or PNG image.",
  tooLarge: `A thumbnail is at most ${THUMBNAIL_MAX_BYTES / 1024} KB.`,
  tooWide: `A thumbnail is at most ${THUMBNAIL_MAX_SIDE}×${THUMBNAIL_MAX_SIDE} pixels.`,
  unreadable: "The thumbnail could not be read.",
} as const;

/** The request's declared type and size, checked before the bytes are read. */
export const thumbnailRequestSchema = z.object({
  contentType: z.enum(Object.keys(THUMBNAIL_TYPES) as [string, ...string[]], { error: ThumbnailMessages.type }),
  size: z.number().int().min(1, ThumbnailMessages.unreadable).max(THUMBNAIL_MAX_BYTES, ThumbnailMessages.tooLarge),
});

/** The thumbnail's real type and extension from its bytes, refusing anything that is not a small image. */
export async function checkThumbnail(bytes: Uint8Array): Promise<{ mime: string; ext: string }> {
  if (bytes.length > THUMBNAIL_MAX_BYTES) throw new TooLarge(ThumbnailMessages.tooLarge);
  const sniffed = await sniffType(bytes.subarray(0, 4100));
  const ext = sniffed ? THUMBNAIL_TYPES[sniffed.mime] : undefined;
  if (!sniffed || !ext) throw new UnsupportedType(ThumbnailMessages.type);
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new Invalid(ThumbnailMessages.unreadable);
  }
  if (size.width > THUMBNAIL_MAX_SIDE || size.height > THUMBNAIL_MAX_SIDE) throw new Invalid(ThumbnailMessages.tooWide);
  return { mime: sniffed.mime, ext };
}
