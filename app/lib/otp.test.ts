import { describe, expect, it } from "vitest";
import { otpDigits } from "./otp";

describe("otpDigits", () => {
  it("keeps digits only and at most six of them", () => {
    expect(otpDigits("12 34-56")).toBe("123456");
    expect(otpDigits("1234567")).toBe("123456");
    expect(otpDigits("abc")).toBe("");
  });
});
