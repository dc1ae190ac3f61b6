import { type Piece, withoutSignature, withSignature } from "../../../workers/pieces/public";
import type { Platform } from "../../../workers/platform-profile";

interface Body {
  content: string;
  platforms: Platform[];
  selectedAccounts: Partial<Record<Platform, string[]>>;
  channels: Array<{ platform: Platform; accountId: string; text?: string | null }>;
}

/** Each channel's signature from the workspace's saved pieces (ADR 087). */
export const signaturesOf = (pieces: Piece[]): Partial<Record<Platform, string>> =>
  Object.fromEntries(pieces.filter((p) => p.kind === "signature" && p.platform).map((p) => [p.platform, p.body]));

/**
 * The request with each chosen channel's signature at the end of that channel's text (its own version, else the
 * post's), unless the author removed it for this post; a removed one is taken off a version that still ends with it
 * (a post edited after it was signed). Pure: the composer applies it to what it saves and checks.
 */
export function signedBody<B extends Body>(
  body: B,
  signatures: Partial<Record<Platform, string>>,
  removed: ReadonlySet<Platform>,
): B {
  let channels = body.channels;
  for (const platform of body.platforms) {
    const signature = signatures[platform];
    if (!signature) continue;
    for (const accountId of body.selectedAccounts[platform] ?? []) {
      const own = channels.find((c) => c.platform === platform && c.accountId === accountId);
      const text = own?.text ?? body.content;
      const next = removed.has(platform) ? withoutSignature(text, signature) : withSignature(text, signature);
      if (next === text) continue;
      channels = own
        ? channels.map((c) => (c === own ? { ...c, text: next } : c))
        : [...channels, { platform, accountId, text: next }];
    }
  }
  return channels === body.channels ? body : { ...body, channels };
}
