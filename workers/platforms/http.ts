import type { z } from "zod";
import { byPlatform, type Platform } from "../platform-profile";
import { parseJsonExact } from "./exact-json";
import { PlatformError } from "./types";

/**
 * The one way a platform client talks HTTP: injected fetch, a hard timeout, JSON parsing, and the
 * rate-limit headers read into `retryAfterMs`. Each client passes its own classifier, which turns a
 * non-2xx answer into a PlatformError with the platform's message kept.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;
/** X-App-Usage gives a percentage of a rolling hour but no reset time; wait this long once it hits 100. */
const APP_USAGE_BACKOFF_MS = 10 * 60_000;

export interface PlatformResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON (null when empty). */
  data: T;
  /** From Retry-After / x-rate-limit-reset / X-App-Usage / X-Business-Use-Case-Usage, if any said to wait. */
  retryAfterMs?: number;
}

export type ErrorClassifier = (response: PlatformResponse) => PlatformError;

export interface RequestOptions {
  method?: string;
  /** Appended to the URL's query string; undefined values are skipped. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Non-2xx statuses that are answers, not failures (YouTube's 308 Resume Incomplete). */
  accept?: number[];
  /**
   * This call creates the post (publishes it). Only for such a call is a lost answer (timeout, dropped
   * connection, gateway 502/504) an unknown outcome that must be looked up before resending; a lost
   * answer to any other call (an upload, a container, a read) left nothing published and is simply retryable.
   */
  creates?: boolean;
}

export interface HttpClient {
  request<T = unknown>(url: string | URL, options?: RequestOptions): Promise<PlatformResponse<T>>;
  /** A request whose answer must carry what `schema` says (ids, permalinks, tokens, status, quotas). */
  answer<S extends z.ZodType>(
    url: string | URL,
    schema: S,
    options?: RequestOptions,
  ): Promise<PlatformResponse<z.output<S>>>;
}

export interface HttpDeps {
  platform: Platform;
  fetch: typeof fetch;
  classify: ErrorClassifier;
  now?: () => number;
  timeoutMs?: number;
}

function compact(values: Record<string, string | number | boolean | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = String(v);
  return out;
}

export function createHttp(deps: HttpDeps): HttpClient {
  const now = deps.now ?? Date.now;
  return {
    async answer(input, schema, options = {}) {
      const res = await this.request(input, options);
      // Only the post-creating call can leave a post behind (ADR 010); a bad answer elsewhere is a plain failure.
      return { ...res, data: parseAnswer(deps.platform, schema, res.data, options.creates === true) };
    },

    async request(input, options = {}) {
      const url = new URL(input);
      for (const [k, v] of Object.entries(compact(options.query ?? {}))) url.searchParams.set(k, v);
      const method = options.method ?? (options.form || options.json !== undefined || options.body ? "POST" : "GET");
      const headers = new Headers({ Accept: "application/json", ...options.headers });
      let body = options.body;
      if (options.form) {
        headers.set("Content-Type", "application/x-www-form-urlencoded");
        body = new URLSearchParams(compact(options.form)).toString();
      } else if (options.json !== undefined) {
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(options.json);
      }
      // A post-creating call that never answered may still have happened: the caller must check before retrying.
      const creates = options.creates === true;
      const timeoutMs = options.timeoutMs ?? deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve("timeout");
        }, timeoutMs);
      });
      let res: Response;
      try {
        const raced = await Promise.race([
          deps.fetch(url, { method, headers, body, signal: controller.signal }),
          timedOut,
        ]);
        if (raced === "timeout") {
          throw new PlatformError(
            "retryable",
            `${deps.platform} did not answer within ${Math.round(timeoutMs / 1000)} s`,
            {
              platform: deps.platform,
              outcomeUnknown: creates,
            },
          );
        }
        res = raced;
      } catch (err) {
        if (err instanceof PlatformError) throw err;
        throw new PlatformError("retryable", `Could not reach ${deps.platform}: ${(err as Error).message}`, {
          platform: deps.platform,
          outcomeUnknown: creates,
        });
      } finally {
        clearTimeout(timer);
      }
      const text = await res.text();
      let data: unknown = text === "" ? null : text;
      if (text !== "") {
        try {
          data = parseJsonExact(text);
        } catch {
          /* keep the text: some endpoints (uploads, gateways) answer plain text or HTML */
        }
      }
      const response: PlatformResponse = {
        status: res.status,
        headers: res.headers,
        data,
        retryAfterMs: retryAfterMs(res.headers, now()),
      };
      // `request<T>` trusts the caller's T (no schema); `answer` is the checked form.
      if (res.ok || options.accept?.includes(res.status)) return response as PlatformResponse<never>;
      const error = deps.classify(response);
      // A gateway error on a post-creating call means the platform may have acted before the answer was lost.
      if (creates && (res.status === 502 || res.status === 504) && error.kind === "retryable") {
        throw new PlatformError(error.kind, error.message, { ...error.details, outcomeUnknown: true });
      }
      throw error;
    },
  };
}

/**
 * How long the rate-limit headers ask us to wait, in ms; undefined when none does. An explicit wait
 * (Retry-After, x-rate-limit-reset, the BUC regain estimate) wins; X-App-Usage at 100% only implies one.
 */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const waits: number[] = [];
  const retryAfter = headers.get("Retry-After");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) waits.push(seconds * 1000);
    else {
      const at = Date.parse(retryAfter);
      if (!Number.isNaN(at)) waits.push(at - now);
    }
  }
  // X: epoch seconds when the window resets; only binding once the remaining count is exhausted.
  const reset = Number(headers.get("x-rate-limit-reset"));
  const remaining = headers.get("x-rate-limit-remaining");
  if (reset > 0 && (remaining === null || Number(remaining) <= 0)) waits.push(reset * 1000 - now);
  const buc = parseJson(headers.get("X-Business-Use-Case-Usage"));
  if (buc && typeof buc === "object") {
    for (const entries of Object.values(buc as Record<string, unknown>)) {
      if (!Array.isArray(entries)) continue;
      for (const e of entries) {
        const minutes = Number((e as { estimated_time_to_regain_access?: unknown }).estimated_time_to_regain_access);
        if (minutes > 0) waits.push(minutes * 60_000);
      }
    }
  }
  const explicit = waits.filter((w) => w > 0);
  if (explicit.length) return Math.max(...explicit);
  const appUsage = parseJson(headers.get("X-App-Usage"));
  if (appUsage && typeof appUsage === "object") {
    const peak = Math.max(
      ...Object.values(appUsage as Record<string, unknown>).map((v) => (typeof v === "number" ? v : 0)),
    );
    if (peak >= 100) return APP_USAGE_BACKOFF_MS;
  }
  return undefined;
}

function parseJson(value: string | null): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * Checks a 2xx answer against what the client relies on. A changed response becomes a PlatformError
 * naming the field ("Instagram answered without a valid id") rather than a silently missing remote id;
 * after the post-creating call the platform may still have acted, so the outcome is unknown and gets checked.
 */
export function parseAnswer<S extends z.ZodType>(
  platform: Platform,
  schema: S,
  data: unknown,
  creates: boolean,
): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path.join(".") || "body";
  return rejectAnswer(platform, path, creates);
}

const BRANDS = byPlatform((p) => p.brand);

export function rejectAnswer(platform: Platform, field: string, creates: boolean): never {
  throw new PlatformError("permanent", `${BRANDS[platform]} answered without a valid ${field}`, {
    platform,
    ...(creates ? { outcomeUnknown: true } : {}),
  });
}
