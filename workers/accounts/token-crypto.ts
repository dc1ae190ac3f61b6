import { fromBase64Url, randomBytes, toBase64Url } from "../crypto";

/**
 * AES-GCM for platform tokens at rest. The key is TOKEN_ENCRYPTION_KEY (32 bytes, base64); each value
 * gets a fresh 12-byte IV. The stored form is `v1.<iv>.<ciphertext>` so a key rotation can add `v2`.
 */
const VERSION = "v1";

export class TokenCipher {
  private key: Promise<CryptoKey>;

  constructor(base64Key: string) {
    const raw = Uint8Array.from(atob(base64Key), (ch) => ch.charCodeAt(0));
    if (raw.length !== 32) throw new Error("TOKEN_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
    this.key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  }

  async encrypt(plain: string): Promise<string> {
    const iv = randomBytes(12);
    const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await this.key, new TextEncoder().encode(plain));
    return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ct))}`;
  }

  /** Throws on a tampered or foreign value: AES-GCM authenticates the ciphertext. */
  async decrypt(stored: string): Promise<string> {
    const [version, iv, ct] = stored.split(".");
    if (version !== VERSION || !iv || !ct) throw new Error("Unrecognised token ciphertext");
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv) },
      await this.key,
      fromBase64Url(ct),
    );
    return new TextDecoder().decode(plain);
  }
}
