import { env } from "cloudflare:test";
import { expect } from "vitest";
import { emulator } from "../emulator";
import type { ClientDeps } from "../platforms/registry";
import { resolveEndpoints } from "../platforms/resolve-endpoints";
import { createSandboxFetch } from "../platforms/sandbox-fetch";
import { PlatformError, type PublishMedia } from "../platforms/types";
import { raw } from "./oauth";

/** Platform clients wired to the in-process emulator exactly as services.ts does in sandbox mode. */
export const ORIGIN = "http://localhost";
export const sandboxFetch = createSandboxFetch((r) => emulator.fetch(r, env), ORIGIN);

export function sandboxDeps(): ClientDeps {
  return {
    endpoints: resolveEndpoints({}, "sandbox", ORIGIN, Date.now()),
    fetch: sandboxFetch,
    credentials: {
      linkedin: { clientId: "li-test-app", clientSecret: "li-test-secret" },
      youtube: { clientId: "yt-test-app", clientSecret: "yt-test-secret" },
      google_business: { clientId: "gbp-test-app", clientSecret: "gbp-test-secret" },
      twitter: { clientId: "x-test-app", clientSecret: "x-test-secret" },
      pinterest: { clientId: "pin-test-app", clientSecret: "pin-test-secret" },
    },
    now: Date.now,
    sleep: async () => {},
  };
}

export async function clearFaults() {
  await raw("/sandbox/faults", { method: "DELETE" });
}

/** Walks the emulator's consent page like a browser: GET the form, POST it back with a decision. */
export async function consent(
  authorizeUrl: URL,
  opts: { choices?: string[]; decision?: "approve" | "deny"; withhold?: string[] } = {},
) {
  const page = await sandboxFetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`consent page ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const form = new FormData();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(name!, unescapeHtml(value!));
  const choices = opts.choices ?? [html.match(/name="choice" value="([^"]+)"/)![1]!];
  for (const ch of choices) form.append("choice", ch);
  // Permission checkboxes come ticked, like a browser submitting the page; `withhold` unticks some.
  for (const [, scope] of html.matchAll(/name="grant_scope" value="([^"]+)" checked/g))
    if (!opts.withhold?.includes(scope!)) form.append("grant_scope", scope!);
  form.set("decision", opts.decision ?? "approve");
  const res = await sandboxFetch(new URL(authorizeUrl.pathname, ORIGIN), {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`consent POST ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get("Location")!);
}

function unescapeHtml(s: string) {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function media(kind: "image" | "video", mimeType: string, bytes: Uint8Array, altText?: string): PublishMedia {
  return {
    kind,
    url: `${ORIGIN}/media/test`,
    mimeType,
    size: bytes.length,
    altText,
    open: async () => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(),
  };
}

/** A PNG signature followed by filler: enough for the emulators' type sniffing. */
export function pngBytes(size = 2048): Uint8Array {
  const b = new Uint8Array(size).fill(7);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return b;
}

/** An MP4-looking file (`ftyp` box at offset 4). */
export function mp4Bytes(size: number): Uint8Array {
  const b = new Uint8Array(size).fill(3);
  b.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  return b;
}

/** The PlatformError a client call ends with (the test fails when it resolves or throws anything else). */
export async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}
