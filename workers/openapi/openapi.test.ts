import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../api";
import { idempotent } from "../http/idempotency";
import { registeredRoutes } from "../http/route-registry";

describe("API document", () => {
  it("OpenAPI 3.1 with every mounted route, built from the handlers' zod schemas", async () => {
    const res = await SELF.fetch("http://localhost/api/openapi.json");
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    for (const path of [
      "/api/analytics/overview",
      "/api/analytics/posts/{id}",
      "/api/analytics/engagement-trends",
      "/api/analytics/export",
      "/api/dashboard",
      "/api/analytics/reports/schedules",
      "/api/auth/login",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const overview = doc.paths["/api/analytics/overview"].get;
    expect(overview.parameters.map((p: any) => p.name)).toEqual(["period", "startDate", "endDate", "platforms"]);
    expect(overview.parameters[0].schema.enum).toEqual(["7d", "30d", "90d", "1y", "custom"]);
    const data = overview.responses["200"].content["application/json"].schema.properties.data;
    expect(data.properties.overview.required).toContain("avgEngagementRate");
    expect(
      doc.paths["/api/analytics/reports/schedules"].post.requestBody.content["application/json"].schema.properties
        .frequency.enum,
    ).toEqual(["weekly", "monthly"]);
  });

  it("documents every mounted /api route", () => {
    const documented = new Set(registeredRoutes().map((r) => `${r.method.toUpperCase()} ${r.path}`));
    const mounted = api.routes
      .filter((r) => r.method !== "ALL" && (r.path.startsWith("/api/") || r.path === "/health"))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    expect(mounted.filter((k) => !documented.has(k))).toEqual([]);
  });

  it("documents the Idempotency-Key header on exactly the routes that honour it", () => {
    const documented = registeredRoutes()
      .filter((r) => r.idempotent)
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    const honoured = api.routes
      .filter((r) => r.handler === idempotent)
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    expect(honoured.length).toBeGreaterThan(10);
    expect(new Set(documented)).toEqual(new Set(honoured));
  });

  it("a readable reference page without scripts", async () => {
    const res = await SELF.fetch("http://localhost/api/docs");
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("<code>/api/analytics/hashtag-performance</code>");
    expect(html).not.toContain("<script");
  });
});
