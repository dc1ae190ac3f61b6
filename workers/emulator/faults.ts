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
  twitter: ["api.x.com"],
  openai: ["api.openai.com"],
};

const META = new Set(["facebook", "instagram", "threads"]);

export const faultSchema = z.object({
  platform: z.enum(Object.keys(API_HOSTS) as [string, ...string[]], { message: `platform must be one of ${Object.keys(API_HOSTS).join(", ")}` }),
  mode: z.enum(["429", "500", "timeout", "drop"], { message: "mode must be one of 429, 500, timeout, drop" }),
  count: z.number().int().min(0).max(1000).default(1),
  method: z.enum(["GET", "POST", "PUT", "DELETE", "PATCH"], { message: "method must be one of GET, POST, PUT, DELETE, PATCH" }).optional(),
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
  const fault = { mode: input.mode, remaining: input.count, method: input.method ?? null, pathPattern: input.path ?? null, skip: input.after };
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
  const armed = await db.select().from(emuFaults).where(and(eq(emuFaults.platform, platform), gt(emuFaults.remaining, 0))).get();
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

function faultBody(platform: string, status: number): unknown {
  if (META.has(platform)) {
    return status === 429
      ? { error: { message: "(#4) Application request limit reached", type: "OAuthException", code: 4, is_transient: true, fbtrace_id: "EmuFault429" } }
      : { error: { message: "An unexpected error has occurred. Please retry your request later.", type: "OAuthException", code: 2, is_transient: true, fbtrace_id: "EmuFault5xx" } };
  }
  return status === 429 ? { title: "Too Many Requests", status: 429, detail: "Too Many Requests" } : { error: { message: "Internal error", code: status } };
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
    case "429": {
      // Each family's own rate-limit headers. x-rate-limit-reset is wall-clock epoch seconds, not the emulator clock.
      const headers: Record<string, string> = { "Retry-After": "60" };
      if (META.has(platform)) headers["X-App-Usage"] = JSON.stringify({ call_count: 100, total_time: 40, total_cputime: 40 });
      if (platform === "twitter") {
        headers["x-rate-limit-limit"] = "100";
        headers["x-rate-limit-remaining"] = "0";
        headers["x-rate-limit-reset"] = String(Math.ceil(Date.now() / 1000) + 60);
      }
      return c.json(faultBody(platform, 429), 429, headers);
    }
    case "500":
      return c.json(faultBody(platform, 500), 500);
    case "timeout":
      return c.text("Gateway Timeout", 504);
    case "drop":
      await next();
      c.res = new Response("Bad Gateway", { status: 502, headers: { "Content-Type": "text/plain" } });
      return;
  }
});
