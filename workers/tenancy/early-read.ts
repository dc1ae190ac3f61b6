import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import { prepared } from "../db/batch-reads";
import { directoryIsOnlyShard } from "../db/directory";
import type { AppEnv, SignedInEnv } from "../http/app-env";

/**
 * A route's read sent in one D1 batch with the caller's membership lookup, in the workspace the request names,
 * before that workspace is confirmed (ADR 050): one round trip instead of two. Its answer is made only by the
 * route's handler, so only after `requirePermission`, and only when the confirmed workspace is the one it read;
 * any other result (a stale cookie's fallback to the personal workspace, a workspace the caller is not in) is
 * dropped unread.
 */
export interface EarlyStatement<T> {
  statement: D1PreparedStatement;
  /** The route's answer from the statement's result. */
  answer: (result: D1Result) => Promise<T>;
}

/** A route's early read in `workspaceId`, or null when this request's cannot be made before its workspace is known. */
export type EarlyReadStarter<T> = (c: Context<AppEnv>, workspaceId: string) => EarlyStatement<T> | null;

/** The routes that read early, by "METHOD /path" (the exact path). */
export type EarlyReads = Partial<Record<string, EarlyReadStarter<unknown>>>;

export interface EarlyRead {
  starter: EarlyReadStarter<unknown>;
  workspaceId: string;
  result: D1Result;
  answer: (result: D1Result) => Promise<unknown>;
}

/**
 * The directory statements that decide a request's workspace, for one D1 batch: `membership` (the caller's
 * candidates) and the route's early read in `workspaceId` when it has one. A batch is one database: the early read
 * goes only while the workspaces' one shard is the directory itself (ADR 035). `settle` takes the batch's results
 * for these statements, keeps the early read's (`earlyRead`) and returns the membership rows.
 */
export function workspaceReads(c: Context<AppEnv>, reads: EarlyReads, workspaceId: string, membership: SQL) {
  const { directory } = c.var.services;
  const starter = reads[`${c.req.method} ${c.req.path}`];
  const early = starter && directoryIsOnlyShard(c.env) ? starter(c, workspaceId) : null;
  return {
    statements: [prepared(directory, membership), ...(early ? [early.statement] : [])],
    settle([found, result]: D1Result[]): unknown[] {
      if (starter && early) c.set("earlyRead", { starter, workspaceId, result: result!, answer: early.answer });
      return found!.results;
    },
  };
}

/** The rows of `membership` (a directory query), read in one batch with the route's early read (`workspaceReads`). */
export async function membershipWithEarlyRead(
  c: Context<AppEnv>,
  reads: EarlyReads,
  workspaceId: string,
  membership: SQL,
): Promise<unknown[]> {
  const { statements, settle } = workspaceReads(c, reads, workspaceId, membership);
  return settle(await c.var.services.directory.$client.batch(statements));
}

/** The answer `starter` read early, if it read the request's confirmed workspace; else null (read it now). */
export function earlyAnswer<T>(c: Context<SignedInEnv>, starter: EarlyReadStarter<T>): Promise<T> | null {
  const early = c.var.earlyRead;
  return early?.starter === starter && early.workspaceId === c.var.workspace.id
    ? (early.answer(early.result) as Promise<T>)
    : null;
}
