import { env, SELF } from "cloudflare:test";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { api } from "../api";
import { isIdempotent } from "../http/idempotency";
import { registeredRoutes } from "../http/route-registry";
import { insertAccount, insertFacebookComments, insertScheduledPost } from "../test/fixtures";
import { call, registerUser, uploadImage } from "../test/helpers";

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
      .filter((r) => isIdempotent(r.handler))
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
    expect(Object.keys(create.responses)).toEqual(["201", "400", "401", "403", "409", "413", "422", "429", "503"]);
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

  it("GET /api/auth/me and a post answer what their schemas say; a post names every field it carries", async () => {
    const doc = (await (await SELF.fetch("http://localhost/api/openapi.json")).json()) as any;
    const answer = (method: string, path: string, status: string) =>
      doc.paths[path][method].responses[status].content["application/json"].schema;
    const u = await registerUser();
    const me = await call("/api/auth/me", { token: u.token });
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validate(answer("get", "/api/auth/me", "200"), me.body), ajv.errorsText(ajv.errors)).toBe(true);
    // A post and its channels are closed objects: a field the answer carries and the document lacks (as authorId
    // was) fails here and in the fuzz run, not only in an SDK generated from the document.
    const post = answer("post", "/api/posts", "201");
    expect(post.properties.data.properties.authorId).toEqual({ type: "string" });
    expect(post.properties.data.additionalProperties).toBe(false);
    expect(post.properties.data.properties.platformPosts.items.additionalProperties).toBe(false);
    const fb = await insertAccount(u.user.id, "facebook");
    const channel = { platform: "facebook", accountId: fb, text: "Just for Facebook", firstComment: "More below" };
    const body = { content: "Documented", platforms: ["facebook"], selectedAccounts: { facebook: [fb] } };
    const created = await call("/api/posts", { token: u.token, body: { ...body, channels: [channel] } });
    expect(created.status).toBe(201);
    expect(ajv.validate(post, created.body), ajv.errorsText(ajv.errors)).toBe(true);
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

  it("names the refusals and successes handlers answer in states the fuzz run does not reach", async () => {
    const doc = (await (await SELF.fetch("http://localhost/api/openapi.json")).json()) as any;
    // What an SDK generated from the document expects: this status among the operation's, a refusal in the envelope.
    const documented = (operation: string, res: { status: number; body: unknown }) => {
      const [method, path] = operation.split(" ") as [string, string];
      const responses = doc.paths[path][method.toLowerCase()].responses;
      expect(Object.keys(responses), `${operation} answered ${res.status}`).toContain(String(res.status));
      if (res.status >= 400) expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      return responses[String(res.status)];
    };
    const u = await registerUser();
    const token = u.token;

    const again = await call("/api/auth/register", {
      body: { email: u.email, password: "secret123", displayName: "B" },
    });
    documented("POST /api/auth/register", again);

    const label = { name: "Spring", color: "#22aa55" };
    expect((await call("/api/labels", { token, body: label })).status).toBe(201);
    documented("POST /api/labels", await call("/api/labels", { token, body: label }));
    const other = await call<"POST /api/labels">("/api/labels", { token, body: { ...label, name: "Autumn" } });
    const renamed = await call(`/api/labels/${other.body.data.id}`, {
      token,
      method: "PATCH",
      body: { name: "Spring" },
    });
    documented("PATCH /api/labels/{id}", renamed);

    const endpoint = await call<"POST /api/webhooks">("/api/webhooks", {
      token,
      body: { url: "http://localhost:9/hook", events: ["post.published"] },
    });
    await call(`/api/webhooks/${endpoint.body.data.id}`, { token, method: "PATCH", body: { enabled: false } });
    const test = await call(`/api/webhooks/${endpoint.body.data.id}/test`, { token, method: "POST" });
    documented("POST /api/webhooks/{id}/test", test);

    documented("DELETE /api/workspaces/{id}", await call(`/api/workspaces/${u.user.id}`, { token, method: "DELETE" }));
    const team = await call<"POST /api/workspaces">("/api/workspaces", { token, body: { name: "Team" } });
    const leave = await call(`/api/workspaces/${team.body.data.id}/leave`, { token, method: "POST" });
    documented("POST /api/workspaces/{id}/leave", leave);

    // A post one channel is sending right now.
    const fb = await insertAccount(u.user.id, "facebook");
    const sending = await insertScheduledPost(u.user.id, [
      { accountId: fb, platform: "facebook", dueAt: Date.now(), status: "publishing" },
    ]);
    documented("DELETE /api/posts/{id}", await call(`/api/posts/${sending.postId}`, { token, method: "DELETE" }));

    // A file a draft uses: refused until confirmed with the documented query parameter.
    const image = await uploadImage(token);
    const draft = { content: "Uses the file", platforms: ["facebook"], selectedAccounts: { facebook: [fb] } };
    expect((await call("/api/posts", { token, body: { ...draft, images: [image] } })).status).toBe(201);
    documented("DELETE /api/media/{id}", await call(`/api/media/${image}`, { token, method: "DELETE" }));
    const removal = doc.paths["/api/media/{id}"].delete.parameters.find((p: any) => p.in === "query");
    const confirmed = await call(`/api/media/${image}?${removal.name}=true`, { token, method: "DELETE" });
    expect(documented("DELETE /api/media/{id}", confirmed).description).toBe("Success");

    // Bytes that are not the image they claim to be.
    const thumbnail = await call(`/api/media/${await uploadImage(token)}/thumbnail`, {
      token,
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: "not a picture at all",
    });
    documented("PUT /api/media/{id}/thumbnail", thumbnail);

    // Notes are created (201), as the handler says.
    await insertFacebookComments(u.user.id, 1, Date.now() - 60_000);
    const note = await call(`/api/inbox/${u.user.id}-i0/notes`, { token, body: { text: "Called back" } });
    expect(documented("POST /api/inbox/{id}/notes", note).description).toBe("Success");

    // Any write while the workspace moves to another database waits, and says how long.
    await env.DB.prepare("UPDATE workspaces SET moving_to = 'SHARD_C', move_step = 'copy' WHERE id = ?")
      .bind(u.user.id)
      .run();
    const moving = await call("/api/labels", { token, body: { name: "Winter", color: "#2255aa" } });
    const waits = documented("POST /api/labels", moving);
    expect(Object.keys(waits.headers)).toContain("Retry-After");
    expect(Number(moving.headers.get("Retry-After"))).toBeGreaterThan(0);
    await env.DB.prepare("UPDATE workspaces SET moving_to = NULL, move_step = NULL WHERE id = ?").bind(u.user.id).run();
  });

  it("documents the bodies and query parameters handlers read", async () => {
    const doc = (await (await SELF.fetch("http://localhost/api/openapi.json")).json()) as any;
    const op = (method: string, path: string) => doc.paths[path][method];
    const bodyTypes = (method: string, path: string) => Object.keys(op(method, path).requestBody?.content ?? {});
    const queryNames = (method: string, path: string) =>
      op(method, path)
        .parameters.filter((p: any) => p.in === "query")
        .map((p: any) => p.name);
    expect(bodyTypes("put", "/api/media/{id}/thumbnail")).toEqual(["image/webp", "image/jpeg", "image/png"]);
    expect(bodyTypes("put", "/api/media/{id}/captions/{lang}")).toEqual(["text/vtt"]);
    expect(op("post", "/api/accounts/{id}/boards").requestBody.content["application/json"].schema.required).toEqual([
      "name",
    ]);
    const confirm = op("post", "/api/posts/{id}/targets/{targetId}/confirm").requestBody.content["application/json"];
    expect(Object.keys(confirm.schema.properties)).toEqual(["permalink"]);
    expect(queryNames("delete", "/api/posts/{id}")).toEqual(["deleteRemote"]);
    expect(queryNames("get", "/api/media/recent")).toEqual(["limit"]);
    for (const path of ["/api/media/{id}", "/api/accounts/{id}", "/api/auth/{platform}/accounts/{id}"])
      expect(queryNames("delete", path), path).toEqual(["confirm"]);
  });
});
