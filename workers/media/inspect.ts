import { imageSize } from "image-size";
import { CustomSource, Input, MP4, QTFF } from "mediabunny";
import type { MediaKind } from "../db/schema/media";
import { DomainError, Invalid, TooLarge, UnsupportedType } from "../errors";
import { sniffType } from "../files";
import { imageIsWhole } from "./image-integrity";
import { ACCEPTED_TYPES, MAX_IMAGE_PIXELS, MediaMessages, sizeProblem, tooManyPixelsMessage } from "./limits";

/** Random access to a file's bytes: a File in memory or an object in R2. `end` is exclusive. */
export interface ByteSource {
  size: number;
  read(start: number, end: number): Promise<Uint8Array>;
}

export interface MediaFacts {
  kind: MediaKind;
  mimeType: string;
  format: string;
  width: number | null;
  height: number | null;
  duration: number | null;
}

const HEAD_BYTES = 4100;
const IMAGE_HEADER_BYTES = 512 * 1024;

/**
 * What a file really is, from its bytes: the sniffed type (never the name or the browser's claim),
 * then the size limit of that kind, then dimensions (and duration for videos). Throws the user-facing
 * refusal: 415 for a type outside the library's list, 413 for a file over its limit, 400 otherwise.
 */
export async function inspectMedia(src: ByteSource): Promise<MediaFacts> {
  const sniffed = src.size > 0 ? await sniffType(await src.read(0, Math.min(HEAD_BYTES, src.size))) : null;
  const accepted = sniffed ? ACCEPTED_TYPES[sniffed.mime] : undefined;
  if (!sniffed || !accepted) throw new UnsupportedType(MediaMessages.unsupported);
  const tooLarge = sizeProblem(accepted.kind, src.size);
  if (tooLarge) throw new TooLarge(tooLarge);
  const facts = { kind: accepted.kind, mimeType: sniffed.mime, format: accepted.format };
  if (accepted.kind === "image") {
    const dims = await imageDimensions(src);
    if (!imageIsWhole(sniffed.mime, await src.read(0, src.size))) throw new Invalid(MediaMessages.incompleteImage);
    return { ...facts, ...dims, duration: null };
  }
  return { ...facts, ...(accepted.format === "avi" ? await aviFacts(src) : await isoVideoFacts(src)) };
}

async function imageDimensions(src: ByteSource): Promise<{ width: number; height: number }> {
  let dims: { width: number; height: number } | null = null;
  for (const end of [Math.min(IMAGE_HEADER_BYTES, src.size), src.size]) {
    try {
      const found = imageSize(await src.read(0, end));
      dims = { width: found.width, height: found.height };
      break;
    } catch {
      if (end === src.size) break;
    }
  }
  if (!dims?.width || !dims.height) throw new Invalid(MediaMessages.unreadable);
  if (dims.width * dims.height > MAX_IMAGE_PIXELS) throw new Invalid(tooManyPixelsMessage(dims.width, dims.height));
  return dims;
}

/** MP4 and MOV (ISO base media): the container's own metadata, read by range, never the whole file. */
async function isoVideoFacts(src: ByteSource) {
  const input = new Input({
    // Only the ISO formats: AVI is read below, and naming the formats keeps every other demuxer out of the Worker.
    formats: [MP4, QTFF],
    source: new CustomSource({
      getSize: () => src.size,
      read: (start, end) => src.read(start, end),
      maxCacheSize: 2 * 1024 * 1024,
    }),
  });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Invalid(MediaMessages.unreadable);
    const duration = (await input.getDurationFromMetadata()) ?? (await input.computeDuration());
    return { width: track.displayWidth, height: track.displayHeight, duration: Math.round(duration * 1000) / 1000 };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new Invalid(MediaMessages.unreadable);
  } finally {
    input.dispose();
  }
}

/**
 * AVI (RIFF) is outside mediabunny's formats. Its main header `avih` sits at a fixed place in the
 * first bytes: microseconds per frame, total frames, width and height.
 */
async function aviFacts(src: ByteSource) {
  const head = await src.read(0, Math.min(src.size, 1024));
  const at = findAscii(head, "avih");
  if (at < 0 || at + 48 > head.length) throw new Invalid(MediaMessages.unreadable);
  const view = new DataView(head.buffer, head.byteOffset + at + 8);
  const usPerFrame = view.getUint32(0, true);
  const frames = view.getUint32(16, true);
  const width = view.getUint32(32, true);
  const height = view.getUint32(36, true);
  if (!width || !height) throw new Invalid(MediaMessages.unreadable);
  return { width, height, duration: Math.round((usPerFrame * frames) / 1000) / 1000 };
}

function findAscii(bytes: Uint8Array, text: string): number {
  const codes = [...text].map((ch) => ch.charCodeAt(0));
  outer: for (let i = 0; i + codes.length <= bytes.length; i++) {
    for (let j = 0; j < codes.length; j++) if (bytes[i + j] !== codes[j]) continue outer;
    return i;
  }
  return -1;
}

/** A File (or Blob) as a ByteSource. */
export function blobSource(blob: Blob): ByteSource {
  return { size: blob.size, read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()) };
}

/** An R2 object as a ByteSource, read by ranges. */
export function r2Source(bucket: R2Bucket, key: string, size: number): ByteSource {
  return {
    size,
    read: async (start, end) => {
      const obj = await bucket.get(key, { range: { offset: start, length: end - start } });
      if (!obj) throw new Invalid(MediaMessages.unreadable);
      return new Uint8Array(await obj.arrayBuffer());
    },
  };
}
