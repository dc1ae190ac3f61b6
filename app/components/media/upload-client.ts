import { type Envelope, NETWORK_ERROR } from "~/lib/api";
import type { MediaKind } from "../../../workers/db/schema/media";
import type { MediaJson } from "../../../workers/media/index";
import {
  ACCEPTED_TYPES,
  MAX_BYTES,
  MAX_FILES_PER_UPLOAD,
  MediaMessages,
  sizeProblem,
  WARN_RATIO,
} from "../../../workers/media/public";
import { makeThumbnail, sendThumbnail } from "./thumbnail";

/**
 * The browser side of SPEC §5 Media upload: checks before sending (the server checks again on the
 * real bytes), then one request per file with real progress from XMLHttpRequest upload events.
 * Files up to SINGLE_REQUEST_MAX go in one POST; larger ones in parts of the server's part size.
 */

/** Above this a file goes up in parts (each part is one Worker request). */
export const SINGLE_REQUEST_MAX = 20 * 1024 * 1024;

/** Files sent at once: enough to overlap round trips, few enough not to starve each one's bandwidth. */
export const UPLOAD_CONCURRENCY = 3;

export type UploadStatus = "pending" | "uploading" | "completed" | "failed";

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  kind: MediaKind;
  status: UploadStatus;
  /** 0–100; 100 only once the server has stored and checked the file. */
  progress: number;
  /** The 80 % flag, e.g. '86% of the 50MB limit'. */
  warning?: string;
  /** Why the upload failed, in the server's words. */
  error?: string;
  media?: MediaJson;
}

export interface SkippedFile {
  name: string;
  message: string;
}

/** Extensions of the library formats, for the file dialog's filter and for files the browser gives no type. */
const EXTENSIONS: Record<string, string[]> = { jpg: [".jpg", ".jpeg"], mov: [".mov", ".qt"] };
export const ACCEPTED_EXTENSIONS = [
  ...new Set(Object.values(ACCEPTED_TYPES).flatMap(({ format }) => EXTENSIONS[format] ?? [`.${format}`])),
];
const ACCEPTED_SUBTYPES = new Set([
  "x-msvideo",
  "avi",
  "msvideo",
  "jpg",
  "pjpeg",
  ...Object.keys(ACCEPTED_TYPES).map((t) => t.split("/")[1]!),
]);

/** The library kind of a file the browser picked, from its declared type or, when that is empty, its extension. */
export function kindOf(file: { name: string; type: string }): MediaKind | null {
  const [major, minor] = file.type.toLowerCase().split("/");
  if (file.type) return (major === "image" || major === "video") && ACCEPTED_SUBTYPES.has(minor ?? "") ? major : null;
  const ext = file.name.toLowerCase().match(/\.[^.]+$/)?.[0];
  if (!ext || !ACCEPTED_EXTENSIONS.includes(ext)) return null;
  const format = Object.entries(EXTENSIONS).find(([, exts]) => exts.includes(ext))?.[0] ?? ext.slice(1);
  return Object.values(ACCEPTED_TYPES).find((t) => t.format === format)?.kind ?? null;
}

/** SPEC §5: a file above 80 % of its limit is flagged with its percentage. */
export function nearLimitWarning(kind: MediaKind, bytes: number): string | undefined {
  const ratio = bytes / MAX_BYTES[kind];
  if (ratio <= WARN_RATIO || ratio > 1) return undefined;
  return `${Math.round(ratio * 100)}% of the ${MAX_BYTES[kind] / (1024 * 1024)}MB limit`;
}

/**
 * Splits picked files into those to upload (as pending items) and those skipped with the spec's
 * message; `room` is how many more files this round may take (10 at a time).
 */
export function checkFiles(
  files: File[],
  room = MAX_FILES_PER_UPLOAD,
): { items: Array<UploadItem & { file: File }>; skipped: SkippedFile[] } {
  const items: Array<UploadItem & { file: File }> = [];
  const skipped: SkippedFile[] = [];
  for (const file of files) {
    const kind = kindOf(file);
    const problem = !kind
      ? MediaMessages.unsupported
      : (sizeProblem(kind, file.size) ?? (file.size === 0 ? "The file is empty." : null));
    if (problem || !kind) skipped.push({ name: file.name, message: problem ?? MediaMessages.unsupported });
    else if (items.length >= room) skipped.push({ name: file.name, message: MediaMessages.tooManyFiles });
    else
      items.push({
        id: crypto.randomUUID(),
        file,
        name: file.name,
        size: file.size,
        kind,
        status: "pending",
        progress: 0,
        warning: nearLimitWarning(kind, file.size),
      });
  }
  return { items, skipped };
}

