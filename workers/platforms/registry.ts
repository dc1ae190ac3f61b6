import type { Platform } from "../platform-profile";
import { BlueskyClient } from "./bluesky";
import type { Endpoints } from "./endpoints";
import { FacebookClient } from "./facebook";
import { GoogleBusinessClient } from "./google-business";
import { InstagramClient } from "./instagram";
import { LinkedInClient } from "./linkedin";
import { MastodonClient } from "./mastodon";
import { PinterestClient } from "./pinterest";
import { ThreadsClient } from "./threads";
import { TikTokClient } from "./tiktok";
import type { TikTokDeployment } from "./tiktok-settings";
import { type InstanceAppStore, type PlatformClient, PlatformError } from "./types";
import { XClient } from "./x";
import { YouTubeClient } from "./youtube";

export interface ClientDeps {
  endpoints: Endpoints;
  fetch: typeof fetch;
  /** OAuth client credentials per platform, from configuration. */
  credentials: Partial<Record<Platform, { clientId: string; clientSecret: string }>>;
  now: () => number;
  /** Waits between status polls; tests advance the emulator clock instead of sleeping. */
  sleep: (ms: number) => Promise<void>;
  /** App registrations per server, for networks where each server is its own platform (Mastodon, ADR 059). */
  instanceApps?: InstanceAppStore;
  /** How the TikTok app is registered (audit, verified URL prefixes); unset: audited, videos uploaded in chunks. */
  tiktok?: TikTokDeployment;
}

export type PlatformRegistry = Partial<Record<Platform, PlatformClient>>;

/** Builds one client per platform; feature code asks the registry, never a platform module. */
export function createPlatformRegistry(deps: ClientDeps) {
  return {
    instagram: new InstagramClient(deps),
    facebook: new FacebookClient(deps),
    threads: new ThreadsClient(deps),
    linkedin: new LinkedInClient(deps),
    youtube: new YouTubeClient(deps),
    twitter: new XClient(deps),
    bluesky: new BlueskyClient(deps),
    mastodon: new MastodonClient(deps),
    tiktok: new TikTokClient(deps),
    google_business: new GoogleBusinessClient(deps),
    pinterest: new PinterestClient(deps),
  } satisfies PlatformRegistry;
}

/** A platform's OAuth client credentials, or a permanent error saying the server is not set up for it. */
export function credentialsFor(deps: ClientDeps, platform: Platform) {
  const creds = deps.credentials[platform];
  if (!creds) {
    const key = platform.toUpperCase();
    throw new PlatformError(
      "permanent",
      `${platform} is not configured on this server: set ${key}_CLIENT_ID and ${key}_CLIENT_SECRET.`,
      { platform },
    );
  }
  return creds;
}
