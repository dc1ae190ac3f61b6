import { and, desc, eq, sql } from "drizzle-orm";
import type { Context, Hono } from "hono";
import { html } from "hono/html";
import type { Db } from "../db/client";
import { emuCodes } from "../db/schema/emulator";
import type { EmuEnv } from "./context";
import { issueCode } from "./tokens";

/**
 * The consent screen every emulated platform shows at its real authorize path. GET renders it (with a
 * choice of demo account, page or organization); the form POSTs back to the same path, and the emulator
 * redirects to `redirect_uri` with a code (Approve) or `error=access_denied` (Deny), like the real thing.
 */
export interface ConsentChoice {
  id: string;
  label: string;
  detail?: string;
}

export interface ConsentOptions {
  /** Key the issued code is stored under; the token endpoint redeems with the same key. */
  platform: string;
  brand: string;
  /** The demo person who is "logged in" on this platform. */
  subject: string;
  choices: ConsentChoice[];
  /** Checkboxes (Facebook Pages) or a single radio choice. */
  multiple: boolean;
  /** Meta appends `#_` to the redirect. */
  fragment?: string;
  codeTtlMs: number;
  /** What the platform calls the app's id in the query (TikTok: client_key); client_id by default. */
  clientParam?: string;
  /** Query params the real endpoint requires besides client_id / redirect_uri / response_type. */
  required?: string[];
  /** Denial parameters, per platform. */
  deny?: Record<string, string>;
  /**
   * How a consent builds on the person's earlier ones for the same app:
   * - "meta": permissions are the app's, not the token's: a new token carries everything granted before plus
   *   what was ticked now, and a permission once declined is not offered again unless `auth_type=rerequest`
   *   (Facebook Login, "Handling missing permissions").
   * - "google": with `include_granted_scopes=true` the token also covers scopes granted before
   *   (Google's incremental authorization).
   * Without it, a token carries exactly what this consent granted.
   */
  incremental?: "meta" | "google";
  /**
   * Servers that require pushed authorization requests (PAR, RFC 9126): the page gets only client_id and
   * request_uri, and this gives back the pushed parameters (or the error page for an unknown or expired request).
   */
  pushed?: (c: Context<EmuEnv>, params: URLSearchParams) => Promise<URLSearchParams | Response>;
  /** Sent back as `iss` with every answer, where the server says so (RFC 9207; AT Protocol OAuth). */
  issuer?: string;
  /** A line about what the requested scopes reach, shown above the permissions (Google's Business Profile). */
  reach?: (scopes: string[]) => string | null;
}

/** Form fields of the permission checkboxes; a form without the marker (a client posting the authorize params itself) grants all. */
const GRANT = "grant_scope";
const SCOPE_CHOICE = "scope_choice";

const scopeList = (v: string | null | undefined) => (v ?? "").split(/[ ,]+/).filter(Boolean);

/** The permissions granted: the ticked subset of the offered ones, in the order they were asked for. */
export function grantedScopes(offered: string[], form: FormData): string[] {
  if (form.get(SCOPE_CHOICE) !== "1") return offered;
  const ticked = new Set(form.getAll(GRANT).filter((v): v is string => typeof v === "string"));
  return offered.filter((s) => ticked.has(s));
}

/**
 * What the person granted this app before: Meta keeps one permission set per app and person (the latest
 * consent's, with what was declined); Google accumulates every scope ever granted to the app.
 */
async function earlierConsent(
  db: Db,
  mode: NonNullable<ConsentOptions["incremental"]>,
  where: { platform: string; clientId: string; subject: string },
) {
  const rows = await db
    .select({ scopes: emuCodes.scopes, grant: emuCodes.grant })
    .from(emuCodes)
    .where(
      and(
        eq(emuCodes.platform, where.platform),
        eq(emuCodes.clientId, where.clientId),
        sql`json_extract(${emuCodes.grant}, '$.subject') = ${where.subject}`,
      ),
    )
    .orderBy(desc(emuCodes.expiresAt))
    .all();
  const granted = mode === "meta" ? scopeList(rows[0]?.scopes) : rows.flatMap((r) => scopeList(r.scopes));
  return { granted: [...new Set(granted)], declined: rows[0]?.grant.declined ?? [] };
}