/** 'Successfully uploaded N image, video or files!' (SPEC §8) — the noun follows what was uploaded. */
export function uploadedMessage(kinds: MediaKind[]): string {
  const n = kinds.length;
  const noun = kinds.every((k) => k === "image") ? "image" : kinds.every((k) => k === "video") ? "video" : "file";
  return `Successfully uploaded ${n} ${noun}${n === 1 ? "" : "s"}!`;
}

/** Byte ranges [start, end) of the parts of a file of `size` bytes. */
export function partRanges(size: number, partSize: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let start = 0; start < size; start += partSize) ranges.push([start, Math.min(size, start + partSize)]);
  return ranges;
}

/** Upload progress as a whole percentage that stays below 100 until the server has answered. */
export function percent(done: number, total: number): number {
  return total <= 0 ? 0 : Math.min(99, Math.floor((done / total) * 100));
}

export type UploadEvent =
  | { type: "start" }
  | { type: "progress"; progress: number }
  | { type: "done"; media: MediaJson }
  | { type: "fail"; error: string }
  | { type: "retry" };

/**
 * The item state machine: pending → uploading % → completed | failed; a failed item goes back to pending only
 * when the user retries it, and a completed one never changes.
 */
export function advance<T extends UploadItem>(item: T, event: UploadEvent): T {
  if (event.type === "retry")
    return item.status === "failed" ? { ...item, status: "pending", progress: 0, error: undefined } : item;
  if (item.status === "completed" || item.status === "failed") return item;
  switch (event.type) {
    case "start":
      return item.status === "pending" ? { ...item, status: "uploading", progress: 0 } : item;
    case "progress":
      return item.status === "uploading"
        ? { ...item, progress: Math.max(item.progress, Math.min(99, event.progress)) }
        : item;
    case "done":
      return { ...item, status: "completed", progress: 100, media: event.media };
    case "fail":
      return { ...item, status: "failed", error: event.error };
  }
}

export const UPLOAD_CANCELLED = "Upload cancelled";

type XhrLike = Pick<
  XMLHttpRequest,
  "open" | "send" | "abort" | "setRequestHeader" | "status" | "responseText" | "onload" | "onerror" | "onabort"
> & {
  upload: Pick<XMLHttpRequestUpload, "onprogress">;
};
export type XhrFactory = () => XhrLike;

interface Sent<T> {
  ok: boolean;
  status: number;
  message: string;
  data?: T;
}

/** One request through XMLHttpRequest (fetch has no upload progress), answered as our envelope. */
function send<T>(
  xhr: XhrFactory,
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit | null,
  opts: { json?: boolean; signal?: AbortSignal; onProgress?: (loaded: number) => void },
): Promise<Sent<T>> {
  return new Promise((resolve) => {
    if (opts.signal?.aborted) return resolve({ ok: false, status: 0, message: UPLOAD_CANCELLED });
    const req = xhr();
    const onAbort = () => req.abort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const settle = (result: Sent<T>) => {
      opts.signal?.removeEventListener("abort", onAbort);
      resolve(result);
    };
    req.open(method, url);
    req.setRequestHeader("Accept", "application/json");
    if (opts.json) req.setRequestHeader("Content-Type", "application/json");
    req.upload.onprogress = (e) => opts.onProgress?.(e.loaded);
    req.onload = () => {
      let envelope: Envelope<T> | null = null;
      try {
        envelope = JSON.parse(req.responseText) as Envelope<T>;
      } catch {
        envelope = null;
      }
      const ok = req.status >= 200 && req.status < 300 && envelope?.success === true;
      settle({
        ok,
        status: req.status,
        message: envelope?.message || `Upload failed: ${req.status}`,
        data: envelope?.data,
      });
    };
    req.onerror = () => settle({ ok: false, status: 0, message: NETWORK_ERROR });
    req.onabort = () => settle({ ok: false, status: 0, message: UPLOAD_CANCELLED });
    req.send(body);
  });
}

export interface UploadOptions {
  folder?: string;
  signal?: AbortSignal;
  /** Called with each item's new state. */
  onItem: (item: UploadItem & { file: File }) => void;
  xhr?: XhrFactory;
  /** How many files go at once (UPLOAD_CONCURRENCY). */
  limit?: number;
  /** Makes and stores the item's thumbnail once its file is in (thumbnail.ts); the item as it is then listed. */
  thumbnail?: (file: File, media: MediaJson) => Promise<MediaJson | null>;
}

const browserXhr: XhrFactory = () => new XMLHttpRequest();

/**
 * Runs `work` over `items` with at most `limit` running at once, starting the next as one ends; the results keep
 * the items' order.
 */
