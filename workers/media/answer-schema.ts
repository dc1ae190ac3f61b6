import { z } from "zod";
import { type Fits, Pagination } from "../http/route-registry";
import type { MediaJson } from "./present";

/** A library item as present.ts shows it, for the API document. */
export const Media = z.object({
  _id: z.string(),
  id: z.string(),
  url: z.string(),
  /** A small image made at upload (ADR 075); the original's URL when there is none. Null: nothing to show. */
  thumbnailUrl: z.string().nullable(),
  /** Set when the file was deleted but a published post still shows it (a tombstone, ADR 075). */
  deletedAt: z.string().nullable(),
  publicId: z.string(),
  originalName: z.string(),
  filename: z.string(),
  displayName: z.string(),
  fileType: z.enum(["image", "video"]),
  mimeType: z.string(),
  format: z.string(),
  size: z.number(),
  humanSize: z.string(),
  dimensions: z.object({ width: z.number(), height: z.number() }).nullable(),
  duration: z.number().nullable(),
  folder: z.string(),
  tags: z.array(z.string()),
  altText: z.string(),
  /** A video's caption files (WebVTT), one per BCP-47 language. */
  captions: z.array(z.object({ lang: z.string(), size: z.number() })),
  usage: z.object({ timesUsed: z.number() }),
  /** Set on a copy prepared for one network (ADR 088): the original's id, the network and the crop of the original. */
  preparedFrom: z
    .object({
      id: z.string(),
      platform: z.string(),
      crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const MediaPage = z.object({
  media: z.array(Media),
  counts: z.object({ all: z.number(), image: z.number(), video: z.number() }),
  pagination: Pagination,
});

export type MediaChecks = [Fits<z.input<typeof Media>, MediaJson>];
