import type { AuthContext } from "../auth";
import type { ApiKeyContext } from "../automation";
import type { Services } from "../services";
import type { EarlyRead } from "../tenancy/early-read";
import type { WorkspaceContext } from "../tenancy/membership";
import type { Role } from "../tenancy/roles";
import type { ClaimMark } from "./idempotency";

type Common = {
  services: Services;
  authVia: "bearer" | "cookie" | null;
  /** The API key the request was sent with, if any: its workspace and scopes bound the request. */
  apiKey: ApiKeyContext | null;
  /** This request's id, answered as X-Request-Id and named in the logs (hono/request-id). */
  requestId: string;
  /** A read the route started before its workspace was confirmed (ADR 050); unset when none did. */
  earlyRead?: EarlyRead | null;
  /** The request's claim of its Idempotency-Key, for the batch that commits its work (ADR 125); unset without a key. */
  claimMark?: ClaimMark;
  /** The caller's membership candidates, read in one batch with a session's user row (ADR 050); unset otherwise. */
  memberships?: unknown[];
};

export type AppEnv = {
  Bindings: Env;
  Variables: Common & {
    auth: AuthContext | null;
    /** The workspace this request acts in and the caller's role there; null when signed out. */
    workspace: WorkspaceContext | null;
    role: Role | null;
  };
};

/** What a handler behind `requirePermission` sees: never null, so never `!`. */
export type SignedInEnv = {
  Bindings: Env;
  Variables: Common & { auth: AuthContext; workspace: WorkspaceContext; role: Role };
};
