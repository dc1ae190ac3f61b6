import { describe, expect, it } from "vitest";
import { PlatformError } from "../platforms";
import { mayPass } from "./rule-hides";

describe("which refusals of a hide are asked again (ADR 102)", () => {
  it("asks again after a limit, a network failure or a lost answer; not after a refusal for good", () => {
    const err = (kind: PlatformError["kind"], status: number, outcomeUnknown?: boolean) =>
      new PlatformError(kind, "no", { platform: "facebook", status, outcomeUnknown });
    expect(mayPass(err("retryable", 429))).toBe(true);
    expect(mayPass(err("retryable", 503))).toBe(true);
    expect(mayPass(err("permanent", 0, true))).toBe(true);
    expect(mayPass(err("permanent", 400))).toBe(false);
    expect(mayPass(err("auth", 401))).toBe(false);
    expect(mayPass(new Error("Account not connected"))).toBe(false);
  });
});
