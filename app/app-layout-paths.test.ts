import { describe, expect, it } from "vitest";
import { APP_LAYOUT_SEGMENTS, inAppLayout } from "../workers/http/page-paths";
import routes from "./routes";

describe("pages inside the app layout", () => {
  it("lists the first segment of every route under the app layout, and no other page's", () => {
    const app = routes.find((r) => r.id === "app");
    const inside = new Set((app?.children ?? []).map((r) => r.path!.split("/")[0]!));
    expect([...APP_LAYOUT_SEGMENTS].sort()).toEqual([...inside].sort());
    const outside = routes.filter((r) => r.id !== "app" && r.path && r.path !== "*");
    expect(outside.length).toBeGreaterThan(0);
    for (const r of outside) expect(inAppLayout(`/${r.path}`), r.path).toBe(false);
  });

  it("knows a page by its document and its data request, nested or not", () => {
    expect(inAppLayout("/dashboard")).toBe(true);
    expect(inAppLayout("/dashboard.data")).toBe(true);
    expect(inAppLayout("/posts/abc/delete.data")).toBe(true);
    expect(inAppLayout("/inbox")).toBe(true);
    expect(inAppLayout("/")).toBe(false);
    expect(inAppLayout("/_root.data")).toBe(false);
    expect(inAppLayout("/__bare")).toBe(false);
    expect(inAppLayout("/dashboards")).toBe(false);
  });
});
