/**
 * TikTok's FILE_UPLOAD chunk rules (Media Transfer Guide): a video under 5 MB goes in one piece; otherwise each
 * chunk is 5–64 MB, `total_chunk_count` is the size divided by `chunk_size` rounded down, and the last chunk takes
 * the trailing bytes (so it may reach up to 128 MB); 1–1,000 chunks, sent in order. Pure, so it is unit-tested.
 */

import { byteChunks } from "./byte-chunks";

const MB = 1024 * 1024;
export const MIN_CHUNK = 5 * MB;
export const MAX_CHUNK = 64 * MB;
export const MAX_LAST_CHUNK = 128 * MB;
export const MAX_CHUNKS = 1000;
/** What we send per chunk: within the rules and small enough for a Worker to hold one chunk in memory. */
export const PREFERRED_CHUNK = 10 * MB;

export interface ChunkPlan {
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
  /** Inclusive byte ranges, in upload order, as Content-Range names them. */
  ranges: Array<{ first: number; last: number }>;
}

export function planChunks(videoSize: number, preferred = PREFERRED_CHUNK): ChunkPlan {
  if (!Number.isInteger(videoSize) || videoSize <= 0) throw new RangeError("A video to upload has at least one byte");
  const wanted = Math.min(Math.max(preferred, MIN_CHUNK), MAX_CHUNK);
  // Under 5 MB the whole video is one chunk; up to twice the chunk size it is one chunk too (rounding down gives 1).
  const chunkSize = videoSize < MIN_CHUNK ? videoSize : Math.min(wanted, videoSize);
  const totalChunkCount = Math.floor(videoSize / chunkSize);
  if (totalChunkCount > MAX_CHUNKS) throw new RangeError("The video needs more than 1,000 chunks");
  const ranges = Array.from({ length: totalChunkCount }, (_, i) => ({
    first: i * chunkSize,
    last: i === totalChunkCount - 1 ? videoSize - 1 : (i + 1) * chunkSize - 1,
  }));
  return { videoSize, chunkSize, totalChunkCount, ranges };
}

/** `bytes first-last/total`, TikTok's Content-Range for one chunk. */
export const contentRange = (range: { first: number; last: number }, total: number) =>
  `bytes ${range.first}-${range.last}/${total}`;

/**
 * The chunks of a plan from a stream of the video, in order: `byteChunks` cuts `chunkSize` pieces, and the trailing
 * piece joins the last one (TikTok's last chunk carries the remainder). One chunk is held at a time.
 */
export async function* planPieces(
  stream: ReadableStream<Uint8Array>,
  plan: ChunkPlan,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  let index = 0;
  const last: Uint8Array[] = [];
  for await (const piece of byteChunks(stream, plan.chunkSize)) {
    if (index < plan.totalChunkCount - 1) yield piece;
    else last.push(piece);
    index++;
  }
  const size = last.reduce((n, p) => n + p.length, 0);
  const expected = plan.ranges.at(-1)!;
  if (size !== expected.last - expected.first + 1)
    throw new RangeError(`The file ended ${plan.videoSize - (expected.first + size)} bytes short of its size`);
  const joined = new Uint8Array(size);
  let at = 0;
  for (const p of last) {
    joined.set(p, at);
    at += p.length;
  }
  yield joined;
}
