import twitterText from "twitter-text";
import { characterCount } from "../ai/public";
import { PLATFORM_PROFILES, type Platform, type PlatformProfile } from "../platform-profile";
import { graphemeCount, utf8Length } from "../platforms/public";

/**
 * How a platform counts a caption against its limit. X counts by weight with its own library's rules
 * (twitter-text v3: most emoji and CJK characters count 2, every link 23); Mastodon counts graphemes with every link
 * as 23 and a remote mention by its local part; a profile with `textUnit: "graphemes"` (Bluesky) counts
 * user-perceived characters, with `"utf16"` (TikTok) UTF-16 code units; the others count code points.
 * Where the profile also limits the text in bytes (Bluesky's 3,000), the count is the larger of the characters and
 * the bytes scaled to the character limit (every 10 bytes one), so one count over one limit holds the text to both:
 * the composer's counter, validation and pre-flight agree with what publishing refuses.
 * `contentWarning` (Mastodon's spoiler_text) counts with the text, as Mastodon holds both to one limit.
 */
export function captionLength(platform: Platform | null, text: string, contentWarning = ""): number {
  if (platform === "twitter") return twitterText.parseTweet(text).weightedLength;
  if (platform === "mastodon") return graphemeCount(contentWarning + mastodonCountable(text));
  const profile = platform ? PLATFORM_PROFILES[platform] : undefined;
  const unit = profile?.textUnit;
  if (unit === "graphemes") return Math.max(graphemeCount(text), byteShare(text, profile));
  if (unit === "utf16") return text.length;
  return characterCount(text);
}

/**
 * A platform's limit for a post of these media kinds: a photo post's (TikTok's description) where the platform has
 * one and every item is an image, else its `characterLimit`.
 */
export function characterLimitFor(platform: Platform, kinds: readonly (string | undefined)[]): number {
  const profile = PLATFORM_PROFILES[platform];
  const photos = kinds.length > 0 && kinds.every((k) => k === "image");
  return photos && profile.photoCharacterLimit ? profile.photoCharacterLimit : profile.characterLimit;
}

/** `text`'s UTF-8 bytes as a share of the profile's character limit, where it limits bytes too; else 0. */
function byteShare(text: string, profile: PlatformProfile | undefined): number {
  const max = profile?.maxTextBytes;
  return max ? Math.ceil((utf8Length(text) * profile.characterLimit) / max) : 0;
}

/** Said after an X count, so a caption that looks short is not a mystery. */
const X_COUNTING_NOTE = "X counts most emoji and CJK characters as 2 and every link as 23";

/** Bluesky's second limit, in bytes, which long emoji reach before its 300 characters. */
const BLUESKY_COUNTING_NOTE = `; Bluesky also holds a post to ${PLATFORM_PROFILES.bluesky.maxTextBytes?.toLocaleString("en")} bytes, so every 10 bytes count as 1 where emoji take more`;

/** What a limit message adds where the network's count differs from what the eye counts. */
export function countingNote(platform: Platform | undefined): string {
  if (platform === "twitter") return `; ${X_COUNTING_NOTE}`;
  if (platform === "tiktok") return "; TikTok counts most emoji as 2";
  if (platform === "bluesky") return BLUESKY_COUNTING_NOTE;
  return "";
}

/** Said after a Mastodon count that includes the channel's content warning, which Mastodon counts with the text. */
export const warningNote = (contentWarning?: string) =>
  contentWarning ? "; the content warning counts toward it: shorten the text or the warning" : "";

/** Mastodon's characters_reserved_per_url: "URLs in text always count for 23 characters", whatever the link. */
const MASTODON_URL = /https?:\/\/\S+/g;
const MASTODON_URL_PLACEHOLDER = "x".repeat(23);
/** A remote mention (@user@example.social); Mastodon counts only its `@user` (Account::MENTION_RE). */
const REMOTE_MENTION = /(?<![=/\p{L}\p{N}_])@([a-z0-9_]+(?:[.-]+[a-z0-9_]+)*)@[\p{L}\p{N}_.-]+[\p{L}\p{N}_]/giu;

/** The text as Mastodon's status length validator counts it: each link 23 characters, a remote mention its `@user`. */
const mastodonCountable = (text: string) =>
  text.replace(MASTODON_URL, MASTODON_URL_PLACEHOLDER).replace(REMOTE_MENTION, "@$1");
