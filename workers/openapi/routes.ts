import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import "./core-routes";
import "./feature-routes";
import "./media-post-routes";
import { describeRoute, openApiDocument, type RouteDoc, registeredRoutes } from "../http/route-registry";

describeRoute({
  method: "get",
  path: "/api/openapi.json",
  tag: "System",
  summary: "This document (OpenAPI 3.1)",
  auth: false,
  file: ["application/json"],
});
describeRoute({
  method: "get",
  path: "/api/docs",
  tag: "System",
  summary: "A readable API reference",
  auth: false,
  file: ["text/html"],
});

const INFO = { title: "Postline API", version: "1.0.0" };

const STYLE = [
  "body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}",
  "h3{font-size:1rem;margin:1.5rem 0 .25rem}",
  "code,pre{font-family:ui-monospace,monospace;font-size:.85rem}",
  "pre{background:#f3f4f6;padding:.75rem;overflow:auto}",
  "table{border-collapse:collapse;margin:.5rem 0}",
  "td,th{border:1px solid #e5e7eb;padding:.25rem .5rem;text-align:left}",
  ".m{display:inline-block;min-width:4rem;font-size:.75rem;padding:.1rem .4rem;border-radius:.25rem;",
  "color:#fff;background:#2563eb}",
  ".m.post{background:#059669}.m.put{background:#d97706}.m.delete{background:#dc2626}",
  "small{color:#6b7280;font-weight:normal}",
].join("");

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function schemaBlock(title: string, schema: unknown) {
  return `<details><summary>${title}</summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`;
}

/** Server-rendered reference: no scripts (the CSP forbids external ones and none are needed). */
function docsPage(origin: string): string {
  const doc = openApiDocument(INFO, origin);
  const byTag = new Map<string, RouteDoc[]>();
  for (const r of registeredRoutes()) byTag.set(r.tag, [...(byTag.get(r.tag) ?? []), r]);
  const sections = [...byTag]
    .map(([tag, routes]) => {
      const items = routes
        .map((r) => {
          const op = doc.paths[r.path]![r.method]!;
          const params = op.parameters.length
            ? `<table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${op.parameters
                .map(
                  (p) =>
                    `<tr><td><code>${esc(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td>` +
                    `<td><code>${esc(JSON.stringify(p.schema))}</code>${p.description ? ` ${esc(p.description)}` : ""}</td></tr>`,
                )
                .join("")}</table>`
            : "";
          const body = op.requestBody
            ? Object.entries(op.requestBody.content)
                .map(([type, { schema }]) => schemaBlock(`Request body (${esc(type)})`, schema))
                .join("")
            : "";
          const [status, { content }] = Object.entries(op.responses)[0]!;
          const json = content?.["application/json"];
          const response = json
            ? schemaBlock(`Response ${status}`, json.schema)
            : `<p>Response ${status}: ${esc(Object.keys(content ?? {}).join(", "))}</p>`;
          const signIn = r.auth === false ? "" : " <small>sign-in required</small>";
          const method = `<span class="m ${r.method}">${r.method.toUpperCase()}</span>`;
          return (
            `<section id="${esc(op.operationId)}"><h3>${method} <code>${esc(r.path)}</code>${signIn}</h3>` +
            `<p>${esc(r.summary)}</p>${params}${body}${response}</section>`
          );
        })
        .join("");
      return `<h2>${esc(tag)}</h2>${items}`;
    })
    .join("");
  const head =
    '<meta charset="utf-8"><title>Postline API reference</title><link rel="icon" href="data:,">' +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<style>${STYLE}</style>`;
  const intro =
    "<p>Every response is <code>{success, message, data}</code>; failures are <code>{success:false, message}</code>. " +
    "Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> or the session cookie. " +
    'Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>';
  return `<!doctype html><html lang="en"><head>${head}</head>\n<body><h1>Postline API</h1>${intro}${sections}</body></html>`;
}

export const openApiRoutes = new Hono<AppEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument(INFO, new URL(c.req.url).origin)))
  .get("/docs", (c) => c.html(docsPage(new URL(c.req.url).origin)));
