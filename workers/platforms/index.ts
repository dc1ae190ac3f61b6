// The platforms module's public surface: other modules import it only from here (ADR 079).

export type { VersionReport, VersionSetting } from "./api-versions";
export { NOTIFY_DAYS, versionEnd, versionReports } from "./api-versions";
export { graphemeCount } from "./bluesky-facets";
export { clientMetadata } from "./bluesky-oauth";
export { callbackUrl } from "./callback-url";
export type { EndpointKey } from "./endpoints";
export { EMULATED_FEED_HOST, ENDPOINT_KEYS, LIVE_ENDPOINTS } from "./endpoints";
export type { InboxAdapter } from "./inbox/index";
export { inboxAdapter, inboxUnavailable } from "./inbox/index";
export { normalizeInstance } from "./instance";
export { pinMediaProblems } from "./pinterest-media";
export { refreshOnce } from "./refresh-once";
export type { PlatformRegistry } from "./registry";
export { createPlatformRegistry } from "./registry";
export { resolveEndpoints } from "./resolve-endpoints";
export type { TikTokCreator } from "./tiktok-settings";
export { creatorOf, TIKTOK_PRIVACY, tiktokSettingProblems } from "./tiktok-settings";
export type {
  AccountCredentials,
  AuthorizeStart,
  InstanceApp,
  InstanceAppStore,
  PlatformClient,
  PlatformErrorKind,
  PostMetrics,
  PublishMedia,
  PublishOptions,
  PublishRequest,
  PublishResult,
  RemoteAccount,
  RemoteBoard,
  RemoteComment,
  RemoteMessage,
  StagedMedia,
  TokenSet,
} from "./types";
export { PlatformError } from "./types";
export { registerEmulator, upstreamFetch } from "./upstream-fetch";
