import { getMultipartBoundary, parseMultipartStream } from "@remix-run/multipart-parser";
import type { Context } from "hono";

/** Small request helpers shared by the LinkedIn, Google and X sub-apps. */

export function bearer(c: Context): string | null {
  const h = c.req.header("Authorization");
  return h?.startsWith("Bearer ") ? h.slice(7).trim() : null;
}

/** Client credentials sent as HTTP Basic or as client_id/client_secret in the form (PLATFORMS.md §0 accepts both). */
export function clientCredentials(
  c: Context,
  form: FormData | URLSearchParams,
): { clientId: string | null; clientSecret: string | null } {
  const h = c.req.header("Authorization");
  if (h?.startsWith("Basic ")) {
    const [id, ...rest] = atob(h.slice(6)).split(":");
    return { clientId: decodeURIComponent(id ?? ""), clientSecret: decodeURIComponent(rest.join(":")) };
  }
  return { clientId: str(form.get("client_id")), clientSecret: str(form.get("client_secret")) };
}

/**
 * A JSON body as an SDK sent it, or null when it is not an object (bad JSON, a scalar). Its fields are
 * read one by one and checked where they are used, as the platforms do, so it is typed loosely on purpose.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above; every field is checked at its use.
export type JsonBody = Record<string, any>;

export async function jsonBody(c: Context): Promise<JsonBody | null> {
  try {
    const v: unknown = await c.req.json();
    return v && typeof v === "object" ? (v as JsonBody) : null;
  } catch {
    return null;
  }
}

function str(v: unknown): string | null {
  return typeof v === "string" && v ? v : null;
}

/** Absolute URL of this emulator's copy of `host` (upload URLs and Locations point back at the emulator). */
export function selfUrl(c: Context, host: string, path: string): string {
  return `${new URL(c.req.url).origin}/sandbox/${host}${path}`;
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)). */
export async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function scopeList(scopes: string): string[] {
  return scopes.split(/[\s,]+/).filter(Boolean);
}

/** The kind of image the bytes are, by magic number; null when they are not an image we know. */
export function sniffImage(bytes: Uint8Array): "image/jpeg" | "image/png" | "image/gif" | "image/webp" | null {
  const hex = [...bytes.subarray(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
  if (hex.startsWith("ffd8ff")) return "image/jpeg";
  if (hex.startsWith("89504e47")) return "image/png";
  if (hex.startsWith("47494638")) return "image/gif";
  if (hex.startsWith("52494646") && hex.slice(16, 24) === "57454250") return "image/webp";
  return null;
}

/**
 * A query parameter as real SDKs send lists: repeated (`part=snippet&part=statistics`, googleapis) or
 * comma-joined (`part=snippet,statistics`), or both at once.
 */
export function queryList(c: Context, name: string): string[] {
  return (c.req.queries(name) ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

export interface BodyPart {
  name: string | null;
  filename: string | null;
  type: string | null;
  bytes: Uint8Array;
}

/** Largest multipart body the emulator reads: Graph's and X's documented per-request ceilings are below it. */
const MULTIPART_MAX_BYTES = 512 * 1024 * 1024;

/**
 * Every part of a multipart body (form-data or related), binary-safe. The platform's own parsers keep a
 * part's bytes whether or not it names a file; `Request.formData()` would decode a part without a
 * filename as text and corrupt binary media.
 */
export async function multipartParts(req: Request): Promise<BodyPart[] | null> {
  const boundary = getMultipartBoundary(req.headers.get("Content-Type") ?? "");
  if (!boundary || !req.body) return null;
  const parts: BodyPart[] = [];
  for await (const part of parseMultipartStream(req.body, {
    boundary,
    maxFileSize: MULTIPART_MAX_BYTES,
    maxTotalSize: MULTIPART_MAX_BYTES,
  })) {
    parts.push({
      name: part.name ?? null,
      filename: part.filename ?? null,
      type: part.mediaType ?? null,
      bytes: part.bytes,
    });
  }
  return parts;
}

/**
 * The parameters of an OAuth-style POST: form-encoded, multipart or JSON. RFC 6749 says form, but widely
 * used SDKs send JSON to some token endpoints (X's) and the platform accepts it.
 */
export async function readLooseParams(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(body ?? {})) if (v !== undefined && v !== null) out.set(k, String(v));
    return out;
  }
  if (type.includes("multipart/")) {
    const out = new URLSearchParams();
    for (const part of (await multipartParts(c.req.raw)) ?? [])
      if (part.name) out.set(part.name, new TextDecoder().decode(part.bytes));
    return out;
  }
  return new URLSearchParams(await c.req.text());
}
