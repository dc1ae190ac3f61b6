import { describe, expect, it } from "vitest";
import { isNavActive, NAV_ITEMS, navItemsFor } from "./nav";

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

  it("lists SPEC §2's entries in order, the Queue after the planner, Approvals after the Content Hub, All workspaces, then the Inbox", () => {
    expect(NAV_ITEMS.map((i) => i.to)).toEqual([
      "/dashboard",
      "/planner",
      "/queue",
      "/content",
      "/approvals",
      "/agency",
      "/inbox",
      "/analytics",
      "/ai-assistant",
      "/settings",
    ]);
  });

  it("shows Approvals only to roles that can approve", () => {
    const shown = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).some((i) => i.to === "/approvals");
    expect(shown("owner")).toBe(true);
    expect(shown("editor")).toBe(true);
    expect(shown("contributor")).toBe(false);
    expect(shown("viewer")).toBe(false);
    expect(navItemsFor("viewer")).toHaveLength(NAV_ITEMS.length - 2);
  });

  it("shows All workspaces only to a user with more than one workspace, whatever the role", () => {
    const shown = (role: Parameters<typeof navItemsFor>[0], count: number) =>
      navItemsFor(role, count).some((i) => i.to === "/agency");
    expect(shown("owner", 1)).toBe(false);
    expect(shown("viewer", 2)).toBe(true);
    expect(shown("owner", 3)).toBe(true);
  });
});
