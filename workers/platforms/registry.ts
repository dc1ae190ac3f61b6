import type { Platform } from "../db/schema/accounts";
import type { Endpoints } from "./endpoints";
import { createFacebookClient } from "./facebook";
import { createInstagramClient } from "./instagram";
import { createThreadsClient } from "./threads";
import { LinkedInClient } from "./linkedin";
import { XClient } from "./x";
import { YouTubeClient } from "./youtube";
import { PlatformError, type PlatformClient } from "./types";

export interface ClientDeps {
  endpoints: Endpoints;
  fetch: typeof fetch;
  /** OAuth client credentials per platform, from configuration. */
  credentials: Partial<Record<Platform, { clientId: string; clientSecret: string }>>;
  now: () => number;
  /** Waits between status polls; tests advance the emulator clock instead of sleeping. */
  sleep: (ms: number) => Promise<void>;
}

export type PlatformRegistry = Partial<Record<Platform, PlatformClient>>;

/** Builds one client per platform; feature code asks the registry, never a platform module. */
export function createPlatformRegistry(deps: ClientDeps): PlatformRegistry {
  return {
    instagram: createInstagramClient(deps),
    facebook: createFacebookClient(deps),
    threads: createThreadsClient(deps),
    linkedin: new LinkedInClient(deps),
    youtube: new YouTubeClient(deps),
    twitter: new XClient(deps),
  };
}

/**
 * Client id/secret per platform from `<PLATFORM>_CLIENT_ID` / `<PLATFORM>_CLIENT_SECRET` (FACEBOOK_* is
 * the Meta app, INSTAGRAM_* the Instagram app). In sandbox mode missing values fall back to fixed
 * sandbox credentials the emulator accepts; in live mode a platform without them is simply not offered.
 */
export function platformCredentials(env: Record<string, unknown>, sandbox: boolean): ClientDeps["credentials"] {
  const out: ClientDeps["credentials"] = {};
  for (const platform of ["instagram", "facebook", "twitter", "linkedin", "youtube", "threads"] as const) {
    const id = env[`${platform.toUpperCase()}_CLIENT_ID`];
    const secret = env[`${platform.toUpperCase()}_CLIENT_SECRET`];
    if (typeof id === "string" && id && typeof secret === "string" && secret) out[platform] = { clientId: id, clientSecret: secret };
    else if (sandbox) out[platform] = { clientId: `sandbox-${platform}-app`, clientSecret: `sandbox-${platform}-secret` };
  }
  return out;
}

/** A platform's OAuth client credentials, or a permanent error saying the server is not set up for it. */
export function credentialsFor(deps: ClientDeps, platform: Platform) {
  const creds = deps.credentials[platform];
  if (!creds) {
    const key = platform.toUpperCase();
    throw new PlatformError("permanent", `${platform} is not configured on this server: set ${key}_CLIENT_ID and ${key}_CLIENT_SECRET.`, { platform });
  }
  return creds;
}
