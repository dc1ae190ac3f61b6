// What the UI may use of the platforms module: client-safe schemas, constants and pure rules (ADR 079).

export type { TikTokCreator, TikTokPrivacy } from "./tiktok-settings";
export { creatorOf, TIKTOK_PRIVACY_LABELS } from "./tiktok-settings";
