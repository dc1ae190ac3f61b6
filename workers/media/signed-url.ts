import { constantTimeEqualText, toBase64Url } from "../auth/crypto";

/** Platforms fetch media while publishing, possibly hours after scheduling: links live a week. */
export const SIGNED_URL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const encoder = new TextEncoder();

async function hmac(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message))));
}

/**
 * Signs media URLs with SESSION_SECRET over `media:<id>:<expiry>`. Such a URL needs no session, so
 * Instagram, Threads or LinkedIn can fetch the file when a post is published.
 */
export class MediaUrlSigner {
  constructor(
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  /** An absolute URL a platform can fetch, e.g. `https://app/media/s/<id>?exp=…&sig=…`. */
  async signedMediaUrl(origin: string, mediaId: string, ttlMs = SIGNED_URL_TTL_MS): Promise<string> {
    const exp = this.now() + ttlMs;
    const sig = await hmac(this.secret, `media:${mediaId}:${exp}`);
    return `${origin}/media/s/${encodeURIComponent(mediaId)}?exp=${exp}&sig=${sig}`;
  }

  /** True when the signature matches and has not expired. */
  async verify(mediaId: string, exp: string | undefined, sig: string | undefined): Promise<boolean> {
    if (!exp || !sig || !/^\d{1,16}$/.test(exp) || Number(exp) < this.now()) return false;
    return constantTimeEqualText(await hmac(this.secret, `media:${mediaId}:${exp}`), sig);
  }
}
