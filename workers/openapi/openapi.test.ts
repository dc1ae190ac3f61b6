import { SELF } from "cloudflare:test";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { api } from "../api";
import { idempotent } from "../http/idempotency";
import { registeredRoutes } from "../http/route-registry";
import { call, registerUser } from "../test/helpers";

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

  it("every operation types its answer: the envelope's data, a file, a redirect or its own protocol", () => {
    const untyped = registeredRoutes()
      .filter((r) => !r.data && !r.file && !r.redirect && !r.answer)
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(untyped).toEqual([]);
  });

  it("names every refusal a route can answer, its servers, the upload form and /mcp as JSON-RPC", async () => {
    const doc = (await (await SELF.fetch("http://localhost/api/openapi.json")).json()) as any;
    expect(doc.servers).toEqual([{ url: "http://localhost", description: "This Postline" }]);
    const create = doc.paths["/api/posts"].post;
    expect(Object.keys(create.responses)).toEqual(["201", "400", "401", "403", "409", "413", "422", "429"]);
    expect(create.responses["429"].content["application/json"].schema.required).toEqual(["success", "message"]);
    expect(Object.keys(doc.paths["/api/posts/{id}"].get.responses)).toEqual(["200", "400", "401", "403", "404", "429"]);
    const upload = doc.paths["/api/media/upload"].post.requestBody.content["multipart/form-data"].schema;
    expect(upload.properties.files.items).toMatchObject({ type: "string", contentEncoding: "binary" });
    expect(upload.required).toContain("files");
    const mcp = doc.paths["/mcp"].post;
    expect(mcp.responses["200"].content["application/json"].schema.properties.jsonrpc).toEqual({ const: "2.0" });
    expect(mcp.requestBody.content["application/json"].schema.anyOf).toHaveLength(2);
  });

  it("every time an answer carries is an ISO 8601 string, never epoch milliseconds", async () => {
    const doc = (await (await SELF.fetch("http://localhost/api/openapi.json")).json()) as any;
    const numeric: string[] = [];
    const walk = (schema: any, where: string) => {
      if (!schema || typeof schema !== "object") return;
      for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) {
        const types = [prop.type, ...(prop.anyOf ?? []).map((p: any) => p.type)].flat();
        if (/(At|Since)$|^at$/.test(name) && types.some((t) => t === "number" || t === "integer"))
          numeric.push(`${where} ${name}`);
        walk(prop, where);
      }
      for (const part of [schema.items, ...(schema.anyOf ?? []), schema.additionalProperties]) walk(part, where);
    };
    for (const [path, ops] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(ops))
        for (const [status, answer] of Object.entries<any>(op.responses))
          if (status.startsWith("2"))
            walk(answer.content?.["application/json"]?.schema, `${method.toUpperCase()} ${path}`);
    expect(numeric).toEqual([]);
  });

  it("GET /api/auth/me answers what its schema says", async () => {
    const doc = (await (await SELF.fetch("http://localhost/api/openapi.json")).json()) as any;
    const schema = doc.paths["/api/auth/me"].get.responses["200"].content["application/json"].schema;
    const u = await registerUser();
    const me = await call("/api/auth/me", { token: u.token });
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validate(schema, me.body), ajv.errorsText(ajv.errors)).toBe(true);
  });

  it("the committed document (docs/openapi.json, read by the generated-client test) is this one", async () => {
    const doc = await (await SELF.fetch("http://localhost/api/openapi.json")).json();
    // After an API change: npx vitest run --project workers workers/openapi/openapi.test.ts -u
    await expect(`${JSON.stringify(doc)}\n`).toMatchFileSnapshot("../../docs/openapi.json");
  });

  it("a readable reference page without scripts", async () => {
    const res = await SELF.fetch("http://localhost/api/docs");
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("<code>/api/analytics/hashtag-performance</code>");
    expect(html).not.toContain("<script");
  });
});
