import { and, eq, gt, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { Db } from "../db/client";
import { emuFaults } from "../db/schema/emulator";
import type { EmuEnv } from "./context";

/**
 * The fault switch. `POST /sandbox/faults {platform, mode, count}` makes the next `count` API calls to
 * that platform's hosts fail:
 *   429     rate limited (Retry-After and the platform's usage header), nothing performed
 *   500     server error, nothing performed
 *   timeout answers 504 at once (the in-process emulator cannot hold a request open cheaply), nothing performed
 *   drop    the call IS performed, then the answer is replaced by a 502, so the caller cannot tell it happened
 * Optional selection aims the fault at one call of a flow: `method` and `path` (a regular expression
 * matched against the path on the platform host, e.g. "/photos$") restrict which calls count, and
 * `after` lets that many matching calls through first. Calls that do not match pass untouched. The pattern
 * sees the query string too (`?fields=permalink` tells a permalink read from a status poll).
 * Consent pages are browser-facing and never faulted. Instagram with Facebook Login calls
 * graph.facebook.com, so those calls answer to the `facebook` switch.
 */
export const API_HOSTS: Record<string, string[]> = {
  facebook: ["graph.facebook.com", "rupload.facebook.com"],
  instagram: ["graph.instagram.com", "api.instagram.com"],
  threads: ["graph.threads.net"],
  linkedin: ["api.linkedin.com", "www.linkedin.com"],
  youtube: ["www.googleapis.com", "oauth2.googleapis.com", "youtubeanalytics.googleapis.com"],
  google_business: [
    "mybusinessaccountmanagement.googleapis.com",
    "mybusinessbusinessinformation.googleapis.com",
    "mybusiness.googleapis.com",
    "businessprofileperformance.googleapis.com",
  ],
  twitter: ["api.x.com"],
  bluesky: ["bsky.social", "plc.directory", "public.api.bsky.app", "video.bsky.app"],
  mastodon: ["mastodon.social", "mastodon.example"],
  tiktok: ["open.tiktokapis.com", "open-upload.tiktokapis.com"],
  pinterest: ["api.pinterest.com", "pinterest-media-upload.s3-accelerate.amazonaws.com"],
  openai: ["api.openai.com"],
  feeds: ["feeds.example"],
};

const META = new Set(["facebook", "instagram", "threads"]);

export const faultSchema = z.object({
  platform: z.enum(Object.keys(API_HOSTS) as [string, ...string[]], {
    message: `platform must be one of ${Object.keys(API_HOSTS).join(", ")}`,
  }),
  mode: z.enum(["429", "500", "timeout", "drop"], { message: "mode must be one of 429, 500, timeout, drop" }),
  count: z.number().int().min(0).max(1000).default(1),
  method: z
    .enum(["GET", "POST", "PUT", "DELETE", "PATCH"], { message: "method must be one of GET, POST, PUT, DELETE, PATCH" })
    .optional(),
  path: z
    .string()
    .max(200)
    .refine((p) => {
      try {
        new RegExp(p);
        return true;
      } catch {
        return false;
      }
    }, "path must be a regular expression")
    .optional(),
  after: z.number().int().min(0).max(1000).default(0),
});

function platformOfHost(host: string): string | null {
  for (const [platform, hosts] of Object.entries(API_HOSTS)) if (hosts.includes(host)) return platform;
  return null;
}

export async function setFault(db: Db, input: z.output<typeof faultSchema>) {
  const fault = {
    mode: input.mode,
    remaining: input.count,
    method: input.method ?? null,
    pathPattern: input.path ?? null,
    skip: input.after,
  };
  await db
    .insert(emuFaults)
    .values({ platform: input.platform, ...fault })
    .onConflictDoUpdate({ target: emuFaults.platform, set: fault });
}

export async function clearFaults(db: Db) {
  await db.delete(emuFaults);
}

/**
 * Takes one fault off the counter atomically when this call is one the fault aims at; null when the call
 * passes (nothing armed, not a matching call, or a matching call still inside `after`).
 */
async function takeFault(db: Db, platform: string, call: { method: string; path: string }) {
  const armed = await db
    .select()
    .from(emuFaults)
    .where(and(eq(emuFaults.platform, platform), gt(emuFaults.remaining, 0)))
    .get();
  if (!armed) return null;
  if (armed.method && armed.method !== call.method) return null;
  if (armed.pathPattern && !new RegExp(armed.pathPattern).test(call.path)) return null;
  const skipped = await db
    .update(emuFaults)
    .set({ skip: sql`${emuFaults.skip} - 1` })
    .where(and(eq(emuFaults.platform, platform), gt(emuFaults.remaining, 0), gt(emuFaults.skip, 0)))
    .returning()
    .get();
  if (skipped) return null;
  return db
    .update(emuFaults)
    .set({ remaining: sql`${emuFaults.remaining} - 1` })
    .where(and(eq(emuFaults.platform, platform), gt(emuFaults.remaining, 0), eq(emuFaults.skip, 0)))
    .returning()
    .get();
}

/**
 * A faulted answer as the platform itself would word it (§1.3, §4.6, §5.5, §6.4, OpenAI's error object),
 * with its own rate-limit headers. OAuth token endpoints answer RFC 6749 bodies on every platform.
 */
export function faultResponse(
  platform: string,
  path: string,
  status: 429 | 500,
  nowMs: number,
): { body: unknown; headers: Record<string, string> } {
  const limited = status === 429;
  const headers: Record<string, string> = limited ? { "Retry-After": "60" } : {};
  if (/\/oauth2?\/(v2\/)?(access_?token|token)$/i.test(path) || path.endsWith("/oauth/v2/accessToken")) {
    return {
      body: {
        error: limited ? "temporarily_unavailable" : "server_error",
        error_description: limited ? "Too many requests; retry later." : "The server encountered an internal error.",
      },
      headers,
    };
  }
  if (META.has(platform)) {
    const error = limited
      ? {
          message: "(#4) Application request limit reached",
          type: "OAuthException",
          code: 4,
          error_subcode: 2446079,
          is_transient: true,
          fbtrace_id: "EmuFault429",
        }
      : {
          message: "An unexpected error has occurred. Please retry your request later.",
          type: "OAuthException",
          code: 2,
          error_subcode: 0,
          is_transient: true,
          fbtrace_id: "EmuFault5xx",
        };
    headers["X-App-Usage"] = JSON.stringify(
      limited
        ? { call_count: 100, total_time: 40, total_cputime: 40 }
        : { call_count: 1, total_time: 1, total_cputime: 1 },
    );
    if (limited)
      headers["X-Business-Use-Case-Usage"] = JSON.stringify({
        emulator: [
          { type: "pages", call_count: 100, total_cputime: 40, total_time: 40, estimated_time_to_regain_access: 1 },
        ],
      });
    return { body: { error }, headers };
  }
  switch (platform) {
    case "youtube": {
      const [message, reason, gStatus] = limited
        ? ["Resource has been exhausted (e.g. check quota).", "rateLimitExceeded", "RESOURCE_EXHAUSTED"]
        : ["Internal error encountered.", "backendError", "INTERNAL"];
      return {
        body: { error: { code: status, message, errors: [{ message, domain: "global", reason }], status: gStatus } },
        headers,
      };
    }
    case "google_business":
      // google.rpc.Status, as every Business Profile API answers.
      return {
        body: {
          error: limited
            ? { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED" }
            : { code: 500, message: "Internal error encountered.", status: "INTERNAL" },
        },
        headers,
      };
    case "linkedin":
      return {
        body: limited
          ? {
              status,
              serviceErrorCode: 101,
              code: "TOO_MANY_REQUESTS",
              message: "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
            }
          : { status, serviceErrorCode: 0, code: "INTERNAL_SERVER_ERROR", message: "Internal Server Error" },
        headers: { ...headers, "X-RestLi-Protocol-Version": "2.0.0" },
      };
    case "twitter":
      // Reset is wall-clock epoch seconds, not the emulator clock.
      if (limited)
        Object.assign(headers, {
          "x-rate-limit-limit": "100",
          "x-rate-limit-remaining": "0",
          "x-rate-limit-reset": String(Math.ceil(nowMs / 1000) + 60),
        });
      return {
        body: limited
          ? { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status }
          : { title: "Internal Server Error", detail: "Internal Server Error", type: "about:blank", status },
        headers: { ...headers, "Content-Type": "application/problem+json" },
      };
    case "bluesky":
      // XRPC errors; the PDS's limiter says when its window resets in epoch seconds.
      if (limited)
        Object.assign(headers, {
          "ratelimit-limit": "5000",
          "ratelimit-remaining": "0",
          "ratelimit-reset": String(Math.ceil(nowMs / 1000) + 60),
          "ratelimit-policy": "5000;w=3600",
        });
      return {
        body: limited
          ? { error: "RateLimitExceeded", message: "Rate Limit Exceeded" }
          : { error: "InternalServerError", message: "Internal Server Error" },
        headers,
      };
    case "mastodon":
      // api/rate-limits: X-RateLimit-Reset is an ISO 8601 time (wall clock); errors are {"error": "..."}.
      if (limited)
        Object.assign(headers, {
          "X-RateLimit-Limit": "300",
          "X-RateLimit-Remaining": "0",
          "X-RateLimit-Reset": new Date(nowMs + 60_000).toISOString(),
        });
      return {
        body: { error: limited ? "Too many requests" : "We're sorry, but something went wrong on our end." },
        headers,
      };
    case "tiktok":
      // Content Posting API errors: {data, error: {code, message, log_id}}.
      return {
        body: {
          data: {},
          error: limited
            ? { code: "rate_limit_exceeded", message: "API rate limit was exceeded.", log_id: "EmuFault429" }
            : {
                code: "internal_error",
                message: "Something went wrong. Please try again later.",
                log_id: "EmuFault5xx",
              },
        },
        headers,
      };
    case "pinterest":
      // Pinterest.Lib.Error; x-ratelimit-reset counts the seconds to the window's end.
      if (limited)
        Object.assign(headers, { "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "60" });
      return {
        body: limited
          ? { code: 8, message: "You have exceeded your rate limit. Try again later." }
          : { code: 0, message: "Something went wrong on our end. Sorry about that." },
        headers,
      };
    default: // openai
      if (limited) {
        Object.assign(headers, {
          "x-ratelimit-limit-requests": "5000",
          "x-ratelimit-remaining-requests": "0",
          "x-ratelimit-reset-requests": "60s",
          "x-ratelimit-limit-tokens": "4000000",
          "x-ratelimit-remaining-tokens": "4000000",
          "x-ratelimit-reset-tokens": "0s",
        });
      }
      return {
        body: {
          error: limited
            ? {
                message:
                  "Rate limit reached for requests per min (RPM): Limit 5000, Used 5000, Requested 1. Please try again in 60s.",
                type: "requests",
                param: null,
                code: "rate_limit_exceeded",
              }
            : {
                message: "The server had an error while processing your request. Sorry about that!",
                type: "server_error",
                param: null,
                code: null,
              },
        },
        headers,
      };
  }
}

export const faultMiddleware = createMiddleware<EmuEnv>(async (c, next) => {
  const host = c.req.param("host") ?? "";
  const platform = platformOfHost(host);
  // A browser navigating to a consent page (www.linkedin.com serves both the page and the token API) is never faulted.
  if (!platform || (c.req.header("Accept") ?? "").includes("text/html")) return next();
  const path = (c.req.path.slice(`/sandbox/${host}`.length) || "/") + new URL(c.req.url).search;
  const fault = await takeFault(c.var.db, platform, { method: c.req.method, path });
  if (!fault) return next();
  switch (fault.mode) {
    case "429":
    case "500": {
      const status = fault.mode === "429" ? 429 : 500;
      const { body, headers } = faultResponse(platform, c.req.path, status, Date.now());
      return new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json", ...headers },
      });
    }
    case "timeout":
      return c.text("Gateway Timeout", 504);
    case "drop":
      await next();
      c.res = new Response("Bad Gateway", { status: 502, headers: { "Content-Type": "text/plain" } });
      return;
  }
});
