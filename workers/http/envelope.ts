import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";

export { Messages } from "../errors";

/**
 * A refusal about the HTTP request itself (malformed JSON, not multipart, a bad Range, a cross-site write),
 * thrown by handlers and middleware only; services throw the domain errors of workers/errors.ts (ADR 037).
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Success<T> = { success: true; message: string; data: T };

/** The success envelope; its type carries the data, so tests name a route and get what it answers. */
export function ok<T, S extends ContentfulStatusCode = 200>(
  c: Context,
  data: T,
  message = "OK",
  status?: S,
): Response & TypedResponse<JSONParsed<Success<T>>, S, "json"> {
  const body: Success<T> = { success: true, message, data };
  const res: Response = c.json(body, status ?? 200);
  // c.json's own type, spelt out: inferred, it is too long for tsc to write into the declaration.
  return res as Response & TypedResponse<JSONParsed<Success<T>>, S, "json">;
}

export function fail(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
  data?: Record<string, unknown>,
): Response {
  return c.json({ success: false as const, message, ...(data ? { data } : {}) }, status, headers);
}
