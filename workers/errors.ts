/**
 * What a service refuses, said in the domain's terms: services throw these and know nothing of HTTP.
 * One mapping (workers/http/failure.ts) turns them into a status and the `{success:false, message}` envelope,
 * for the API's onError and for the pages' actions and loaders alike (ADR 037).
 */

/** The generic messages of SPEC §8, used wherever a refusal has nothing more specific to say. */
export const Messages = {
  unauthorized: "Please log in to continue.",
  forbidden: "You do not have permission to perform this action.",
  notFound: "The requested resource was not found.",
  server: "Server error. Please try again later.",
  validation: "Please check your input and try again.",
  tooMany: "Too many requests. Please try again later.",
} as const;

export abstract class DomainError extends Error {}

/** The input breaks a rule; `data` carries the details a client needs (e.g. per-channel problems). */
export class Invalid extends DomainError {
  override readonly name = "Invalid";
  constructor(
    message: string = Messages.validation,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Not there, or not the caller's to see: another workspace's row is "not found", never "forbidden". */
export class NotFound extends DomainError {
  override readonly name = "NotFound";
  constructor(message: string = Messages.notFound) {
    super(message);
  }
}

/** The caller is not who they claim (wrong password, revoked key, no session). */
export class Unauthenticated extends DomainError {
  override readonly name = "Unauthenticated";
  constructor(message: string = Messages.unauthorized) {
    super(message);
  }
}

/** Known caller, not allowed. */
export class Forbidden extends DomainError {
  override readonly name = "Forbidden";
  constructor(message: string = Messages.forbidden) {
    super(message);
  }
}

/** The thing's current state forbids the change (already published, name taken, in use). */
export class Conflict extends DomainError {
  override readonly name = "Conflict";
}

/** It existed and is used up for good (a consumed invite, an expired link). */
export class Gone extends DomainError {
  override readonly name = "Gone";
}

/** The same idempotency key came with a different request. */
export class Mismatch extends DomainError {
  override readonly name = "Mismatch";
}

/** A file or body beyond its limit. */
export class TooLarge extends DomainError {
  override readonly name = "TooLarge";
}

/** A file of a kind we do not take. */
export class UnsupportedType extends DomainError {
  override readonly name = "UnsupportedType";
}

/** A limit per time window; `headers` carries the limiter's own (X-RateLimit-*) besides Retry-After. */
export class TooMany extends DomainError {
  override readonly name = "TooMany";
  constructor(
    message: string = Messages.tooMany,
    /** Seconds (or an HTTP date, as an upstream sent it) before trying again. */
    readonly retryAfter?: number | string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A service we depend on answered wrongly (an AI or platform reply we cannot use). */
export class UpstreamFailed extends DomainError {
  override readonly name = "UpstreamFailed";
}

/** A service we depend on cannot be reached or is not set up, or the data is briefly read-only (a shard move). */
export class Unavailable extends DomainError {
  override readonly name = "Unavailable";
  constructor(
    message: string,
    /** Seconds before trying again, when the wait is known. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const notFound = () => new NotFound();
