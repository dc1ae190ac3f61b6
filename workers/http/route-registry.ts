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

/** A refusal a route's own handler can answer beyond those its middleware and inputs imply. */
export type ErrorStatus = 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 426 | 429 | 502 | 503;

/** An OpenAPI content map (media type → schema), for the few bodies that are not the JSON envelope. */
export type Content = Record<string, { schema: unknown }>;

interface RouteBase<Q extends Schema, B extends Schema> {
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
  /** A multipart/form-data body: its fields (z.file() for files). */
  form?: Schema;
  /** A body that is neither JSON nor a form (multipart uploads, JSON-RPC), as OpenAPI content. */
  bodyContent?: Content;
  status?: number;
  /** Accepts an Idempotency-Key header (POSTs that create or publish). */
  idempotent?: boolean;
  /** Refusals the handler itself answers (a conflict, a gone link…); the generic ones are derived. */
  errors?: ErrorStatus[];
}

/**
 * What a route answers, required: the envelope's `data`; a download (`file`: its media types); a redirect
 * (`redirect`: where to); or, for the one non-envelope protocol, its own content.
 */
type Answer<D extends Schema> =
  | { data: D; file?: never; redirect?: never; answer?: never }
  | { file: string[]; data?: never; redirect?: never; answer?: never }
  | { redirect: string; data?: never; file?: never; answer?: never }
  | { answer: Content; data?: never; file?: never; redirect?: never };

export type RouteDoc<Q extends Schema = Schema, B extends Schema = Schema, D extends Schema = Schema> = RouteBase<
  Q,
  B
> &
  Answer<D>;

/** A page of a list, as every paged route answers it. */
export const Pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });

/**
 * Compiles only while `Value` (what a service returns) fits `Schema` (what the document says it answers):
 * `type Checks = [Fits<z.input<typeof Post>, PostView>]` beside a schema keeps the two from drifting apart.
 */
export type Fits<Schema, Value extends Named<Schema>> = Value;
/** A loose object's named fields, without its index signature (an interface has none). */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** The answer of a route whose message says it all: `data` is null. */
export const noData = z.null();

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

/** The error envelope; a refused input may say per field (or per channel) what to fix in `data`. */
const failure = {
  type: "object",
  properties: { success: { const: false }, message: { type: "string" }, data: { type: "object" } },
  required: ["success", "message"],
};

const REFUSAL: Record<number, string> = {
  400: "Invalid input; `message` says what to fix",
  401: "Not signed in, or the API key is unknown or revoked",
  403: "Not allowed: the role or the API key's scopes do not permit it, or a cross-site write",
  404: "Not found (also for another workspace's resources)",
  409: "Conflict: the state does not allow it, or a request with the same Idempotency-Key is still running",
  410: "Gone",
  413: "Request body too large",
  415: "Unsupported media type",
  422: "The Idempotency-Key was used with a different body",
  426: "Upgrade required: open this with a WebSocket",
  429: "Too many requests; Retry-After says when to try again",
  502: "The platform failed",
  503: "Temporarily unavailable (the workspace is being moved, or a service is down); Retry-After, when sent, says when to try again",
};

const seconds = (description: string) => ({ description, schema: { type: "integer", minimum: 0 } });
const RETRY_AFTER = seconds("Seconds to wait before trying again");
/** The IETF draft RateLimit headers every API-key answer carries (and a 429 of any caller's limit). */
const RATE_LIMIT = {
  "RateLimit-Limit": seconds("Requests allowed in the window"),
  "RateLimit-Remaining": seconds("Requests left in the window"),
  "RateLimit-Reset": seconds("Seconds until the window frees a request"),
};
/** The headers a refusal carries: when to retry, and the window that refused. */
const REFUSAL_HEADERS: Record<number, Record<string, unknown>> = {
  429: { "Retry-After": RETRY_AFTER, ...RATE_LIMIT },
  503: { "Retry-After": RETRY_AFTER },
};

/** Every refusal a route can answer: its middleware's and inputs' (derived) and its handler's own. */
export function refusals(route: RouteDoc): number[] {
  const out = new Set<number>(route.errors ?? []);
  const writes = route.method !== "get";
  const body = route.body || route.form || route.bodyContent;
  if (route.query || body || route.path.includes("{")) out.add(400);
  if (route.auth !== false) for (const s of [401, 403]) out.add(s);
  // A write carrying the session cookie from another site is refused before any handler.
  if (writes) out.add(403);
  // A signed-in write while its workspace moves to another database waits a moment (ADR 082).
  if (writes && route.auth !== false) out.add(503);
  if (route.path.includes("{")) out.add(404);
  if (body) out.add(413);
  if (route.idempotent) for (const s of [409, 422]) out.add(s);
  // Behind /api a caller may be rate limited: keys and sessions per caller, sign-in and public forms per address.
  if (route.path !== "/health") out.add(429);
  return [...out].sort((a, b) => a - b);
}

/** The parts of an OpenAPI operation this registry writes, and the /api/docs page reads. */
export interface Parameter {
  name: string;
  in: "path" | "header" | "query";
  required: boolean;
  description?: string;
  schema: unknown;
}
export interface Operation {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  parameters: Parameter[];
  requestBody?: { required: true; content: Content };
  security?: [];
  responses: Record<string, { description: string; content?: Content; headers?: Record<string, unknown> }>;
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
        "Retry safely: the same key with the same body answers the first answer for 24 hours without doing the work again (Idempotent-Replayed: true), also when the first answer was lost after the work was done; with a different body 422; while the first is running 409",
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

function success(route: RouteDoc) {
  if (route.file) {
    const content = route.file.map((t) => [t, { schema: { type: "string", contentEncoding: "binary" } }]);
    return { description: "The file", content: Object.fromEntries(content) };
  }
  if (route.redirect) {
    return { description: route.redirect, headers: { Location: { schema: { type: "string" } } } };
  }
  if (route.answer) return { description: "Success", content: route.answer };
  const data = json(route.data!, "output");
  const envelope = {
    type: "object",
    properties: { success: { const: true }, message: { type: "string" }, data },
    required: ["success", "message", "data"],
  };
  return { description: "Success", content: { "application/json": { schema: envelope } } };
}

function requestBody(route: RouteDoc) {
  const content = route.body
    ? { "application/json": { schema: json(route.body, "input") } }
    : route.form
      ? { "multipart/form-data": { schema: json(route.form, "input") } }
      : route.bodyContent;
  return content ? { requestBody: { required: true as const, content } } : {};
}

/** OpenAPI 3.1 of every registered route, served from `origin`. */
export function openApiDocument(info: { title: string; version: string }, origin: string) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of registeredRoutes()) {
    const errorAnswers = refusals(route).map((status) => [
      String(status),
      {
        description: REFUSAL[status]!,
        ...(REFUSAL_HEADERS[status] ? { headers: REFUSAL_HEADERS[status] } : {}),
        content: { "application/json": { schema: failure } },
      },
    ]);
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      operationId: `${route.method}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ""))}`,
      parameters: parameters(route),
      ...requestBody(route),
      ...(route.auth === false ? { security: [] } : {}),
      responses: {
        [String(route.status ?? (route.redirect ? 302 : 200))]: success(route),
        ...Object.fromEntries(errorAnswers),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info,
    servers: [{ url: origin, description: "This Postline" }],
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