export async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Sends the checked items, UPLOAD_CONCURRENCY (or `opts.limit`) at a time; resolves with their final states. */
export function uploadFiles(
  items: Array<UploadItem & { file: File }>,
  opts: UploadOptions,
): Promise<Array<UploadItem & { file: File }>> {
  return inParallel(items, opts.limit ?? UPLOAD_CONCURRENCY, (pending) => uploadOne(pending, opts));
}

async function uploadOne(pending: UploadItem & { file: File }, opts: UploadOptions) {
  let item = pending;
  const step = (event: UploadEvent) => {
    item = advance(item, event);
    opts.onItem(item);
  };
  step({ type: "start" });
  const outcome =
    item.size > SINGLE_REQUEST_MAX ? await sendInParts(item, opts, step) : await sendWhole(item, opts, step);
  if (outcome.ok) {
    // Grids and lists show the thumbnail, never the original (issue 42); without one the item still shows.
    const withThumbnail = await (opts.thumbnail ?? storeThumbnail)(item.file, outcome.media);
    step({ type: "done", media: withThumbnail ?? outcome.media });
  } else step({ type: "fail", error: outcome.error });
  return item;
}

type Outcome = { ok: true; media: MediaJson } | { ok: false; error: string };

async function storeThumbnail(file: File, media: MediaJson): Promise<MediaJson | null> {
  const thumbnail = await makeThumbnail(file, media.fileType);
  return thumbnail ? sendThumbnail(media.id, thumbnail) : null;
}

async function sendWhole(
  item: UploadItem & { file: File },
  opts: UploadOptions,
  step: (e: UploadEvent) => void,
): Promise<Outcome> {
  const form = new FormData();
  form.append("files", item.file, item.name);
  form.append("folder", opts.folder ?? "general");
  const total = item.size;
  const res = await send<MediaJson[]>(opts.xhr ?? browserXhr, "POST", "/api/media/upload", form, {
    signal: opts.signal,
    // The multipart body is a little larger than the file; the file's share is what the user waits for.
    onProgress: (loaded) => step({ type: "progress", progress: percent(Math.min(loaded, total), total) }),
  });
  return res.ok && res.data?.[0] ? { ok: true, media: res.data[0] } : { ok: false, error: res.message };
}

interface Started {
  uploadId: string;
  partSize: number;
  parts: number;
}

async function sendInParts(
  item: UploadItem & { file: File },
  opts: UploadOptions,
  step: (e: UploadEvent) => void,
): Promise<Outcome> {
  const xhr = opts.xhr ?? browserXhr;
  const start = await send<Started>(
    xhr,
    "POST",
    "/api/media/uploads",
    JSON.stringify({
      filename: item.name,
      size: item.size,
      contentType: item.file.type,
      folder: opts.folder ?? "general",
    }),
    { json: true, signal: opts.signal },
  );
  if (!start.ok || !start.data) return { ok: false, error: start.message };
  const { uploadId, partSize } = start.data;
  const parts: Array<{ partNumber: number; etag: string }> = [];
  let failure: string | null = null;
  for (const [index, [from, to]] of partRanges(item.size, partSize).entries()) {
    const partNumber = index + 1;
    const res = await send<{ partNumber: number; etag: string }>(
      xhr,
      "PUT",
      `/api/media/uploads/${uploadId}/parts/${partNumber}`,
      item.file.slice(from, to),
      {
        signal: opts.signal,
        onProgress: (loaded) =>
          step({ type: "progress", progress: percent(from + Math.min(loaded, to - from), item.size) }),
      },
    );
    if (!res.ok || !res.data) {
      failure = res.message;
      break;
    }
    parts.push(res.data);
  }
  if (failure === null) {
    const done = await send<MediaJson>(
      xhr,
      "POST",
      `/api/media/uploads/${uploadId}/complete`,
      JSON.stringify({ parts }),
      { json: true, signal: opts.signal },
    );
    if (done.ok && done.data) return { ok: true, media: done.data };
    // A refused completion already removed the upload on the server.
    return { ok: false, error: done.message };
  }
  // Leave nothing half-uploaded behind; the outcome is the part's failure either way.
  await send(xhr, "DELETE", `/api/media/uploads/${uploadId}`, null, {});
  return { ok: false, error: failure };
}

/** What the upload list's live region reads out: where the round stands, then how it ended. */
export function uploadSummary(items: UploadItem[]): string {
  const count = (status: UploadStatus) => items.filter((i) => i.status === status).length;
  const done = count("completed");
  const failed = count("failed");
  const waiting = count("pending") + count("uploading");
  const files = (n: number) => `${n} ${n === 1 ? "file" : "files"}`;
  if (waiting > 0) return `Uploading ${files(waiting)}: ${done} of ${items.length} done`;
  if (items.length === 0) return "";
  return failed > 0 ? `${files(done)} uploaded, ${failed} failed` : `${files(done)} uploaded`;
}
