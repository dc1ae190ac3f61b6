import { SHARD_WARN_SHARE, type ShardSize } from "../db/shard-size";
import { configIssues, endpointOverrides, platformCredentials } from "../env";
import { FIXED_API_VERSIONS, OAUTH_SCOPES, PLATFORM_PROFILES, PLATFORMS, type Platform } from "../platform-profile";
import {
  callbackUrl,
  createPlatformRegistry,
  resolveEndpoints,
  type VersionReport,
  versionReports,
} from "../platforms";

/**
 * The going-live check (`npm run check:setup`, Settings → Developer): is this configuration ready to publish to
 * the real platforms? Pure: it reads variables (never prints a secret's value) and builds each platform's
 * consent URL with the real clients to show what they will request and where they will send the browser back.
 */
export interface SetupProblem {
  problem: string;
  fix: string;
}

export interface PlatformSetup {
  platform: Platform;
  brand: string;
  /** ready: both credentials set; not_offered: neither (the platform is hidden); problem: see problems. */
  state: "ready" | "not_offered" | "problem";
  /** The redirect URI to register in the platform's developer app, exactly. */
  redirectUri: string;
  /** The permissions the connect flow requests (the app must be approved for them). */
  scopes: string[];
  problems: SetupProblem[];
}

export interface SetupReport {
  ready: boolean;
  mode: string;
  appOrigin: string;
  /** Problems of the deployment as a whole (mode, secrets, origin). */
  problems: SetupProblem[];
  platforms: PlatformSetup[];
  /** Each dated API version the clients call, its end, and a warning WARN_DAYS before it (ADR 051). */
  versions: VersionReport[];
  /** The versions that are part of the clients' paths, with no end announced. */
  fixedVersions: typeof FIXED_API_VERSIONS;
  /** Each workspace database's size against D1's limit, with a warning from 70 % (ADR 081); empty offline. */
  shards: ShardReport[];
}

export interface ShardReport extends ShardSize {
  warning?: string;
}

/** A shard row, warned from SHARD_WARN_SHARE of D1's limit: new workspaces then need another shard. */
export function shardReport(size: ShardSize): ShardReport {
  if (size.share < SHARD_WARN_SHARE) return size;
  const gb = (size.bytes / 1e9).toFixed(1);
  return {
    ...size,
    warning: `${size.shard} holds ${gb} GB, ${Math.round(size.share * 100)} % of D1's 10 GB: add a shard (a D1 binding listed in WORKSPACE_DBS) so new workspaces go there, or move a large workspace.`,
  };
}

type Vars = Record<string, unknown>;

const text = (vars: Vars, key: string) => {
  const v = vars[key];
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
};

/** The variable the Instagram row's app is: Instagram Login has its own app; Facebook Login uses the Meta app. */
const INSTAGRAM_VARIANT = "instagram-only";

/**
 * `vars`: the Worker's variables and secrets. `origin`: the origin this deployment answers on, when known
 * (the Settings page), which APP_ORIGIN must equal. `now`: the day the API versions are judged on. `shards`:
 * the workspace databases' sizes, when the check runs beside them (the Worker's route).
 */
export function checkSetup(
  vars: Vars,
  opts: { origin?: string; now?: number; shards?: ShardSize[] } = {},
): SetupReport {
  const now = opts.now ?? Date.now();
  const mode = text(vars, "PLATFORMS_MODE") ?? "(unset)";
  const appOrigin = text(vars, "APP_ORIGIN") ?? "http://localhost:8787";
  const problems: SetupProblem[] = [];
  if (mode !== "live")
    problems.push({
      problem: `PLATFORMS_MODE is ${mode}: posts go to the built-in emulator, not the real platforms.`,
      fix: 'Set PLATFORMS_MODE = "live" in the deployment\'s [vars].',
    });
  // The configuration as it would run live: workers/env.ts refuses the development secrets there.
  for (const issue of configIssues({ ...vars, PLATFORMS_MODE: "live" }))
    problems.push({ problem: `${issue.key} ${issue.message}.`, fix: fixFor(issue.key) });
  problems.push(...originProblems(appOrigin, opts.origin));
  if (text(vars, "DEV_ROUTES") === "true")
    problems.push({
      problem: "DEV_ROUTES is true: the emulator (/sandbox) and the dev mailbox are served.",
      fix: "Remove DEV_ROUTES from the deployment's variables (only local runs set it).",
    });

  const platforms = PLATFORMS.map((p) => platformSetup(vars, p, appOrigin, now));
  const versions = versionReports(endpointOverrides(vars), now);
  // An ended or unreleased version stops publishing; a warning leaves the deployment ready.
  for (const v of versions) if (v.state === "error") problems.push({ problem: v.message, fix: v.fix ?? "" });
  if (!platforms.some((p) => p.state === "ready"))
    problems.push({
      problem: "No platform has app credentials: nothing can be connected.",
      fix: "Set <PLATFORM>_CLIENT_ID and <PLATFORM>_CLIENT_SECRET for each platform you publish to.",
    });
  return {
    ready: problems.length === 0 && platforms.every((p) => p.state !== "problem"),
    mode,
    appOrigin,
    problems,
    platforms,
    versions,
    fixedVersions: FIXED_API_VERSIONS,
    shards: (opts.shards ?? []).map(shardReport),
  };
}

