/** Small WebCrypto helpers shared by sessions, password hashing and reset codes. */
const encoder = new TextEncoder();

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** Standard base64 (MIME attachments); chunked so a large file never overflows the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** HMAC-SHA-256 of `message` under `secret`, base64url: the signature of links that need no session. */
export async function hmacSha256(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message))));
}

export function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const s = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0));
}

export function randomToken(bytes = 32): string {
  return toBase64Url(randomBytes(bytes));
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares in time that depends only on the length, never on where the first difference is. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export function constantTimeEqualText(a: string, b: string): boolean {
  return constantTimeEqual(encoder.encode(a), encoder.encode(b));
}

/** A 6-digit numeric code drawn without modulo bias. */
export function randomDigits(length = 6): string {
  let out = "";
  while (out.length < length) {
    const [n] = crypto.getRandomValues(new Uint8Array(1));
    if (n! < 250) out += String(n! % 10);
  }
  return out;
}
