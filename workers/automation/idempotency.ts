import { and, eq, lt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { sha256Hex } from "../auth/crypto";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema/automation";
import type { SignedInEnv } from "../http/app-env";
import { HttpError } from "../http/envelope";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
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

  /** Claims the key with an INSERT only one request can win; the others wait briefly for its answer. */
  async claim(scope: Scope, requestHash: string): Promise<Claim> {
    const now = this.now();
    await this.db.delete(idempotencyKeys).where(and(this.where(scope), lt(idempotencyKeys.expiresAt, now)));
    const won = await this.db
      .insert(idempotencyKeys)
      .values({ ...scope, requestHash, createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (won.length > 0) return { kind: "claimed" };
    for (let i = 0; i < POLLS; i++) {
      const row = await this.db.query.idempotencyKeys.findFirst({ where: this.where(scope) });
      const outcome = row ? outcomeOf(row, requestHash) : ({ kind: "pending" } as const);
      if (outcome.kind !== "pending") return outcome;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return { kind: "pending" };
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
 * For POSTs that create or publish: the same Idempotency-Key (per workspace and caller) with the same
 * body answers the first answer for 24 hours without doing the work again. Put it after
 * `requirePermission`, so a refused request claims nothing.
 */
export const idempotent = createMiddleware<SignedInEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new HttpError(400, IdempotencyMessages.invalid);
  const store = c.var.services.idempotency;
  const scope = { workspaceId: c.var.workspace.id, owner: c.var.apiKey?.id ?? c.var.auth.user.id, key };
  const claim = await store.claim(scope, await sha256Hex(`${c.req.method} ${c.req.path}\n${await c.req.text()}`));
  if (claim.kind === "mismatch") throw new HttpError(422, IdempotencyMessages.mismatch);
  if (claim.kind === "pending") throw new HttpError(409, IdempotencyMessages.inProgress);
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
