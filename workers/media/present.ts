import type { media } from "../db/schema/media";
import { humanSize } from "./limits";

export type MediaRow = typeof media.$inferSelect;

/** A library item as SPEC §3 Media item names its fields. `url` needs the owner's session. */
export function presentMedia(row: MediaRow, timesUsed: number) {
  return {
    _id: row.id,
    id: row.id,
    url: `/media/${row.id}`,
    /**
     * What grids and lists show (ADR 075): the thumbnail made at upload; an image uploaded before thumbnails
     * existed shows itself, such a video its first frame (null), and a deleted file without one nothing.
     */
    thumbnailUrl: row.thumbKey
      ? `/media/${row.id}/thumb`
      : row.fileType === "image" && row.deletedAt === null
        ? `/media/${row.id}`
        : null,
    /** Deleted from the library; a published post still shows its thumbnail and details. */
    deletedAt: row.deletedAt === null ? null : new Date(row.deletedAt).toISOString(),
    publicId: row.id,
    originalName: row.originalName,
    filename: row.filename,
    displayName: row.displayName,
    fileType: row.fileType,
    mimeType: row.mimeType,
    format: row.format,
    size: row.size,
    humanSize: humanSize(row.size),
    dimensions: row.width && row.height ? { width: row.width, height: row.height } : null,
    duration: row.duration,
    folder: row.folder,
    tags: row.tags,
    altText: row.altText,
    /** A video's caption files, one per language (Bluesky sends them with the video). */
    captions: row.captions.map((c) => ({ lang: c.lang, size: c.size })),
    usage: { timesUsed },
    /** A copy prepared for one network (ADR 088): the item it was made from, the network and the crop it shows. */
    preparedFrom:
      row.variantOf && row.preparedFor ? { id: row.variantOf, platform: row.preparedFor, crop: row.crop } : null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export type MediaJson = ReturnType<typeof presentMedia>;
