/**
 * Every upstream base URL a client uses (PLATFORMS.md §8). Production values are the defaults; an env var of the
 * same name overrides one, and so does one of the dated API versions (VERSION_KEYS, ADR 051), whose defaults
 * resolve-endpoints.ts picks on the day. Data only, importing nothing: Node scripts (the bench) read it as it is.
 * In sandbox mode the browser-facing bases (consent pages)
 * point at this Worker's /sandbox/<host> pages, and server-to-server bases keep their real hosts:
 * the sandbox fetch routes those hosts to the in-process emulator, so the real URLs are exercised.
 */
export const LIVE_ENDPOINTS = {
  META_DIALOG_BASE: "https://www.facebook.com",
  META_GRAPH_BASE: "https://graph.facebook.com",
  META_RUPLOAD_BASE: "https://rupload.facebook.com",
  IG_AUTHORIZE_BASE: "https://www.instagram.com",
  IG_OAUTH_BASE: "https://api.instagram.com",
  IG_GRAPH_BASE: "https://graph.instagram.com",
  LINKEDIN_OAUTH_BASE: "https://www.linkedin.com",
  LINKEDIN_API_BASE: "https://api.linkedin.com",
  GOOGLE_AUTH_BASE: "https://accounts.google.com",
  GOOGLE_TOKEN_BASE: "https://oauth2.googleapis.com",
  YOUTUBE_API_BASE: "https://www.googleapis.com",
  YT_ANALYTICS_BASE: "https://youtubeanalytics.googleapis.com",
  // Google Business Profile: accounts, locations, local posts (My Business v4) and the Performance API.
  GBP_ACCOUNTS_BASE: "https://mybusinessaccountmanagement.googleapis.com",
  GBP_INFO_BASE: "https://mybusinessbusinessinformation.googleapis.com",
  GBP_POSTS_BASE: "https://mybusiness.googleapis.com",
  GBP_PERFORMANCE_BASE: "https://businessprofileperformance.googleapis.com",
  X_AUTHORIZE_BASE: "https://x.com",
  X_API_BASE: "https://api.x.com",
  THREADS_AUTHORIZE_BASE: "https://threads.net",
  THREADS_GRAPH_BASE: "https://graph.threads.net",
  OPENAI_BASE_URL: "https://api.openai.com/v1",
  // Bluesky: the entryway resolves handles; each account's PDS comes from its DID document, a did:plc's from the
  // PLC directory; the public AppView serves posts' counts and profiles.
  BSKY_ENTRYWAY_BASE: "https://bsky.social",
  PLC_DIRECTORY_BASE: "https://plc.directory",
  BSKY_APPVIEW_BASE: "https://public.api.bsky.app",
  // Bluesky's video service: uploads (with a service-auth token from the PDS) and processing jobs.
  BSKY_VIDEO_BASE: "https://video.bsky.app",
  // TikTok: the consent page on www.tiktok.com; the Content Posting, Display and OAuth APIs on open.tiktokapis.com.
  // Uploads go to the upload_url video/init answers (open-upload.tiktokapis.com), followed verbatim.
  TIKTOK_AUTHORIZE_BASE: "https://www.tiktok.com",
  TIKTOK_API_BASE: "https://open.tiktokapis.com",
  // Pinterest API v5 (§11.4): the consent page on www, the API (tokens included) on api.
  PINTEREST_AUTHORIZE_BASE: "https://www.pinterest.com",
  PINTEREST_API_BASE: "https://api.pinterest.com",
} as const;

/**
 * Servers the user names (a Mastodon instance, ADR 059): URL templates where `{instance}` is the account's domain.
 * The API is called server to server; the authorize page is browser-facing (in sandbox mode, this Worker's page).
 */
export const INSTANCE_TEMPLATES = {
  MASTODON_API_BASE: "https://{instance}",
  MASTODON_AUTHORIZE_BASE: "https://{instance}",
  // Bluesky's consent page is on whichever authorization server the account's PDS names ({host}: its host).
  BSKY_AUTHORIZE_BASE: "https://{host}",
} as const;

/** The Mastodon instances the sandbox emulates; any other instance is reached only in live mode. */
export const EMULATED_INSTANCES = ["mastodon.social", "mastodon.example"] as const;

/** The dated API versions the clients send; each is a setting too (workers/platforms/api-versions.ts). */
export const VERSION_KEYS = ["META_GRAPH_VERSION", "LINKEDIN_VERSION"] as const;

export type EndpointKey = keyof typeof LIVE_ENDPOINTS | keyof typeof INSTANCE_TEMPLATES | (typeof VERSION_KEYS)[number];
export type Endpoints = Record<EndpointKey, string>;

/** Every key a deployment may override: a base URL (or an instance template), or an API version. */
export const ENDPOINT_KEYS: EndpointKey[] = [
  ...(Object.keys(LIVE_ENDPOINTS) as EndpointKey[]),
  ...(Object.keys(INSTANCE_TEMPLATES) as EndpointKey[]),
  ...VERSION_KEYS,
];

/** The bases a browser is sent to (consent screens); everything else is called server to server. */
export const BROWSER_FACING: (keyof typeof LIVE_ENDPOINTS)[] = [
  "META_DIALOG_BASE",
  "IG_AUTHORIZE_BASE",
  "LINKEDIN_OAUTH_BASE",
  "GOOGLE_AUTH_BASE",
  "X_AUTHORIZE_BASE",
  "THREADS_AUTHORIZE_BASE",
  "TIKTOK_AUTHORIZE_BASE",
  "PINTEREST_AUTHORIZE_BASE",
];

/** Where the sandbox's sample feeds live (ADR 068): the one feed host a sandbox may read. */
export const EMULATED_FEED_HOST = "feeds.example";

/** Hosts the sandbox fetch sends to the emulator. */
export const EMULATED_HOSTS = new Set([
  ...Object.values(LIVE_ENDPOINTS)
    .filter((v) => v.startsWith("https://"))
    .map((v) => new URL(v).host),
  ...EMULATED_INSTANCES,
  // Where TikTok's video/init points uploads (PLATFORMS.md §0: followed verbatim, so not a base of its own).
  "open-upload.tiktokapis.com",
  EMULATED_FEED_HOST,
]);
