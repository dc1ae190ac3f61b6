import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
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
 * work takes seconds): if its work committed (the claim is marked) the client's retry is answered from that work,
 * otherwise it is released so the retry does the work (ADR 125).
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

/**
 * The statement that marks the request's claim with its work (`work`: what the answer is read from, a post's id, the
 * media ids…). The work's writer puts it in the D1 batch that commits the work, so the claim is marked if and only if
 * the work committed (ADR 125).
 */
export type ClaimMark = (work: string) => BatchItem<"sqlite">;

export type Claim =
  | { kind: "claimed"; mark: ClaimMark }
  | { kind: "replay"; status: number; body: string }
  /** The claiming request died after its work committed, before its answer was stored: answer from the work. */
  | { kind: "done"; work: string }
  | { kind: "mismatch" }
  | { kind: "pending" };

const isStale = (row: Pick<Row, "createdAt">, now: number) => row.createdAt < now - STALE_CLAIM_MS;

/** What a request finds when its key is already claimed. */
export function outcomeOf(
  row: Pick<Row, "requestHash" | "responseStatus" | "responseBody" | "work" | "createdAt">,
  requestHash: string,
  now: number,
): Claim {
  if (row.requestHash !== requestHash) return { kind: "mismatch" };
  if (row.responseStatus !== null) return { kind: "replay", status: row.responseStatus, body: row.responseBody ?? "" };
  if (row.work !== null && isStale(row, now)) return { kind: "done", work: row.work };
  return { kind: "pending" };
}

/**
 * Whether a stored claim no longer holds its key: its answer is past 24 h, or it was never answered and its work
 * never committed (a claim whose work committed answers from it until its 24 h are over).
 */
export function isReleased(
  row: Pick<Row, "responseStatus" | "work" | "createdAt" | "expiresAt">,
  now: number,
): boolean {
  return row.expiresAt < now || (row.responseStatus === null && row.work === null && isStale(row, now));
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
      and(
        isNull(idempotencyKeys.responseStatus),
        isNull(idempotencyKeys.work),
        lt(idempotencyKeys.createdAt, now - STALE_CLAIM_MS),
      ),
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
      const claimId = crypto.randomUUID();
      const won = await this.db
        .insert(idempotencyKeys)
        .values({ ...scope, requestHash, claimId, createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (won.length > 0) return { kind: "claimed", mark: this.marker(scope, claimId) };
      const row = await this.db.query.idempotencyKeys.findFirst({ where: this.where(scope) });
      const outcome = row ? outcomeOf(row, requestHash, now) : ({ kind: "pending" } as const);
      if (outcome.kind !== "pending") return outcome;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return { kind: "pending" };
  }

  /** The mark of this claim (and no later one of the same key), for the work's batch. */
  private marker(scope: Scope, claimId: string): ClaimMark {
    return (work) =>
      this.db
        .update(idempotencyKeys)
        .set({ work })
        .where(and(this.where(scope), eq(idempotencyKeys.claimId, claimId)));
  }

  /** The cron's sweep: answers past 24 h and claims of requests that died. */
  async purge(): Promise<void> {
    await this.db.delete(idempotencyKeys).where(this.released(this.now()));
  }

  async complete(scope: Scope, status: number, body: string) {
    await this.db.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(this.where(scope));
  }

  /**
   * Frees the key after a failure on our side, so the client's retry does the work. A claim whose work committed
   * before the failure is not freed (the retry would do the work twice): it is aged past the stale window, so the
   * retry answers from that work at once.
   */
  async release(scope: Scope) {
    await this.db.batch([
      this.db.delete(idempotencyKeys).where(and(this.where(scope), isNull(idempotencyKeys.work))),
      this.db
        .update(idempotencyKeys)
        .set({ createdAt: 0 })
        .where(and(this.where(scope), isNotNull(idempotencyKeys.work))),
    ]);
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
 * How a route answers from its work (`work` as its writer marked the claim with it) when the request that did the
 * work died before answering: the same status and shape as its own answer (ADR 125).
 */
export type AnswerFromWork = (c: Context<SignedInEnv>, work: string) => Response | Promise<Response>;

/** The claim's mark for the work's batch; undefined when the request sent no Idempotency-Key. */
export const claimMarkOf = (c: Context<SignedInEnv>): ClaimMark | undefined => c.var.claimMark;

const idempotentHandlers = new WeakSet<object>();
/** Whether a mounted handler is an `idempotent(…)` middleware (the OpenAPI test matches them to its docs). */
export const isIdempotent = (handler: unknown) =>
  typeof handler === "function" && idempotentHandlers.has(handler as object);

/**
 * For POSTs that create or publish: the same Idempotency-Key (per workspace and caller) with the same
 * body answers the first answer for 24 hours without doing the work again. Put it after
 * `requirePermission`, so a refused request claims nothing. The handler hands `claimMarkOf(c)` to the writer of its
 * work, which puts the mark in the work's batch; `answer` replies from that work when the request that did it died
 * before its answer was stored (ADR 125). A route whose work may be done again without harm (it moves rows to a
 * state, like the scheduler's trigger or a webhook delivery's re-send under its own id) passes no `answer` and marks
 * nothing: its dead claim is released and the retry does the work. A route whose work is in the directory
 * (workspaces, invitations) claims its key there (`on: "directory"`), the same database as its work.
 */
export function idempotent(answer?: AnswerFromWork, options: { on?: "shard" | "directory" } = {}) {
  const middleware = createMiddleware<SignedInEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new Invalid(IdempotencyMessages.invalid);
    const { services } = c.var;
    const inDirectory = options.on === "directory";
    const store = inDirectory ? new IdempotencyStore(services.directory, services.now) : services.idempotency;
    const scope = { workspaceId: c.var.workspace.id, owner: c.var.apiKey?.id ?? c.var.auth.user.id, key };
    const claim = await store.claim(scope, await requestHash(c));
    if (claim.kind === "mismatch") throw new Mismatch(IdempotencyMessages.mismatch);
    if (claim.kind === "pending") throw new Conflict(IdempotencyMessages.inProgress);
    if (claim.kind === "replay") return replayed(c, claim.status, claim.body);
    if (claim.kind === "done") {
      if (!answer) throw new Error(`${c.req.path} marked its work but has no answer from it`);
      // The mail its batch recorded and the request never sent goes now, once (ADR 129).
      await (inDirectory ? services.directoryOutbox : services.outbox).sendPending(scope.workspaceId);
      const res = await answer(c, claim.work);
      const body = await res.text();
      if (res.status < 500) await store.complete(scope, res.status, body);
      return replayed(c, res.status, body);
    }
    c.set("claimMark", claim.mark);
    try {
      await next();
    } catch (err) {
      await store.release(scope);
      throw err;
    }
    if (c.res.status >= 500) await store.release(scope);
    else await store.complete(scope, c.res.status, await c.res.clone().text());
  });
  idempotentHandlers.add(middleware);
  return middleware;
}

function replayed(c: Context, status: number, body: string) {
  return c.body(body, status as ContentfulStatusCode, {
    "Content-Type": "application/json",
    "Idempotent-Replayed": "true",
  });
}
