import { z } from "zod";
import { MEDIA_KINDS } from "../db/schema/media";
import { PLATFORMS } from "../platform-profile";
import { MediaMessages } from "./limits";
import { cropSchema } from "./prepare";

/** Request shapes of the media API, shared with the library UI. */
const folder = z
  .string()
  .trim()
  .min(1, "Folder name is required.")
  .max(50, "Folder name must be 50 characters or less.")
  .regex(/^[\p{L}\p{N} _-]+$/u, "Folder names may use letters, numbers, spaces, - and _ only.");

/** Tags as a list or one comma/space-separated string (multipart forms send text). */
const tags = z
  .union([z.array(z.string()), z.string()])
  .transform((v) =>
    (typeof v === "string" ? v.split(/[,\s]+/) : v).map((t) => t.trim().replace(/^#/, "")).filter(Boolean),
  )
  .pipe(z.array(z.string().max(50, "Tags must be 50 characters or less.")).max(20, "A file may have at most 20 tags."))
  .transform((list) => [...new Set(list)]);

const altText = z.string().trim().max(1000, "Alt text must be 1000 characters or less.");

export const uploadFieldsSchema = z.object({
  folder: folder.default("general"),
  tags: tags.default([]),
  altText: altText.default(""),
});

export const startUploadSchema = uploadFieldsSchema.extend({
  filename: z.string().trim().min(1, "A file name is required.").max(255),
  size: z.number().int().positive("The file is empty."),
  contentType: z.string(),
});

export const completeUploadSchema = z.object({
  parts: z
    .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .min(1, MediaMessages.incomplete)
    .max(10_000),
});

export const updateMediaSchema = z
  .object({ folder: folder.optional(), tags: tags.optional(), altText: altText.optional() })
  .refine((v) => v.folder !== undefined || v.tags !== undefined || v.altText !== undefined, "Nothing to update.");

export const MEDIA_SORTS = ["newest", "oldest", "most_used"] as const;

export const listMediaSchema = z.object({
  type: z.enum(["all", ...MEDIA_KINDS]).default("all"),
  folder: z.string().trim().max(50).optional(),
  search: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(MEDIA_SORTS).default("newest"),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListMediaQuery = z.output<typeof listMediaSchema>;

/** A copy of a library image prepared for one network (ADR 088): the multipart form's fields. */
export const prepareVariantSchema = z.object({
  platform: z.enum(PLATFORMS, { error: "Unknown platform" }),
  crop: z
    .string()
    .max(200)
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "The crop must be JSON: {x, y, width, height}" });
        return z.NEVER;
      }
    })
    .pipe(cropSchema),
  file: z.file({ error: "Please send the prepared image as the file field." }),
});
