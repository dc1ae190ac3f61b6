import { z } from "zod";
import type { Platform } from "../platform-profile";
import { createHttp, type ErrorClassifier, type HttpClient } from "./http";
import type { ClientDeps } from "./registry";
import {
  type AccountCredentials,
  needing,
  PlatformError,
  type PublishRequest,
  type PublishResult,
  type StagingSupport,
} from "./types";

/**
 * What the Meta clients (Instagram, Facebook Pages, Threads) share: the Graph answers and error rules, and the
 * container flow of Instagram and Threads. Facebook Login, which Facebook and Instagram share, is facebook-login.ts.
 */

/** What the Meta clients rely on in Graph answers (§2.2, §3, §10.3): checked, never assumed. */
export const GraphAnswer = {
  id: z.object({ id: z.string().min(1) }),
  photo: z.object({ id: z.string().min(1), post_id: z.string().min(1).optional() }),
  permalink: z.object({ permalink: z.url().optional() }),
  permalinkUrl: z.object({ permalink_url: z.string().min(1).optional() }),
  quota: z.object({
    data: z.array(z.object({ quota_usage: z.number(), config: z.object({ quota_total: z.number() }).optional() })),
  }),
  token: z.object({ access_token: z.string().min(1), expires_in: z.number().optional() }),
  success: z.object({ success: z.boolean() }),
};

/** PLATFORMS.md §1.3 / §2.3 / §10.5. */
const AUTH_CODES = new Set([190, 102]);
const RATE_CODES = new Set([4, 17, 32, 613, 80001, 80002]);
const TRANSIENT_CODES = new Set([1, 2, -1, -2, 24]);
/** The IG subcode for "posting quota used up": wait, don't give up. */
const QUOTA_SUBCODE = 2207042;
/** Messenger's and Instagram's "sent outside of allowed window" (#10): a refusal of this answer, not of the token. */
const WINDOW_SUBCODES = new Set([2018278, 2534022]);
const RATE_LIMIT_DEFAULT_MS = 60_000;
const QUOTA_WAIT_MS = 60 * 60_000;

interface GraphErrorBody {
  message?: string;
  code?: number;
  error_subcode?: number;
  error_user_msg?: string;
  is_transient?: boolean;
}

export function classifyGraph(platform: Platform): ErrorClassifier {
  return (res) => {
    const body = (res.data ?? {}) as {
      error?: GraphErrorBody | string;
      error_message?: string;
      error_description?: string;
    };
    const err: GraphErrorBody = typeof body.error === "object" && body.error ? body.error : {};
    const message =
      err.error_user_msg ||
      err.message ||
      body.error_message ||
      body.error_description ||
      (typeof body.error === "string" ? body.error : "") ||
      `${platform} answered HTTP ${res.status}`;
    const code = err.code;
    const details = { platform, status: res.status, code, subcode: err.error_subcode, retryAfterMs: res.retryAfterMs };
    if (err.error_subcode !== undefined && WINDOW_SUBCODES.has(err.error_subcode))
      return new PlatformError("permanent", message, details);
    // #10 and #200-299: the token works but lacks a permission; the call site names which (http `permission`).
    if (code === 10 || (code !== undefined && code >= 200 && code <= 299))
      return new PlatformError("auth", message, { ...details, denied: { permission: null } });
    if ((code !== undefined && AUTH_CODES.has(code)) || res.status === 401)
      return new PlatformError("auth", message, details);
    if (err.error_subcode === QUOTA_SUBCODE)
      return new PlatformError("retryable", message, { ...details, retryAfterMs: res.retryAfterMs ?? QUOTA_WAIT_MS });
    if (res.status === 429 || (code !== undefined && RATE_CODES.has(code))) {
      return new PlatformError("retryable", message, {
        ...details,
        retryAfterMs: res.retryAfterMs ?? RATE_LIMIT_DEFAULT_MS,
      });
    }
    if (res.status >= 500 || err.is_transient || (code !== undefined && TRANSIENT_CODES.has(code)))
      return new PlatformError("retryable", message, details);
    return new PlatformError("permanent", message, details);
  };
}

export function graphHttp(deps: ClientDeps, platform: Platform): HttpClient {
  return createHttp({ platform, fetch: deps.fetch, classify: classifyGraph(platform), now: deps.now });
}

export function expiresAt(deps: ClientDeps, expiresIn: unknown): number | null {
  return typeof expiresIn === "number" ? deps.now() + expiresIn * 1000 : null;
}

/** Graph timestamps look like 2024-09-12T23:17:39+0000; Date.parse wants the colon in the offset. */
export function parseGraphTime(value: unknown): number {
  return typeof value === "string" ? Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")) : Number.NaN;
}

