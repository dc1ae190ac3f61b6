import { describe, expect, it } from "vitest";
import { keyIdOf, keyIsLive, keyRefusal } from "./key-scopes";

describe("API key scopes", () => {
  it("a read key reads but cannot write or publish", () => {
    expect(keyRefusal(["read"], "workspace.read")).toBeNull();
    expect(keyRefusal(["read"], "posts.write")).toBe('This API key lacks the "write" scope.');
    expect(keyRefusal(["read", "write"], "posts.publish")).toBe('This API key lacks the "publish" scope.');
    expect(keyRefusal(["read", "write", "publish"], "posts.publish")).toBeNull();
  });

  it("no scope administers the workspace", () => {
    expect(keyRefusal(["read", "write", "publish"], "members.manage")).toMatch(/cannot manage accounts, members/);
    expect(keyRefusal(["read", "write", "publish"], "accounts.manage")).not.toBeNull();
  });

  it("a revoked or expired key is not live", () => {
    expect(keyIsLive({ revokedAt: null, expiresAt: null }, 1000)).toBe(true);
    expect(keyIsLive({ revokedAt: null, expiresAt: 2000 }, 1000)).toBe(true);
    expect(keyIsLive({ revokedAt: null, expiresAt: 1000 }, 1000)).toBe(false);
    expect(keyIsLive({ revokedAt: 500, expiresAt: null }, 1000)).toBe(false);
  });

  it("reads the id out of a well-formed token only", () => {
    const secret = "a".repeat(43);
    expect(keyIdOf(`pl_ABCDEFGHijklmnop_${secret}`)).toBe("ABCDEFGHijklmnop");
    expect(keyIdOf(`pl_short_${secret}`)).toBeNull();
    expect(keyIdOf("user.session-token")).toBeNull();
  });
});
