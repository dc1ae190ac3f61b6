import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  Conflict,
  DomainError,
  Forbidden,
  Gone,
  Invalid,
  Mismatch,
  NotFound,
  TooLarge,
  TooMany,
  Unauthenticated,
  Unavailable,
  UnsupportedType,
  UpstreamFailed,
} from "../errors";
import { HttpError } from "./envelope";

/** A refusal as the client sees it: status, the envelope's message (and data), extra headers. */
export interface Failure {
  status: ContentfulStatusCode;
  message: string;
  data?: Record<string, unknown>;
  headers: Record<string, string>;
}

const STATUS: [abstract new (...args: never[]) => DomainError, ContentfulStatusCode][] = [
  [Invalid, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [Gone, 410],
  [TooLarge, 413],
  [UnsupportedType, 415],
  [Mismatch, 422],
  [TooMany, 429],
  [UpstreamFailed, 502],
  [Unavailable, 503],
];

/**
 * The one mapping from a thrown refusal to HTTP, used by the API's onError, the MCP tools and the pages'
 * actions and loaders, so a page shows what the API answers. Null for anything else (a real failure).
 */
export function failureOf(err: unknown): Failure | null {
  if (err instanceof HttpError) return { status: err.status, message: err.message, headers: err.headers };
  if (!(err instanceof DomainError)) return null;
  const status = STATUS.find(([kind]) => err instanceof kind)?.[1];
  if (status === undefined) return null;
  const retryAfter = err instanceof TooMany || err instanceof Unavailable ? err.retryAfter : undefined;
  const headers = {
    ...(err instanceof TooMany ? err.headers : {}),
    ...(retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) }),
  };
  const data = err instanceof Invalid ? err.data : undefined;
  return { status, message: err.message, headers, ...(data ? { data } : {}) };
}
