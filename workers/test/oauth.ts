import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { D1InstanceApps } from "../accounts/instance-apps";
import { AccountsService } from "../accounts/service";
import { TokenCipher } from "../accounts/token-crypto";
import { createDb, type Db } from "../db/client";
import { emulator } from "../emulator";
import { platformCredentials } from "../env";
import { type ClientDeps, createPlatformRegistry } from "../platforms/registry";
import { resolveEndpoints } from "../platforms/resolve-endpoints";
import { createSandboxFetch } from "../platforms/sandbox-fetch";
import { ChannelHolds } from "../publishing/holds";
import { ORIGIN } from "./helpers";

/** Drives a real consent through the Worker and the emulator: start → consent page → form POST → callback. */

export async function raw(
  path: string,
  opts: { cookie?: string; method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.Cookie = opts.cookie;
  return SELF.fetch(path.startsWith("http") ? path : `${ORIGIN}${path}`, {
    method: opts.method ?? "GET",
    headers,
    body: opts.body,
    redirect: "manual",
  });
}

export interface ConsentRun {
  authUrl: URL;
  callback: string;
  settings: URL;
}

/** Connects `platform` for the user behind `cookie`; `choices` picks demo pages/accounts, `decision` approves or denies. */
export async function connectViaEmulator(
  cookie: string,
  platform: string,
  opts: {
    variant?: string;
    choices?: string[];
    decision?: "approve" | "deny";
    withhold?: string[];
    /** The id of the account the Reconnect button reconnects. */
    reconnect?: string;
    /** The server the user names (Mastodon; mastodon.social unless said). */
    instance?: string;
  } = {},
): Promise<ConsentRun & { html: string }> {
  const q = new URLSearchParams();
  if (opts.variant) q.set("variant", opts.variant);
  if (opts.reconnect) q.set("reconnect", opts.reconnect);
  const instance = opts.instance ?? (platform === "mastodon" && !opts.reconnect ? "mastodon.social" : undefined);
  if (instance) q.set("instance", instance);
  const start = await raw(`/api/auth/${platform}${q.size ? `?${q}` : ""}`, { cookie });
  expect(start.status).toBe(302);
  const authUrl = new URL(start.headers.get("Location")!);
  const { html, callback } = await answerConsent(authUrl, opts);
  const done = await raw(callback, { cookie });
  expect(done.status).toBe(302);
  return { authUrl, callback, settings: new URL(done.headers.get("Location")!, ORIGIN), html };
}

/** Answers an emulator consent page as a person would; returns the page and the redirect back (no fragment). */
export async function answerConsent(
  authUrl: URL,
  opts: { choices?: string[]; decision?: "approve" | "deny"; withhold?: string[] } = {},
): Promise<{ html: string; callback: string }> {
  const page = await raw(authUrl.toString());
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Approve");
  const form = new URLSearchParams(authUrl.searchParams);
  const offered = [...html.matchAll(/name="choice" value="([^"]+)"/g)].map((m) => m[1]!);
  for (const choice of opts.choices ?? offered.slice(0, 1)) form.append("choice", choice);
  // `withhold` unticks those permission checkboxes on the consent page; otherwise all requested are granted.
  if (opts.withhold) {
    form.set("scope_choice", "1");
    for (const [, scope] of html.matchAll(/name="grant_scope" value="([^"]+)"/g))
      if (!opts.withhold.includes(scope!)) form.append("grant_scope", scope!);
  }
  form.set("decision", opts.decision ?? "approve");
  const consent = await raw(authUrl.origin + authUrl.pathname, {
    method: "POST",
    body: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(consent.status).toBe(302);
  return { html, callback: consent.headers.get("Location")!.replace(/#.*$/, "") };
}

export async function advanceEmulator(ms: number) {
  const res = await raw("/sandbox/clock", {
    method: "POST",
    body: JSON.stringify({ advanceMs: ms }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(200);
}

/**
 * Moves the emulator's clock to `into` ms past the start of its next `window` (a minute, a rate limit's five
 * minutes, a day): a test of a limit counted per fixed window then never straddles two, however slowly it runs.
 */
export async function startEmulatorWindow(window: number, into = 1_000) {
  const { now } = await (await raw("/sandbox/clock")).json<{ now: number }>();
  await advanceEmulator(window - (now % window) + into);
}

/** The emulator's Business Profile quota per API a minute: 0 is a project Google has not approved (ADR 065). */
export async function setBusinessProfileQuota(businessProfileQuota: number) {
  const res = await raw("/sandbox/settings", {
    method: "POST",
    body: JSON.stringify({ businessProfileQuota }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(200);
}

/** Arms the emulator's fault switch; `select` aims it at one call (method, path pattern, after N matching calls). */
export async function armFault(
  platform: string,
  mode: "429" | "500" | "timeout" | "drop",
  count = 1,
  select: { method?: string; path?: string; after?: number } = {},
) {
  const res = await raw("/sandbox/faults", {
    method: "POST",
    body: JSON.stringify({ platform, mode, count, ...select }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(200);
}

export const cipher = () => new TokenCipher(env.TOKEN_ENCRYPTION_KEY);

/**
 * The registry and accounts service as the publisher gets them, except that waiting between status polls
 * advances the emulator clock instead of sleeping, and the app clock can be moved with `shiftMs`. `db` is the
 * shard of the workspace whose accounts it serves (`drizzleOf`); only the registry needs none.
 */
export function platformHarness(deployment: Pick<ClientDeps, "tiktok"> = {}, db: Db = createDb(env.DB)) {
  const clock = { shiftMs: 0 };
  const now = () => Date.now() + clock.shiftMs;
  const registry = createPlatformRegistry({
    ...deployment,
    endpoints: resolveEndpoints({}, "sandbox", ORIGIN, Date.now()),
    fetch: createSandboxFetch((r) => emulator.fetch(r, env), ORIGIN),
    credentials: platformCredentials({}, true),
    now,
    sleep: advanceEmulator,
    instanceApps: new D1InstanceApps(createDb(env.DB), cipher(), now),
  });
  const holds = new ChannelHolds(db, now);
  const accounts = new AccountsService({
    db,
    registry,
    cipher: cipher(),
    now,
    origin: ORIGIN,
    emit: async () => {},
    holdChannels: (accountId, reason) => holds.holdForReconnect(accountId, reason),
  });
  return { clock, registry, accounts, db };
}
