import { constantTimeEqual, fromBase64Url, randomBytes, toBase64Url } from "../crypto";

/**
 * PBKDF2-HMAC-SHA256 at 100,000 iterations (the most Workers' WebCrypto allows) with a 16-byte
 * per-user salt. Stored as `pbkdf2-sha256$iterations$salt$hash` so the cost can be raised later
 * and old hashes still verify. See docs/decisions/002-password-hashing.md.
 */
export const PBKDF2_ITERATIONS = 100_000;
const HASH_BYTES = 32;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iter || !salt || !hash) return false;
  const expected = fromBase64Url(hash);
  const actual = await derive(password, fromBase64Url(salt), Number(iter));
  return constantTimeEqual(actual, expected);
}
