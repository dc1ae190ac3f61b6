import type { Db } from "../db/client";
import { emuObjects } from "../db/schema/emulator";
import { clockOffset, type EmuContext } from "./context";
import { s256 } from "./request";

/**
 * DPoP proofs as the Bluesky authorization server and PDS check them (RFC 9449 §4.3, atproto.com/specs/oauth):
 * a JWT typed `dpop+jwt`, ES256-signed by the public key in its header, for this request's method and URL, fresh,
 * never seen before (jti), carrying the server's current nonce, and, with an access token, that token's hash.
 */

const PLATFORM = "bluesky";
/** Servers rotate their nonce; the atproto servers keep one for about three minutes. */
const NONCE_ROTATION_MS = 3 * 60_000;
/** How old (or how far ahead) a proof's iat may be. */
const PROOF_MAX_AGE_S = 60;

export type ProofCheck = { ok: true; jkt: string } | { ok: false; nonce: boolean; message: string };

function decodeSegment(segment: string): unknown {
  const s = atob(segment.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(s, (ch) => ch.charCodeAt(0))));
}

const bytesOf = (segment: string) =>
  Uint8Array.from(atob(segment.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));

/** The server's nonce now: derived from the emulator clock's window, so moving the clock makes it stale. */
export async function currentNonce(now: number): Promise<string> {
  return (await s256(`emulated-bsky-nonce:${Math.floor(now / NONCE_ROTATION_MS)}`)).slice(0, 22);
}

async function nonceIsCurrent(nonce: unknown, now: number): Promise<boolean> {
  if (typeof nonce !== "string") return false;
  return nonce === (await currentNonce(now)) || nonce === (await currentNonce(now - NONCE_ROTATION_MS));
}

/** RFC 7638 thumbprint of an EC key: what a bound token remembers of the key it is bound to. */
export function jwkThumbprint(jwk: { crv: string; kty: string; x: string; y: string }): Promise<string> {
  return s256(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }));
}

/** The URL the client addressed: the emulated host's public URL, whatever prefix the emulator is mounted under. */
export function publicUrl(c: EmuContext, host: string): string {
  const path = new URL(c.req.url).pathname;
  const at = path.indexOf(`/${host}/`);
  return `https://${host}${at >= 0 ? path.slice(at + host.length + 1) : path}`;
}

export async function checkProof(c: EmuContext, input: { host: string; accessToken?: string }): Promise<ProofCheck> {
  const bad = (message: string): ProofCheck => ({ ok: false, nonce: false, message });
  const proof = c.req.header("DPoP");
  if (!proof) return bad("DPoP proof required");
  const [h, p, sig] = proof.split(".");
  if (!h || !p || !sig) return bad("Invalid DPoP proof");
  let header: { typ?: unknown; alg?: unknown; jwk?: Record<string, string> };
  let claims: Record<string, unknown>;
  try {
    header = decodeSegment(h) as typeof header;
    claims = decodeSegment(p) as Record<string, unknown>;
  } catch {
    return bad("Invalid DPoP proof");
  }
  const jwk = header.jwk;
  if (header.typ !== "dpop+jwt" || header.alg !== "ES256" || !jwk || jwk.kty !== "EC" || jwk.crv !== "P-256")
    return bad("Invalid DPoP proof header");
  if ("d" in jwk) return bad("DPoP proof header carries a private key");
  try {
    const key = await crypto.subtle.importKey(
      "jwk",
      { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y },
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    const valid = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      key,
      bytesOf(sig),
      new TextEncoder().encode(`${h}.${p}`),
    );
    if (!valid) return bad("DPoP proof signature is invalid");
  } catch {
    return bad("DPoP proof signature is invalid");
  }
  if (claims.htm !== c.req.method) return bad('DPoP "htm" mismatch');
  if (claims.htu !== publicUrl(c, input.host)) return bad('DPoP "htu" mismatch');
  // Freshness against the wall clock: the emulator's moved clock stands for the server's, not the client's.
  const wall = (c.var.now - (await clockOffset(c.var.db))) / 1000;
  if (typeof claims.iat !== "number" || Math.abs(wall - claims.iat) > PROOF_MAX_AGE_S)
    return bad("DPoP proof is too old or from the future");
  if (input.accessToken !== undefined && claims.ath !== (await s256(input.accessToken)))
    return bad('DPoP "ath" mismatch');
  if (!(await nonceIsCurrent(claims.nonce, c.var.now)))
    return { ok: false, nonce: true, message: "DPoP nonce required" };
  if (typeof claims.jti !== "string" || !(await firstUse(c.var.db, claims.jti, c.var.now)))
    return bad("DPoP proof replayed");
  return { ok: true, jkt: await jwkThumbprint(jwk as { crv: string; kty: string; x: string; y: string }) };
}

/** Remembers a proof's jti; false when it was used before (a replayed proof). */
async function firstUse(db: Db, jti: string, now: number): Promise<boolean> {
  const rows = await db
    .insert(emuObjects)
    .values({ id: `dpop-jti:${jti}`, platform: PLATFORM, kind: "dpop-jti", owner: "", createdAt: now, data: {} })
    .onConflictDoNothing()
    .returning({ id: emuObjects.id });
  return rows.length === 1;
}
