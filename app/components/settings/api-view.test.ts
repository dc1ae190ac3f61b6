import { describe, expect, it } from "vitest";
import { keyExpiry } from "./api-view";

describe("API key expiry", () => {
  it("ends the chosen day at 23:59:59 in the user's timezone", () => {
    expect(keyExpiry("2026-03-10", "Asia/Tokyo")).toBe("2026-03-10T14:59:59.000Z");
    expect(keyExpiry("2026-03-10", "America/New_York")).toBe("2026-03-11T03:59:59.000Z");
    expect(keyExpiry("2026-03-10", "UTC")).toBe("2026-03-10T23:59:59.000Z");
  });

  it("passes a value that is not a date on as typed, for the schema to refuse", () => {
    expect(keyExpiry("tomorrow", "UTC")).toBe("tomorrow");
    expect(keyExpiry("2026-02-30", "UTC")).toBe("2026-02-30");
  });
});
