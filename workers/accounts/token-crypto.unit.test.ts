import { describe, expect, it } from "vitest";
import { TokenCipher } from "./token-crypto";

const KEY = btoa("k".repeat(32));

describe("TokenCipher", () => {
  it("round-trips, uses a fresh IV each time, and refuses tampering or another key", async () => {
    const cipher = new TokenCipher(KEY);
    const a = await cipher.encrypt("EAAB-secret");
    const b = await cipher.encrypt("EAAB-secret");
    expect(a).not.toBe(b);
    expect(a).not.toContain("secret");
    expect(await cipher.decrypt(a)).toBe("EAAB-secret");
    // Flip one character of the ciphertext (to a different one, whatever it was).
    const tampered = a.slice(0, -2) + (a.at(-2) === "A" ? "B" : "A") + a.slice(-1);
    await expect(cipher.decrypt(tampered)).rejects.toThrow();
    await expect(new TokenCipher(btoa("z".repeat(32))).decrypt(a)).rejects.toThrow();
  });
  it("refuses a key that is not 32 bytes", () => {
    expect(() => new TokenCipher(btoa("short"))).toThrow(/32 bytes/);
  });
});
