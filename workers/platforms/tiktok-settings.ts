/**
 * The post settings TikTok requires a poster to choose (Content Sharing Guidelines) and the rules that hold them to
 * what the creator's account allows (creator_info). Pure: the composer, pre-flight and the client share it.
 */

/** `privacy_level` values, in the order TikTok lists them. */
export const TIKTOK_PRIVACY = [
  "PUBLIC_TO_EVERYONE",
  "MUTUAL_FOLLOW_FRIENDS",
  "FOLLOWER_OF_CREATOR",
  "SELF_ONLY",
] as const;
export type TikTokPrivacy = (typeof TIKTOK_PRIVACY)[number];

export const TIKTOK_PRIVACY_LABELS: Record<TikTokPrivacy, string> = {
  PUBLIC_TO_EVERYONE: "Everyone",
  MUTUAL_FOLLOW_FRIENDS: "Friends",
  FOLLOWER_OF_CREATOR: "Followers",
  SELF_ONLY: "Only me",
};

/** What the creator's account allows now (creator_info/query), kept on the account and re-read before a post. */
export interface TikTokCreator {
  username: string;
  nickname: string;
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
  /** This server's TikTok app is not audited yet: TikTok takes only private (SELF_ONLY) posts from it. */
  privateOnly?: boolean;
}

/**
 * How this server's TikTok app is registered (configuration): before TikTok audits an app, its Direct Posts may
 * only be private; a video on a URL prefix verified in the developer portal is pulled by TikTok (PULL_FROM_URL).
 */
export interface TikTokDeployment {
  privateOnly: boolean;
  verifiedUrlPrefixes: string[];
}

/** The creator's options as this app may use them: only "Only me" while the app is unaudited. */
export function forDeployment(creator: TikTokCreator, deployment: TikTokDeployment | undefined): TikTokCreator {
  if (!deployment?.privateOnly) return creator;
  const options = creator.privacyLevelOptions.filter((p) => p === "SELF_ONLY");
  return { ...creator, privacyLevelOptions: options, privateOnly: true };
}

/** The channel's TikTok settings as the composer sends them; nothing is chosen for the user. */
export interface TikTokSettings {
  tiktokPrivacy?: TikTokPrivacy;
  tiktokAllowComment?: boolean;
  tiktokAllowDuet?: boolean;
  tiktokAllowStitch?: boolean;
  /** "Your brand": the creator promotes their own business (brand_organic_toggle). */
  tiktokYourBrand?: boolean;
  /** "Branded content": a paid partnership promoting a third party (brand_content_toggle). */
  tiktokBrandedContent?: boolean;
}

export const TikTokMessages = {
  privacyRequired: "Choose who can see this TikTok post",
  privacyNotOffered: (labels: string[]) => `This TikTok account can post to: ${labels.join(", ")}`,
  privateOnly: "This server's TikTok app is not audited by TikTok yet, so its posts can only be private (Only me)",
  commentsOff: "Comments are turned off for this TikTok account",
  duetOff: "Duets are turned off for this TikTok account",
  stitchOff: "Stitches are turned off for this TikTok account",
  brandedPrivate: "Branded content can't be private on TikTok: choose who can see it",
  tooLong: (seconds: number, max: number) =>
    `This video is ${seconds} s; this TikTok account can post videos up to ${max} s`,
} as const;

const label = (p: string) => TIKTOK_PRIVACY_LABELS[p as TikTokPrivacy] ?? p;

/**
 * What is wrong with a post's TikTok settings for this creator (`creator` null: not known yet, so only the choices
 * that need no account are checked). `videoSeconds` is the video's length, when the post is a video.
 */
export function tiktokSettingProblems(
  settings: TikTokSettings,
  creator: TikTokCreator | null,
  videoSeconds: number | null,
): string[] {
  const out: string[] = [];
  const privacy = settings.tiktokPrivacy;
  if (!privacy) out.push(TikTokMessages.privacyRequired);
  else if (creator?.privateOnly && privacy !== "SELF_ONLY") out.push(TikTokMessages.privateOnly);
  else if (creator && !creator.privacyLevelOptions.includes(privacy))
    out.push(TikTokMessages.privacyNotOffered(creator.privacyLevelOptions.map(label)));
  if (settings.tiktokBrandedContent && privacy === "SELF_ONLY") out.push(TikTokMessages.brandedPrivate);
  if (!creator) return out;
  if (settings.tiktokAllowComment && creator.commentDisabled) out.push(TikTokMessages.commentsOff);
  if (videoSeconds !== null) {
    if (settings.tiktokAllowDuet && creator.duetDisabled) out.push(TikTokMessages.duetOff);
    if (settings.tiktokAllowStitch && creator.stitchDisabled) out.push(TikTokMessages.stitchOff);
    if (videoSeconds > creator.maxVideoPostDurationSec)
      out.push(TikTokMessages.tooLong(Math.ceil(videoSeconds), creator.maxVideoPostDurationSec));
  }
  return out;
}

/** The creator facts kept on a connected account's metadata, or null when they are not there (yet). */
export function creatorOf(metadata: Record<string, unknown> | null | undefined): TikTokCreator | null {
  const c = metadata?.creator as Partial<TikTokCreator> | undefined;
  if (!c || !Array.isArray(c.privacyLevelOptions) || typeof c.maxVideoPostDurationSec !== "number") return null;
  return c as TikTokCreator;
}
