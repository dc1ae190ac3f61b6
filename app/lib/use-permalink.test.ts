import { describe, expect, it } from "vitest";
import { permalinkHref } from "./use-permalink";

describe("permalinkHref", () => {
  it("keeps the real link in live mode", () => {
    expect(permalinkHref("https://x.com/i/web/status/1", "live")).toBe("https://x.com/i/web/status/1");
  });
  it("leads to the emulator's viewer, URL-encoded, in sandbox mode", () => {
    expect(permalinkHref("https://www.youtube.com/watch?v=a&b", "sandbox")).toBe(
      "/sandbox/view?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3Da%26b",
    );
  });
});
