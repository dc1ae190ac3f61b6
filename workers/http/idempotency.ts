import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { sha256Hex } from "../crypto";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema/automation";
import { Conflict, Invalid, Mismatch } from "../errors";
import type { SignedInEnv } from "./app-env";
import { canonicalJson } from "./canonical-json";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * A claim still unanswered after this long belongs to a request whose Worker died mid-way (a request's
 * work takes seconds): it is released so the client's retry does the work.
 */
export const STALE_CLAIM_MS = 2 * 60_000;
export const IdempotencyMessages = {
  invalid: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
  mismatch: "This Idempotency-Key was already used with a different request.",
  inProgress: "A request with this Idempotency-Key is in progress",
} as const;
/** How long a duplicate waits for the first request's answer before it is told to retry (409). */
const POLLS = 20;
const POLL_MS = 100;

type Scope = { workspaceId: string; owner: string; key: string };
type Row = typeof idempotencyKeys.$inferSelect;
export type Claim =
  | { kind: "claimed" }
  | { kind: "replay"; status: number; body: string }
  | { kind: "mismatch" }
  | { kind: "pending" };

/** What a request finds when its key is already claimed. */
export function outcomeOf(
  row: Pick<Row, "requestHash" | "responseStatus" | "responseBody">,
  requestHash: string,
): Claim {
  if (row.requestHash !== requestHash) return { kind: "mismatch" };
  if (row.responseStatus === null) return { kind: "pending" };
  return { kind: "replay", status: row.responseStatus, body: row.responseBody ?? "" };
}

/** Whether a stored claim no longer holds its key: its answer is past 24 h, or it was never answered. */
export function isReleased(row: Pick<Row, "responseStatus" | "createdAt" | "expiresAt">, now: number): boolean {
  return row.expiresAt < now || (row.responseStatus === null && row.createdAt < now - STALE_CLAIM_MS);
}

export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private where(s: Scope) {
    return and(
      eq(idempotencyKeys.workspaceId, s.workspaceId),
      eq(idempotencyKeys.owner, s.owner),
      eq(idempotencyKeys.key, s.key),
    );
  }

  /** Rows that no longer hold their key (see `isReleased`), as a WHERE clause. */
  private released(now: number) {
    return or(
      lt(idempotencyKeys.expiresAt, now),
      and(isNull(idempotencyKeys.responseStatus), lt(idempotencyKeys.createdAt, now - STALE_CLAIM_MS)),
    );
  }

  /**
   * Claims the key with an INSERT only one request can win; the others wait briefly for its answer (and
   * claim it themselves if the winner released it).
   */
  async claim(scope: Scope, requestHash: string): Promise<Claim> {
    for (let i = 0; i < POLLS; i++) {
      const now = this.now();
      await this.db.delete(idempotencyKeys).where(and(this.where(scope), this.released(now)));
      const won = await this.db
        .insert(idempotencyKeys)
        .values({ ...scope, requestHash, createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (won.length > 0) return { kind: "claimed" };
      const row = await this.db.query.idempotencyKeys.findFirst({ where: this.where(scope) });
      const outcome = row ? outcomeOf(row, requestHash) : ({ kind: "pending" } as const);
      if (outcome.kind !== "pending") return outcome;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return { kind: "pending" };
  }

  /** The cron's sweep: answers past 24 h and claims of requests that died. */
  async purge(): Promise<void> {
    await this.db.delete(idempotencyKeys).where(this.released(this.now()));
  }

  async complete(scope: Scope, status: number, body: string) {
    await this.db.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(this.where(scope));
  }

  /** Frees the key after a failure on our side, so the client's retry does the work. */
  async release(scope: Scope) {
    await this.db.delete(idempotencyKeys).where(this.where(scope));
  }
}

/**
 * The body as compared between a request and its retry: JSON as canonical JSON (RFC 8785), so the same value
 * re-serialised (member order, spacing) is the same request; anything else byte for byte, less a form's
 * boundary, which is random per request, so a client's retry of the same files matches.
 */
export function comparableBody(bytes: ArrayBuffer, contentType: string): string {
  if (/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    try {
      return canonicalJson(JSON.parse(new TextDecoder().decode(bytes)));
    } catch {
      // not JSON after all: compared as bytes, and the handler refuses it
    }
  }
  // latin1 maps each byte to one character, so any body (a file too) reads as text without loss.
  const body = new TextDecoder("latin1").decode(bytes);
  const boundary = /boundary="?([^";]+)/.exec(contentType)?.[1];
  return boundary ? body.replaceAll(boundary, "") : body;
}

/** Method, path and body, read through Hono's cache, so the handler still reads it (JSON or form). */
async function requestHash(c: Context): Promise<string> {
  const body = comparableBody(await c.req.arrayBuffer(), c.req.header("Content-Type") ?? "");
  return sha256Hex(`${c.req.method} ${c.req.path}\n${body}`);
}

/**
 * For POSTs that create or publish: the same Idempotency-Key (per workspace and caller) with the same
 * body answers the first answer for 24 hours without doing the work again. Put it after
 * `requirePermission`, so a refused request claims nothing.
 */
export const idempotent = createMiddleware<SignedInEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new Invalid(IdempotencyMessages.invalid);
  const store = c.var.services.idempotency;
  const scope = { workspaceId: c.var.workspace.id, owner: c.var.apiKey?.id ?? c.var.auth.user.id, key };
  const claim = await store.claim(scope, await requestHash(c));
  if (claim.kind === "mismatch") throw new Mismatch(IdempotencyMessages.mismatch);
  if (claim.kind === "pending") throw new Conflict(IdempotencyMessages.inProgress);
  if (claim.kind === "replay") {
    return c.body(claim.body, claim.status as ContentfulStatusCode, {
      "Content-Type": "application/json",
      "Idempotent-Replayed": "true",
    });
  }
  try {
    await next();
  } catch (err) {
    await store.release(scope);
    throw err;
  }
  if (c.res.status >= 500) await store.release(scope);
  else await store.complete(scope, c.res.status, await c.res.clone().text());
});
