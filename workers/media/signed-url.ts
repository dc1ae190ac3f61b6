import { constantTimeEqualText, hmacSha256 as hmac } from "../crypto";
import { placedToken, secretOfToken } from "../tenancy/public-token";

/** Platforms fetch media while publishing, possibly hours after scheduling: links live a week. */
export const SIGNED_URL_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** No link lives longer, whatever it asks for: one that leaked (or was minted with a leaked secret) dies within a week. */
export const MAX_SIGNED_URL_TTL_MS = SIGNED_URL_TTL_MS;

/**
 * Signs media URLs with SESSION_SECRET over `media:<id>:<expiry>`. Such a URL needs no session, so
 * Instagram, Threads or LinkedIn can fetch the file when a post is published.
 */
export class MediaUrlSigner {
  constructor(
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  /**
   * An absolute URL a platform can fetch, e.g. `https://app/media/s/<id>/photo.jpg?exp=…&sig=…`. The file
   * name (with its extension, which some platforms read the format from) is decoration: only id and
   * expiry are signed.
   */
  async signedMediaUrl(
    origin: string,
    mediaId: string,
    options: { filename?: string; ttlMs?: number; workspaceId?: string } = {},
  ): Promise<string> {
    const exp = this.now() + Math.min(options.ttlMs ?? SIGNED_URL_TTL_MS, MAX_SIGNED_URL_TTL_MS);
    // The link names the file's workspace, so the fetch finds its shard (ADR 081); both are signed.
    const key = options.workspaceId ? placedToken(options.workspaceId, mediaId) : mediaId;
    const sig = await hmac(this.secret, `media:${key}:${exp}`);
    const name = options.filename ? `/${encodeURIComponent(options.filename)}` : "";
    return `${origin}/media/s/${encodeURIComponent(key)}${name}?exp=${exp}&sig=${sig}`;
  }

  /** True when the signature matches, the link has not expired and its expiry is within the cap. */
  async verify(key: string, exp: string | undefined, sig: string | undefined): Promise<boolean> {
    const now = this.now();
    if (!exp || !sig || !/^\d{1,16}$/.test(exp) || Number(exp) < now || Number(exp) > now + MAX_SIGNED_URL_TTL_MS)
      return false;
    return constantTimeEqualText(await hmac(this.secret, `media:${key}:${exp}`), sig);
  }

  /** The file a verified link's key names: its id, after the workspace when the key names one. */
  static mediaIdOf(key: string): string {
    return secretOfToken(key);
  }
}
