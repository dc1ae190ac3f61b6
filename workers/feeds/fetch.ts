import { feedUrlProblem } from "./rules";

export const FEED_TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** A check that failed, with the reason the feed's card shows. */
export class FeedProblem extends Error {}

export type FeedAnswer =
  | { changed: false }
  | { changed: true; bytes: Uint8Array; etag: string | null; lastModified: string | null };

export interface FeedFetch {
  fetch: typeof fetch;
  /** Hosts let through though not public (the emulator's feed host in sandbox mode). */
  allowedHosts: ReadonlySet<string>;
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * A conditional GET under the feed rules: `If-None-Match`/`If-Modified-Since` from the last answer, redirects
 * followed by hand so each hop is held to the https-and-public rule, a time limit and a size limit. Every failure
 * is a `FeedProblem` saying what went wrong in words a user can act on. Feed items' images come the same way.
 */
export async function fetchFeed(
  io: FeedFetch,
  url: string,
  last: { etag: string | null; lastModified: string | null },
): Promise<FeedAnswer> {
  const timeout = io.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = io.maxBytes ?? MAX_BYTES;
  const headers: Record<string, string> = {
    Accept: "application/feed+json, application/atom+xml, application/rss+xml, application/xml;q=0.9, */*;q=0.5",
    "User-Agent": "Postline feed reader (+https://postline.app)",
  };
  if (last.etag) headers["If-None-Match"] = last.etag;
  if (last.lastModified) headers["If-Modified-Since"] = last.lastModified;
  let target = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const problem = feedUrlProblem(target, io.allowedHosts);
    if (problem) throw new FeedProblem(hop === 0 ? problem : `The feed redirects to a URL that is refused: ${problem}`);
    let res: Response;
    try {
      res = await io.fetch(target, { headers, redirect: "manual", signal: AbortSignal.timeout(timeout) });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === "TimeoutError" || name === "AbortError")
        throw new FeedProblem(`The feed did not answer within ${timeout / 1000} seconds.`);
      throw new FeedProblem(`The feed could not be reached: ${(err as Error)?.message ?? "network error"}.`);
    }
    if (res.status >= 300 && res.status < 400 && res.status !== 304) {
      const location = res.headers.get("Location");
      await res.body?.cancel();
      if (!location) throw new FeedProblem(`The feed answered ${res.status} without saying where it moved.`);
      target = new URL(location, target).toString();
      continue;
    }
    if (res.status === 304) return { changed: false };
    if (!res.ok) {
      await res.body?.cancel();
      throw new FeedProblem(`The feed answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}.`);
    }
    const tooLarge = `The feed is larger than ${maxBytes / 1024 / 1024} MB.`;
    if (Number(res.headers.get("Content-Length") ?? 0) > maxBytes) {
      await res.body?.cancel();
      throw new FeedProblem(tooLarge);
    }
    const bytes = await readCapped(res, maxBytes, tooLarge);
    return { changed: true, bytes, etag: res.headers.get("ETag"), lastModified: res.headers.get("Last-Modified") };
  }
  throw new FeedProblem(`The feed redirects more than ${MAX_REDIRECTS} times.`);
}

async function readCapped(res: Response, maxBytes: number, tooLarge: string): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FeedProblem(tooLarge);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}
