// What the UI may use of the platforms module: client-safe schemas, constants and pure rules (ADR 079).

export { graphemeCount, utf8Length } from "./bluesky-facets";
export type { TikTokCreator, TikTokPrivacy } from "./tiktok-settings";
export { creatorOf, TIKTOK_PRIVACY, TIKTOK_PRIVACY_LABELS } from "./tiktok-settings";
export type { PlatformErrorKind } from "./types";