function fixFor(key: string): string {
  if (key === "TOKEN_ENCRYPTION_KEY")
    return "Generate 32 random bytes (`openssl rand -base64 32`) and `wrangler secret put TOKEN_ENCRYPTION_KEY`.";
  if (key === "SESSION_SECRET")
    return "Generate a long random value (`openssl rand -base64 48`) and `wrangler secret put SESSION_SECRET`.";
  return `Set ${key} in the deployment's [vars] (or as a secret with \`wrangler secret put ${key}\`).`;
}

function originProblems(appOrigin: string, served: string | undefined): SetupProblem[] {
  let url: URL;
  try {
    url = new URL(appOrigin);
  } catch {
    return []; // configIssues already names APP_ORIGIN
  }
  const out: SetupProblem[] = [];
  if (url.protocol !== "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname))
    out.push({
      problem: `APP_ORIGIN is ${appOrigin}: platforms send the browser back there after consent and fetch media from it.`,
      fix: "Set APP_ORIGIN to the deployment's public https URL, e.g. https://postline.example.com.",
    });
  if (served && new URL(served).origin !== url.origin)
    out.push({
      problem: `This deployment answers on ${served}, but APP_ORIGIN is ${appOrigin}: redirect URIs and media links would not match.`,
      fix: `Set APP_ORIGIN = "${served}".`,
    });
  return out;
}

/**
 * Networks a deployment needs no developer app for, so they are always offered: Mastodon registers Postline on
 * each instance at connect time (ADR 059); Bluesky signs in with the user's handle and an app password (ADR 060).
 */
const NO_APP_TO_REGISTER = ["mastodon", "bluesky"] as const;
const needsNoApp = (p: Platform): p is (typeof NO_APP_TO_REGISTER)[number] =>
  (NO_APP_TO_REGISTER as readonly Platform[]).includes(p);

function platformSetup(vars: Vars, platform: Platform, appOrigin: string, now: number): PlatformSetup {
  const brand = PLATFORM_PROFILES[platform].brand;
  const key = platform.toUpperCase();
  const id = text(vars, `${key}_CLIENT_ID`);
  const secret = text(vars, `${key}_CLIENT_SECRET`);
  const redirectUri = callbackUrl(appOrigin, platform);
  const problems: SetupProblem[] = [];
  if (!!id !== !!secret) {
    const [set, unset] = id
      ? [`${key}_CLIENT_ID`, `${key}_CLIENT_SECRET`]
      : [`${key}_CLIENT_SECRET`, `${key}_CLIENT_ID`];
    problems.push({
      problem: `${set} is set but ${unset} is not.`,
      fix: `Copy it from the ${brand} developer app: \`wrangler secret put ${unset}\`.`,
    });
  }
  let scopes: string[] = [];
  try {
    scopes = requestedScopes(vars, platform, redirectUri, now);
  } catch (err) {
    problems.push({
      problem: `The ${brand} consent URL cannot be built: ${err instanceof Error ? err.message : String(err)}`,
      fix: "Check this platform's endpoint overrides.",
    });
  }
  const state = problems.length ? "problem" : (id && secret) || needsNoApp(platform) ? "ready" : "not_offered";
  return { platform, brand, state, redirectUri, scopes, problems };
}

/** What the real client asks for: its consent URL's scope list (placeholder credentials when none are set). */
function requestedScopes(vars: Vars, platform: Platform, redirectUri: string, now: number): string[] {
  const registry = createPlatformRegistry({
    endpoints: resolveEndpoints(endpointOverrides(vars), "live", new URL(redirectUri).origin, now),
    fetch: () => Promise.reject(new Error("the setup check makes no platform calls")),
    credentials: platformCredentials({}, true),
    now: () => 0,
    sleep: async () => {},
  });
  if (needsNoApp(platform)) return OAUTH_SCOPES[platform];
  const url = registry[platform].authorizeUrl({
    state: "setup-check",
    redirectUri,
    codeVerifier: "setup-check".padEnd(43, "0"),
    variant: platform === "instagram" ? INSTAGRAM_VARIANT : undefined,
  });
  return (url.searchParams.get("scope") ?? "").split(/[\s,]+/).filter(Boolean);
}
