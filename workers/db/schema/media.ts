import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import { posts } from "./posts";
import { workspaces } from "./workspaces";

export const MEDIA_KINDS = ["image", "video"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** A video's caption file (WebVTT) in one language, stored in R2 beside the video. */
export interface MediaCaption {
  /** A BCP-47 language tag, like en or pt-BR. */
  lang: string;
  key: string;
  size: number;
}

/**
 * A file in the user's library. The bytes live in R2 under `key` (`media/<workspaceId>/<id>/<filename>`);
 * a row exists only once the bytes were stored and checked (sniffed type, dimensions, duration).
 */
export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who uploaded it. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("r2_key").notNull(),
    originalName: text("original_name").notNull(),
    filename: text("filename").notNull(),
    displayName: text("display_name").notNull(),
    fileType: text("file_type", { enum: MEDIA_KINDS }).notNull(),
    /** The sniffed MIME type, never the browser's claim. */
    mimeType: text("mime_type").notNull(),
    /** jpg | png | gif | webp | mp4 | mov | avi */
    format: text("format").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Seconds, videos only. */
    duration: real("duration"),
    folder: text("folder").notNull().default("general"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    altText: text("alt_text").notNull().default(""),
    /** A video's captions, one WebVTT file per language (Bluesky's app.bsky.embed.video takes them). */
    captions: text("captions", { mode: "json" }).$type<MediaCaption[]>().notNull().default(sql`'[]'`),
    /** The small picture grids and lists show (a resized image, a video's poster frame), made at upload (ADR 075). */
    thumbKey: text("thumb_key"),
    /**
     * A copy prepared for one network (ADR 088): the library item it was made from, the network and the crop of the
     * original it shows. Prepared copies stay out of the library's lists; if the original goes, the copy a post
     * still uses becomes an ordinary library item.
     */
    variantOf: text("variant_of").references((): AnySQLiteColumn => media.id, { onDelete: "set null" }),
    preparedFor: text("prepared_for"),
    crop: text("crop", { mode: "json" }).$type<{ x: number; y: number; width: number; height: number }>(),
    /**
     * Deleted from the library while a published post still shows it: the original is gone from R2, the row, the
     * thumbnail and the post's link stay so the post keeps its picture and analytics its media type (ADR 075).
     */
    deletedAt: ms("deleted_at"),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    index("media_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("media_workspace_folder_idx").on(t.workspaceId, t.folder),
    index("media_variant_of_idx").on(t.variantOf),
  ],
);

/**
 * An R2 multipart upload in progress. It becomes a `media` row (and is deleted) on completion, or is
 * aborted; a started-but-abandoned upload never shows in the library.
 */
export const mediaUploads = sqliteTable(
  "media_uploads",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who uploaded it. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("r2_key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    originalName: text("original_name").notNull(),
    filename: text("filename").notNull(),
    size: integer("size").notNull(),
    partSize: integer("part_size").notNull(),
    folder: text("folder").notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    altText: text("alt_text").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("media_uploads_workspace_idx").on(t.workspaceId)],
);

/** Media attached to a post, in order. Usage counts come from here. */
export const postMedia = sqliteTable(
  "post_media",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaId] }), index("post_media_media_idx").on(t.mediaId)],
);
