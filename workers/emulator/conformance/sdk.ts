import { SELF } from "cloudflare:test";
import { expect } from "vitest";

/**
 * The conformance suite talks to the emulator the way another party's SDK would: raw HTTP to the real
 * paths under /sandbox/<host>, with the shapes those SDKs send, and nothing from our platform clients.
 */
export const REDIRECT = "http://localhost/conformance/callback";

export function emu(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return SELF.fetch(`http://localhost/sandbox/${host}${path}`, { redirect: "manual", ...init });
}

export const form = (values: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(values).toString(),
});

export const basic = (id: string, secret: string) => `Basic ${btoa(`${id}:${secret}`)}`;

/**
 * Completes a consent page as a person would: the authorize parameters, a choice of account, and the
 * permission checkboxes as ticked (`withhold` unticks some). Returns the code from the redirect.
 */
export async function consentCode(
  host: string,
  path: string,
  params: Record<string, string>,
  opts: { choice: string; withhold?: string[] },
): Promise<string> {
  const page = await emu(host, `${path}?${new URLSearchParams(params)}`, { headers: { Accept: "text/html" } });
  expect(page.status).toBe(200);
  const html = await page.text();
  const body = new URLSearchParams({ ...params, choice: opts.choice, decision: "approve", scope_choice: "1" });
  const offered = [...html.matchAll(/name="grant_scope" value="([^"]+)" checked/g)].map((m) => m[1]!);
  expect(offered.length).toBeGreaterThan(0);
  for (const scope of offered) if (!opts.withhold?.includes(scope)) body.append("grant_scope", scope);
  const res = await emu(host, path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: body.toString(),
  });
  expect(res.status).toBe(302);
  const code = new URL(res.headers.get("Location")!).searchParams.get("code");
  expect(code).toBeTruthy();
  return code!;
}

/** PKCE S256, computed here rather than borrowed from the emulator it checks. */
export async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A multipart body built by hand, so a part can go without a filename (as several SDKs send it). */
export function multipart(
  subtype: "form-data" | "related",
  parts: Array<{ name?: string; filename?: string; type?: string; body: string | Uint8Array }>,
) {
  const boundary = `conformance${crypto.randomUUID().replace(/-/g, "")}`;
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\n`;
    if (part.name)
      head += `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}\r\n`;
    if (part.type) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(
      enc.encode(`${head}\r\n`),
      typeof part.body === "string" ? enc.encode(part.body) : part.body,
      enc.encode("\r\n"),
    );
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return { body, contentType: `multipart/${subtype}; boundary=${boundary}` };
}

export async function armFault(platform: string, mode: "429" | "500", count = 1) {
  const res = await SELF.fetch("http://localhost/sandbox/faults", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ platform, mode, count }),
  });
  expect(res.status).toBe(200);
}

/** Moves the emulator's clock forward (processing times, expiries), as the sandbox's control does. */
export async function advanceClock(ms: number) {
  const res = await SELF.fetch("http://localhost/sandbox/clock", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(res.status).toBe(200);
}

/** `size` bytes that start like an MP4 (an ISO-BMFF `ftyp` box), for uploads that check the file's head. */
export function mp4Like(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  return bytes;
}
