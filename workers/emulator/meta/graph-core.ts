import type { EmuContext } from "../context";
import { type BodyPart, multipartParts, scopeList } from "../request";
import { checkToken, type TokenRow } from "../tokens";
import { graphVersionServed, newestGraphVersion } from "../versions";

/** What every emulated Graph-style host (graph.facebook.com, graph.instagram.com, graph.threads.net) shares. */

export class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number,
    readonly subcode?: number,
    readonly userTitle?: string,
    readonly userMsg?: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

export function graphErrorResponse(c: EmuContext, err: GraphError): Response {
  const error: Record<string, unknown> = {
    message: err.message,
    type: "OAuthException",
    code: err.code,
    is_transient: err.transient,
    fbtrace_id: `Emu${Math.floor(c.var.now % 1e8)}`,
  };
  if (err.subcode !== undefined) error.error_subcode = err.subcode;
  if (err.userTitle) error.error_user_title = err.userTitle;
  if (err.userMsg) error.error_user_msg = err.userMsg;
  return c.json({ error }, err.status as 400);
}

/**
 * How long Meta takes to process a video on the emulator clock: half a minute, and a minute more per full
 * 10 MB, so a test's small clip is ready at once after a short wait and a bench's large one takes minutes.
 */
export function videoProcessingMs(bytes: number): number {
  return 30_000 + 60_000 * Math.floor(bytes / (10 * 1024 * 1024));
}

/** Graph parameters that carry a file; their multipart parts are bytes even when the part names no filename. */
const FILE_PARAMS = new Set(["source", "file", "thumb"]);

/**
 * Query, form, multipart and JSON parameters merged, as Graph accepts all of them. File parts of a
 * multipart body (a photo's `source`) land in `c.var.uploads`, not among the string parameters.
 */
export async function readParams(c: EmuContext): Promise<Record<string, string>> {
  const out: Record<string, string> = Object.fromEntries(new URL(c.req.url).searchParams);
  if (c.req.method === "GET" || c.req.method === "DELETE") return out;
  const type = c.req.header("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) out[k] = typeof v === "string" ? v : JSON.stringify(v);
  } else if (type.includes("multipart/")) {
    const uploads = new Map<string, BodyPart>();
    for (const part of (await multipartParts(c.req.raw).catch(() => null)) ?? []) {
      if (!part.name) continue;
      if (part.filename !== null || FILE_PARAMS.has(part.name)) uploads.set(part.name, part);
      else out[part.name] = new TextDecoder().decode(part.bytes);
    }
    c.set("uploads", uploads);
  } else if (type.includes("form")) {
    const form = await c.req.formData();
    for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
  }
  return out;
}

export function tokenFrom(c: EmuContext, params: Record<string, string>): string | null {
  const header = c.req.header("Authorization");
  if (header) {
    const [scheme, value] = header.split(/\s+/, 2);
    if (scheme && /^(Bearer|OAuth)$/i.test(scheme) && value) return value;
  }
  return params.access_token ?? null;
}

/** Graph's answers to a missing, unknown or expired token (code 190, subcode 463 when expired). */
export async function requireToken(c: EmuContext, platform: string, params: Record<string, string>): Promise<TokenRow> {
  const token = tokenFrom(c, params);
  if (!token)
    throw new GraphError(400, "An active access token must be used to query information about the current user.", 2500);
  const check = await checkToken(c.var.db, platform, token, c.var.now);
  if (check.ok) return check.row;
  if (check.reason === "expired") {
    const at = new Date(check.row!.expiresAt!).toUTCString();
    throw new GraphError(
      400,
      `Error validating access token: Session has expired on ${at}. The current time is ${new Date(c.var.now).toUTCString()}.`,
      190,
      463,
    );
  }
  throw new GraphError(400, "Invalid OAuth access token - Cannot parse access token", 190);
}

/**
 * Graph's refusal when the token lacks a permission the call needs (§1.3 codes 10 and 200-299): the app
 * was granted the login but not this permission. Pages publishing answers (#200), Instagram and Threads (#10).
 */
export function requirePermission(token: TokenRow, permission: string, refusal: GraphError): void {
  if (!scopeList(token.scopes).includes(permission)) throw refusal;
}

export const noPagePublishPermission = () =>
  new GraphError(
    403,
    "(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission",
    200,
  );

export const noAppPermission = () =>
  new GraphError(403, "(#10) Application does not have permission for this action", 10);

export function objectNotFound(id: string): GraphError {
  return new GraphError(
    400,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    100,
    33,
  );
}

/**
 * Graph path segments after an optional `vNN.N` version. On the Graph API's own hosts (`versioned`: graph.facebook.com,
 * graph.instagram.com) the version must be one Meta released: a retired one is answered by the oldest usable
 * version, and every answer names the version that served it in `facebook-api-version`, as Graph's do.
 */
export function graphSegments(c: EmuContext, mount: string, versioned = false): string[] {
  const rest = c.req.path.slice(mount.length).split("/").filter(Boolean).map(decodeURIComponent);
  const requested = rest[0] && /^v\d+\.\d+$/.test(rest[0]) ? rest.shift() : undefined;
  if (versioned) {
    const served = requested ? graphVersionServed(requested, c.var.now) : newestGraphVersion(c.var.now);
    if (!served) throw new GraphError(400, `Unknown path components: /${[requested, ...rest].join("/")}`, 2500);
    c.header("facebook-api-version", served);
  }
  return rest;
}

/** Usage headers like Meta's: a percentage of the hourly budget. The emulator never runs out on its own. */
export function usageHeaders(c: EmuContext, businessId?: string) {
  c.header("X-App-Usage", JSON.stringify({ call_count: 1, total_cputime: 1, total_time: 1 }));
  if (businessId) {
    c.header(
      "X-Business-Use-Case-Usage",
      JSON.stringify({
        [businessId]: [
          { type: "pages", call_count: 1, total_cputime: 1, total_time: 1, estimated_time_to_regain_access: 0 },
        ],
      }),
    );
  }
}

export function graphTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");
}

export function fieldsOf(params: Record<string, string>, fallback: string[]): Set<string> {
  const raw = params.fields;
  return new Set(raw ? raw.split(",").map((f) => f.trim().replace(/[.{(].*$/, "")) : fallback);
}

export function pick(obj: Record<string, unknown>, fields: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (obj[f] !== undefined) out[f] = obj[f];
  if (obj.id !== undefined) out.id = obj.id;
  return out;
}

/** A lifetime insights answer for `metrics` of object `id` (Graph's shape); a metric not in `value` is refused. */
export function lifetimeInsights(id: string, edge: string, metrics: string[], value: Record<string, unknown>) {
  return {
    data: metrics.map((name) => {
      if (!(name in value)) throw new GraphError(400, "(#100) The value must be a valid insights metric", 100);
      const row = { name, period: "lifetime", values: [{ value: value[name] }], title: name, description: name };
      return { ...row, id: `${id}/${edge}/${name}/lifetime` };
    }),
  };
}
