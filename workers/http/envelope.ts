import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";

/** The generic messages of SPEC §8, used wherever a route has nothing more specific to say. */
export const Messages = {
  unauthorized: "Please log in to continue.",
  forbidden: "You do not have permission to perform this action.",
  notFound: "The requested resource was not found.",
  server: "Server error. Please try again later.",
  validation: "Please check your input and try again.",
  tooMany: "Too many requests. Please try again later.",
} as const;

/** An error that carries the status and the user-facing message of the envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, Messages.notFound);

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
): Response {
  return c.json({ success: false as const, message }, status, headers);
}
