import { imageSize } from "image-size";
import { CustomSource, Input, MP4, QTFF } from "mediabunny";
import type { EmuContext } from "./context";
import { sniffImage } from "./request";

/**
 * How the emulator downloads media by URL, as Meta's servers do for `image_url`, `video_url` and a photo's
 * `url`. It reaches only the app it serves: a URL on the app's origin (APP_ORIGIN, where the publisher's
 * signed links point, or the origin the emulator was called on) goes, in process, to the handler the
 * Worker entry registered (a Worker cannot fetch its own origin); any other host is unreachable, so a
 * sandbox never touches the internet.
 */
export interface OwnOrigin {
  /** The app's configured origin (APP_ORIGIN): read by the Worker entry, since the emulator shares no code with
   * the clients and env.ts imports their endpoints. */
  origin: (env: Env) => string;
  fetch: (request: Request, env: Env) => Response | Promise<Response>;
}

let ownOrigin: OwnOrigin | null = null;

/** Called once by the Worker entry with the handler for its own URLs (the signed media links live there). */
export function serveOwnOriginWith(handler: OwnOrigin): void {
  ownOrigin = handler;
}

export type Download =
  | {
      ok: true;
      /** Sniffed from the bytes, not taken from the URL or Content-Type: Meta reads the file. */
      type: "image/jpeg" | "image/png" | "image/gif" | "image/webp" | "video/mp4" | "video/quicktime" | null;
      /** Content-Length when sent, else the bytes read. */
      size: number;
      width: number | null;
      height: number | null;
    }
  | { ok: false; status: number | null };

/** Enough of a video to sniff its container; an image is read whole (it is at most a few MiB). */
const VIDEO_HEAD_BYTES = 64 * 1024;

function sniffVideo(bytes: Uint8Array): "video/mp4" | "video/quicktime" | null {
  if (bytes.length < 12 || String.fromCharCode(...bytes.subarray(4, 8)) !== "ftyp") return null;
  return String.fromCharCode(...bytes.subarray(8, 12)) === "qt  " ? "video/quicktime" : "video/mp4";
}

async function readUpTo(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  await reader.cancel().catch(() => {});
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** GETs a document on the app's own origin (an OAuth client's metadata); null when it is elsewhere or unreachable. */
export async function fetchOwn(c: Pick<EmuContext, "req" | "env">, raw: string): Promise<Response | null> {
  if (!ownOrigin || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (![new URL(c.req.url).origin, new URL(ownOrigin.origin(c.env)).origin].includes(url.origin)) return null;
  try {
    return await ownOrigin.fetch(new Request(url, { headers: { Accept: "application/json" } }), c.env);
  } catch {
    return null;
  }
}

/** Sends a request to the app's own origin (a webhook delivery); null when the URL is elsewhere or unreachable. */
export async function postOwn(
  c: Pick<EmuContext, "req" | "env">,
  raw: string,
  init: RequestInit,
): Promise<Response | null> {
  if (!ownOrigin || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (![new URL(c.req.url).origin, new URL(ownOrigin.origin(c.env)).origin].includes(url.origin)) return null;
  try {
    return await ownOrigin.fetch(new Request(url, init), c.env);
  } catch {
    return null;
  }
}

/** GETs `raw` as the platform's media crawler would; `kind` says how much of the body to read. */
export async function download(
  c: Pick<EmuContext, "req" | "env">,
  raw: string,
  kind: "image" | "video",
): Promise<Download> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, status: null };
  }
  if (!ownOrigin) return { ok: false, status: null };
  const app = [new URL(c.req.url).origin, new URL(ownOrigin.origin(c.env)).origin];
  if (!app.includes(url.origin)) return { ok: false, status: null };
  let res: Response;
  try {
    res = await ownOrigin.fetch(new Request(url, { headers: { "User-Agent": "facebookexternalhit/1.1" } }), c.env);
  } catch {
    return { ok: false, status: null };
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return { ok: false, status: res.status };
  }
  const bytes = await readUpTo(res.body, kind === "image" ? Number.POSITIVE_INFINITY : VIDEO_HEAD_BYTES);
  const declared = Number(res.headers.get("Content-Length"));
  const type = sniffImage(bytes) ?? sniffVideo(bytes);
  let width: number | null = null;
  let height: number | null = null;
  if (type?.startsWith("image/")) {
    try {
      ({ width = null, height = null } = imageSize(bytes) as { width?: number; height?: number });
    } catch {
      // A truncated or odd image keeps unknown dimensions; the type check still applies.
    }
  }
  return { ok: true, type, size: declared > 0 ? declared : bytes.length, width, height };
}

/** What a video's own container says: its length and its displayed size. */
export interface VideoFacts {
  durationSec: number;
  width: number;
  height: number;
}

/**
 * Reads a video's length and size as the platform's transcoder would, by ranged GETs of the file (the moov box
 * may sit at either end): null when the file cannot be reached or read, which the caller treats as unreadable.
 */
export async function videoFacts(c: EmuContext, raw: string, size: number): Promise<VideoFacts | null> {
  if (!ownOrigin || size <= 0) return null;
  const handler = ownOrigin;
  const read = async (start: number, end: number) => {
    const res = await handler.fetch(
      new Request(raw, { headers: { Range: `bytes=${start}-${end - 1}`, "User-Agent": "facebookexternalhit/1.1" } }),
      c.env,
    );
    if (res.status !== 206 || !res.body) throw new Error(`range read answered ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const input = new Input({
    formats: [MP4, QTFF],
    source: new CustomSource({ getSize: () => size, read, maxCacheSize: 2 * 1024 * 1024 }),
  });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) return null;
    const durationSec = (await input.getDurationFromMetadata()) ?? (await input.computeDuration());
    return { durationSec, width: track.displayWidth, height: track.displayHeight };
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}
