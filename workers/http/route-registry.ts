import { z } from "zod";

/**
 * The single source of the API document: a router declares a route once with the zod schemas its
 * handler parses with (`query`, `body`) and answers with (`data`), and the document is generated from them.
 *
 *   const overview = describeRoute({ method: "get", path: "/api/analytics/overview", query: periodQuery, data: OverviewData, summary: "…" });
 *   router.get("/overview", (c) => { const q = parseOrThrow(overview.query, c.req.query()); … });
 */
/** Any zod schema, `zod` or `zod/mini`. */
type Schema = z.core.$ZodType;

export interface RouteDoc<Q extends Schema = Schema, B extends Schema = Schema, D extends Schema = Schema> {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI style: /api/analytics/posts/{id} */
  path: string;
  summary: string;
  tag: string;
  description?: string;
  /** False for the few public routes. */
  auth?: boolean;
  query?: Q;
  body?: B;
  /** The envelope's `data`. */
  data?: D;
  /** For downloads: the media types served instead of the JSON envelope. */
  file?: string[];
  status?: number;
  /** Accepts an Idempotency-Key header (POSTs that create or publish). */
  idempotent?: boolean;
}

const routes: RouteDoc[] = [];

export function describeRoute<Q extends Schema = Schema, B extends Schema = Schema, D extends Schema = Schema>(
  route: RouteDoc<Q, B, D>,
) {
  const at = routes.findIndex((r) => r.method === route.method && r.path === route.path);
  if (at >= 0) routes.splice(at, 1);
  routes.push(route as unknown as RouteDoc);
  return route;
}

export function registeredRoutes(): readonly RouteDoc[] {
  return [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const json = (schema: Schema, io: "input" | "output") =>
  z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Record<string, unknown>;

const failure = {
  type: "object",
  properties: { success: { const: false }, message: { type: "string" } },
  required: ["success", "message"],
};

/** The parts of an OpenAPI operation this registry writes, and the /api/docs page reads. */
export interface Parameter {
  name: string;
  in: "path" | "header" | "query";
  required: boolean;
  description?: string;
  schema: unknown;
}
type Content = Record<string, { schema: unknown }>;
export interface Operation {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  parameters: Parameter[];
  requestBody?: { required: true; content: Content };
  security?: [];
  responses: Record<string, { description: string; content?: Content }>;
}

function parameters(route: RouteDoc) {
  const out: Parameter[] = [];
  for (const name of route.path.match(/\{(\w+)\}/g) ?? []) {
    out.push({ name: name.slice(1, -1), in: "path", required: true, schema: { type: "string" } });
  }
  if (route.idempotent) {
    out.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Retry safely: the same key with the same body answers the first answer for 24 hours without doing the work again; with a different body 422; while the first is running 409",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    });
  }
  if (route.query) {
    const schema = json(route.query, "input") as {
      properties?: Record<string, { description?: string; [keyword: string]: unknown }>;
      required?: string[];
    };
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      const { description, ...rest } = prop;
      out.push({
        name,
        in: "query",
        required: schema.required?.includes(name) ?? false,
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

/** OpenAPI 3.1 of every registered route. */
export function openApiDocument(info: { title: string; version: string }) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of registeredRoutes()) {
    const status = String(route.status ?? 200);
    const success = route.file
      ? {
          description: "The file",
          content: Object.fromEntries(
            route.file.map((t) => [t, { schema: { type: "string", contentEncoding: "binary" } }]),
          ),
        }
      : {
          description: "Success",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  success: { const: true },
                  message: { type: "string" },
                  data: route.data ? json(route.data, "output") : { description: "See the message" },
                },
                required: ["success", "message", "data"],
              },
            },
          },
        };
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      operationId: `${route.method}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ""))}`,
      parameters: parameters(route),
      ...(route.body
        ? { requestBody: { required: true, content: { "application/json": { schema: json(route.body, "input") } } } }
        : {}),
      ...(route.auth === false ? { security: [] } : {}),
      responses: {
        [status]: success,
        "400": {
          description: "Invalid input; `message` says what to fix",
          content: { "application/json": { schema: failure } },
        },
        ...(route.auth === false
          ? {}
          : { "401": { description: "Not signed in", content: { "application/json": { schema: failure } } } }),
        "404": {
          description: "Not found (also for another user's resources)",
          content: { "application/json": { schema: failure } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The token from POST /api/auth/login" },
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "pl_<id>_<secret>",
          description:
            "A workspace API key from Settings → API (POST /api/keys): acts in its workspace with the member's role, limited to its scopes (read, write, publish); answers carry RateLimit-Limit/Remaining/Reset and a 429 carries Retry-After",
        },
        cookie: { type: "apiKey", in: "cookie", name: "postline_session", description: "The browser's session cookie" },
      },
    },
    security: [{ bearer: [] }, { apiKey: [] }, { cookie: [] }],
    paths,
  };
}