/**
 * The consent's outcome under the platform's rules (ConsentOptions.incremental): which requested permissions
 * are offered as checkboxes, and, given the ticked ones, what the token carries and what stays declined.
 */
export function consentRules(
  mode: ConsentOptions["incremental"],
  params: URLSearchParams,
  earlier: { granted: string[]; declined: string[] },
) {
  const requested = scopeList(params.get("scope"));
  const rerequest = mode === "meta" && params.get("auth_type") === "rerequest";
  const withheld = mode === "meta" && !rerequest ? requested.filter((s) => earlier.declined.includes(s)) : [];
  const offered = requested.filter((s) => !withheld.includes(s));
  return {
    offered,
    withheld,
    outcome(ticked: string[]) {
      const declinedNow = offered.filter((s) => !ticked.includes(s));
      if (mode === "meta")
        return {
          scopes: union(earlier.granted, ticked).filter((s) => !declinedNow.includes(s)),
          declined: union(earlier.declined, declinedNow).filter((s) => !ticked.includes(s)),
        };
      const keep = mode === "google" && params.get("include_granted_scopes") === "true";
      return { scopes: keep ? union(earlier.granted, ticked) : ticked, declined: declinedNow };
    },
  };
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

const DEFAULT_DENY = {
  error: "access_denied",
  error_reason: "user_denied",
  error_description: "The user denied your request",
};

function page(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:flex;justify-content:center;padding:40px 12px}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:460px;width:100%;padding:28px}
h1{font-size:20px;margin:0 0 6px}.muted{color:#6b7280;font-size:14px}label.scope{display:block;font-size:14px;margin:4px 0}label.choice{display:flex;gap:10px;align-items:flex-start;border:1px solid #e5e7eb;border-radius:8px;padding:10px;margin:8px 0;cursor:pointer}
ul{padding-left:18px;font-size:14px}.row{display:flex;gap:10px;margin-top:20px}button{flex:1;padding:10px;border-radius:8px;border:1px solid #d1d5db;font-size:15px;cursor:pointer}
button.primary{background:#2563eb;color:#fff;border-color:#2563eb}.banner{background:#fef3c7;border-radius:6px;padding:6px 10px;font-size:12px;margin-bottom:14px}</style>
</head><body><main><div class="banner">Postline sandbox: emulated consent screen, no real account is used.</div>${body}</main></body></html>`;
}

export function mountConsent(app: Hono<EmuEnv>, path: string, opts: ConsentOptions) {
  const clientParam = opts.clientParam ?? "client_id";
  const required = [clientParam, "redirect_uri", "response_type", ...(opts.required ?? [])];

  function problem(params: URLSearchParams): string | null {
    for (const key of required) if (!params.get(key)) return `Missing required parameter: ${key}`;
    if (params.get("response_type") !== "code") return "response_type must be code";
    try {
      const u = new URL(params.get("redirect_uri")!);
      if (u.protocol !== "https:" && u.protocol !== "http:") return "Invalid redirect_uri";
    } catch {
      return "Invalid redirect_uri";
    }
    return null;
  }

  const rulesFor = async (c: Context<EmuEnv>, params: URLSearchParams) =>
    consentRules(
      opts.incremental,
      params,
      opts.incremental
        ? await earlierConsent(c.var.db, opts.incremental, {
            platform: opts.platform,
            clientId: params.get(clientParam)!,
            subject: opts.subject,
          })
        : { granted: [], declined: [] },
    );

  app.get(path, async (c) => {
    const params = opts.pushed
      ? await opts.pushed(c, new URL(c.req.url).searchParams)
      : new URL(c.req.url).searchParams;
    if (params instanceof Response) return params;
    const error = problem(params);
    if (error) return c.html(page("Error", html`<h1>Something went wrong</h1><p class="muted">${error}</p>`), 400);
    const { offered: scopes, withheld } = await rulesFor(c, params);
    const reach = opts.reach?.(scopes) ?? null;
    const hidden = [...params.entries()].map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
    const inputType = opts.multiple ? "checkbox" : "radio";
    const choices = opts.choices.map(
      (
        ch,
        i,
      ) => html`<label class="choice"><input type="${inputType}" name="choice" value="${ch.id}" ${i === 0 ? "checked" : ""}>
<span><strong>${ch.label}</strong>${ch.detail ? html`<br><span class="muted">${ch.detail}</span>` : ""}</span></label>`,
    );
    return c.html(
      page(
        `Log in with ${opts.brand}`,
        html`<h1>${opts.brand}</h1><p class="muted">An app (client id ${params.get(clientParam)}) wants to access your account.</p>
<form method="post" action="${new URL(c.req.url).pathname}">${hidden}
<p><strong>${opts.multiple ? "Choose what the app can use" : "Continue as"}</strong></p>${choices}
${reach ? html`<p class="muted">${reach}</p>` : ""}
${
  scopes.length
    ? html`<p class="muted">It asks for these permissions; untick any you do not want to give:</p><input type="hidden" name="${SCOPE_CHOICE}" value="1">
${scopes.map((s) => html`<label class="scope"><input type="checkbox" name="${GRANT}" value="${s}" checked> ${s}</label>`)}`
    : ""
}${
  withheld.length
    ? html`<p class="muted">You declined these before; the app must ask again (auth_type=rerequest) to request them: ${withheld.join(", ")}</p>`
    : ""
}
<div class="row"><button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="approve" class="primary">Approve</button></div></form>`,
      ),
    );
  });

  app.post(path, async (c) => {
    const form = await c.req.formData();
    const posted = new URLSearchParams();
    for (const [k, v] of form.entries())
      if (typeof v === "string" && k !== "choice" && k !== "decision" && k !== GRANT && k !== SCOPE_CHOICE)
        posted.set(k, v);
    const params = opts.pushed ? await opts.pushed(c, posted) : posted;
    if (params instanceof Response) return params;
    const error = problem(params);
    if (error) return c.html(page("Error", html`<h1>Something went wrong</h1><p class="muted">${error}</p>`), 400);
    const target = new URL(params.get("redirect_uri")!);
    if (opts.issuer) target.searchParams.set("iss", opts.issuer);
    const state = params.get("state");
    if (form.get("decision") !== "approve") {
      for (const [k, v] of Object.entries(opts.deny ?? DEFAULT_DENY)) target.searchParams.set(k, v);
      if (state) target.searchParams.set("state", state);
      return c.redirect(target.toString(), 302);
    }
    const valid = new Set(opts.choices.map((ch) => ch.id));
    const selected = form.getAll("choice").filter((v): v is string => typeof v === "string" && valid.has(v));
    if (selected.length === 0) return c.html(page("Error", html`<h1>Choose at least one option</h1>`), 400);
    const rules = await rulesFor(c, params);
    const { scopes, declined } = rules.outcome(grantedScopes(rules.offered, form));
    const code = await issueCode(c.var.db, {
      platform: opts.platform,
      clientId: params.get(clientParam)!,
      redirectUri: params.get("redirect_uri")!,
      scopes: scopes.join(" "),
      codeChallenge: params.get("code_challenge"),
      grant: {
        subject: opts.subject,
        selected: opts.multiple ? selected : selected.slice(0, 1),
        declined,
        ...(opts.pushed && { request: params.get("request_uri") ?? undefined }),
      },
      now: c.var.now,
      ttlMs: opts.codeTtlMs,
    });
    target.searchParams.set("code", code);
    if (state) target.searchParams.set("state", state);
    return c.redirect(target.toString() + (opts.fragment ?? ""), 302);
  });
}
