import { describe, expect, it } from "vitest";
import { safeRedirect, signInPath } from "./redirect";

describe("safeRedirect", () => {
  it("keeps a same-site path with its query", () => {
    expect(safeRedirect("/settings?tab=billing")).toBe("/settings?tab=billing");
  });

  it("percent-encodes non-ASCII so the Location header carries it intact", () => {
    expect(safeRedirect("/content?q=café 日本")).toBe("/content?q=caf%C3%A9%20%E6%97%A5%E6%9C%AC");
    expect(safeRedirect("/content?q=caf%C3%A9")).toBe("/content?q=caf%C3%A9");
  });

  it.each([
    null,
    "",
    "https://evil.com",
    "//evil.com/x",
    "/\\evil.com",
    "javascript:alert(1)",
    "/auth",
    "/auth?redirectTo=/x",
    "/a\nb",
  ])("falls back to the dashboard for %j", (to) => {
    expect(safeRedirect(to)).toBe("/dashboard");
  });
});

describe("signInPath", () => {
  it("carries the path and query back as redirectTo", () => {
    expect(signInPath(new URL("http://x/settings?tab=billing"))).toBe("/auth?redirectTo=%2Fsettings%3Ftab%3Dbilling");
  });
});