/** Polls a container until it is ready, sleeping between polls; gives up (retryable) after `maxPolls`. */
export async function waitUntilReady(
  deps: ClientDeps,
  platform: Platform,
  read: () => Promise<{ status: string; detail?: string }>,
  opts: { intervalMs: number; maxPolls: number; ready: string[] },
): Promise<void> {
  for (let i = 0; i < opts.maxPolls; i++) {
    const { status, detail } = await read();
    if (opts.ready.includes(status)) return;
    if (status === "ERROR" || status === "EXPIRED") throw processingFailed(platform, status, detail);
    await deps.sleep(opts.intervalMs);
  }
  throw new PlatformError("retryable", "The media is still processing; try again shortly.", {
    platform,
    retryAfterMs: opts.intervalMs * 2,
  });
}

function processingFailed(platform: Platform, status: string, detail?: string) {
  return new PlatformError("permanent", `The media could not be processed (${detail || status}).`, {
    platform,
    code: status,
  });
}

/** A container can wait this long to be published; then it is EXPIRED (PLATFORMS.md §2.2, §10.3). */
export const CONTAINER_TTL_MS = 24 * 3_600_000;

/** The container calls of Instagram and Threads, which differ only in their paths and field names. */
export interface ContainerFlow {
  /** The permission publishing needs on this account, named in a refusal. */
  permission: (account: AccountCredentials) => string;
  /** Creates the containers of a post (carousel children first) and returns the one to publish. */
  create: (account: AccountCredentials, request: PublishRequest) => Promise<string>;
  /** IN_PROGRESS, FINISHED, PUBLISHED, ERROR or EXPIRED, with the platform's detail. */
  status: (account: AccountCredentials, id: string) => Promise<{ status: string; detail?: string }>;
  waitReady: (account: AccountCredentials, id: string) => Promise<void>;
  /** The publish edge (`media_publish`, `threads_publish`) with `creation_id`; returns the media id. */
  publish: (account: AccountCredentials, creationId: string) => Promise<string>;
  /** The post of `request` published since `since` (the client's own unknown-outcome lookup). */
  findPublished: (account: AccountCredentials, since: number, request: PublishRequest) => Promise<PublishResult | null>;
}

/**
 * Staging by container (ADR 033): the containers are made ahead and polled to FINISHED, and at the due second
 * only the publish edge remains. A container cannot be deleted: one no longer wanted is forgotten and expires.
 */
export function containerStaging(platform: Platform, deps: ClientDeps, flow: ContainerFlow): StagingSupport {
  const state = async (account: AccountCredentials, id: string) => {
    const { status, detail } = await flow.status(account, id);
    if (status === "ERROR") throw processingFailed(platform, status, detail);
    return status;
  };
  return {
    stage: (account, request) =>
      needing(flow.permission(account), async () => {
        // Taken before the first container is made, so no container of the post expires earlier.
        const expiresAt = deps.now() + CONTAINER_TTL_MS;
        const remoteId = await flow.create(account, request);
        return { remoteId, ready: (await state(account, remoteId)) === "FINISHED", expiresAt };
      }),
    async check(account, staged) {
      const status = await state(account, staged.remoteId);
      return status === "EXPIRED" ? null : { ...staged, ready: status === "FINISHED" };
    },
    publish: (account, _request, staged) =>
      needing(flow.permission(account), async () => {
        if (!staged.ready) await flow.waitReady(account, staged.remoteId);
        return { remoteId: await flow.publish(account, staged.remoteId), permalink: null };
      }),
    /**
     * A PUBLISHED container is the proof the post went out; the container does not name its media, so the
     * post is the one with the same text published since the container was made.
     */
    async find(account, request, staged) {
      if ((await flow.status(account, staged.remoteId)).status !== "PUBLISHED") return null;
      const since = (staged.expiresAt ?? deps.now()) - CONTAINER_TTL_MS;
      const found = await flow.findPublished(account, since, request);
      if (!found)
        throw new PlatformError("retryable", "The post was published but does not show in the account's list yet.", {
          platform,
        });
      return found;
    },
    // Neither Graph nor Threads deletes a container: an unwanted one is left to expire after 24 hours.
    async discard() {},
  };
}

/** Counts keyed by a dimension (country, age bucket…) as whole-number-rounded shares of their sum, largest first. */
export function sharesOf(counts: Record<string, number>): Array<{ key: string; percentage: number }> {
  const total = Object.values(counts).reduce((a, b) => a + (Number(b) || 0), 0);
  if (total <= 0) return [];
  return Object.entries(counts)
    .map(([key, n]) => ({ key, percentage: Math.round(((Number(n) || 0) / total) * 1000) / 10 }))
    .sort((a, b) => b.percentage - a.percentage || a.key.localeCompare(b.key));
}

/** Graph metric values; object-valued ones ({like: 3, love: 1}) are summed. */
export const metricCount = (v: unknown) =>
  typeof v === "number"
    ? v
    : v && typeof v === "object"
      ? Object.values(v).reduce((a: number, x) => a + (Number(x) || 0), 0)
      : 0;
