/**
 * Media library limits and messages of SPEC §5 Media upload and §9. Pure: the upload dialog imports
 * these to check files before sending them; the server checks again on the real bytes.
 */
import type { MediaKind } from "../db/schema/media";

const MB = 1024 * 1024;

export const MAX_FILES_PER_UPLOAD = 10;
export const MAX_BYTES: Record<MediaKind, number> = { image: 50 * MB, video: 250 * MB };
/** A decoded image larger than this is refused (decompression bombs). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Files flagged in the upload dialog above this share of their limit. */
export const WARN_RATIO = 0.8;
/** R2 multipart: every part but the last is exactly this size (R2 needs ≥ 5 MiB and equal parts). */
export const UPLOAD_PART_SIZE = 10 * MB;

/** Sniffed MIME type → library format. Anything else is not a library file. */
export const ACCEPTED_TYPES: Record<string, { kind: MediaKind; format: string }> = {
  "image/jpeg": { kind: "image", format: "jpg" },
  "image/png": { kind: "image", format: "png" },
  "image/gif": { kind: "image", format: "gif" },
  "image/webp": { kind: "image", format: "webp" },
  "video/mp4": { kind: "video", format: "mp4" },
  "video/quicktime": { kind: "video", format: "mov" },
  "video/vnd.avi": { kind: "video", format: "avi" },
};

export const MediaMessages = {
  unsupported: "Unsupported file type. Only images and videos are allowed.",
  noFiles: "Please choose at least one file to upload.",
  tooManyFiles: `You can upload up to ${MAX_FILES_PER_UPLOAD} files at a time.`,
  mismatch: "The file's contents do not match an image or video. Only images and videos are allowed.",
  unreadable: "This file could not be read. It may be damaged.",
  incompleteImage:
    "This image is damaged or incomplete (the file ends before the picture does). Please upload the original file again.",
  partSize: "Upload part has the wrong size.",
  incomplete: "The upload is incomplete: some parts are missing.",
} as const;

const KIND_LABEL: Record<MediaKind, string> = { image: "Image", video: "Video" };

/** Megabytes with at most one decimal, as the spec's messages show them ("your file is 51.2MB"). */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / MB) * 10) / 10);
}

export function tooLargeMessage(kind: MediaKind, bytes: number): string {
  return `${KIND_LABEL[kind]} file too large. Maximum size is ${MAX_BYTES[kind] / MB}MB, your file is ${megabytes(bytes)}MB`;
}

export function tooManyPixelsMessage(width: number, height: number): string {
  return `Image dimensions too large (${width}×${height}). Maximum is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;
}

/** The kind a browser-declared MIME type claims (image/* or video/*), before the bytes are seen. */
export function declaredKind(contentType: string): MediaKind | null {
  if (contentType.startsWith("image/")) return "image";
  if (contentType.startsWith("video/")) return "video";
  return null;
}

/** The first message that refuses a file of this kind and size, or null. */
export function sizeProblem(kind: MediaKind, bytes: number): string | null {
  return bytes > MAX_BYTES[kind] ? tooLargeMessage(kind, bytes) : null;
}

/** "1.5 KB", "12.3 MB" — the library's humanSize. */
export function humanSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Math.round(value * 10) / 10} ${units[unit]}`;
}
