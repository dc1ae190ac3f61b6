import { describe, expect, it } from "vitest";
import { themeCookie, themeFromCookies } from "./theme";

describe("themeFromCookies", () => {
  it("reads the theme among other cookies", () => {
    expect(themeFromCookies("session=abc; theme=dark; other=1")).toBe("dark");
    expect(themeFromCookies("theme=light")).toBe("light");
  });

  it("falls back to the system's theme when none or an unknown one is set", () => {
    expect(themeFromCookies(null)).toBe("system");
    expect(themeFromCookies("session=abc")).toBe("system");
    expect(themeFromCookies("theme=neon")).toBe("system");
    expect(themeFromCookies("xtheme=dark")).toBe("system");
  });

  it("reads back what the control writes", () => {
    expect(themeFromCookies(themeCookie("dark").split(";")[0]!)).toBe("dark");
  });
});
