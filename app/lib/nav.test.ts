import { describe, expect, it } from "vitest";
import { isNavActive, NAV_ITEMS } from "./nav";

describe("isNavActive", () => {
  it("is active on the route itself and below it", () => {
    expect(isNavActive("/content", "/content")).toBe(true);
    expect(isNavActive("/content/42", "/content")).toBe(true);
  });

  it("is not active on a route that only shares a prefix, or elsewhere", () => {
    expect(isNavActive("/contents", "/content")).toBe(false);
    expect(isNavActive("/settings", "/content")).toBe(false);
    expect(isNavActive("/", "/dashboard")).toBe(false);
  });

  it("lists the six entries of SPEC §2 in order", () => {
    expect(NAV_ITEMS.map((i) => i.to)).toEqual([
      "/dashboard",
      "/planner",
      "/content",
      "/analytics",
      "/ai-assistant",
      "/settings",
    ]);
  });
});
