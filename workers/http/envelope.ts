import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

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

export function ok<T>(c: Context, data: T, message = "OK", status: ContentfulStatusCode = 200): Response {
  return c.json({ success: true as const, message, data }, status);
}

export function fail(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return c.json({ success: false as const, message }, status, headers);
}
