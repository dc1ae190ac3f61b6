import type { Platform } from "../../platform-profile";
import type { PlatformClient } from "../types";
import { blueskyInbox } from "./bluesky";
import { facebookInbox } from "./facebook";
import { googleBusinessInbox } from "./google-business";
import { instagramInbox } from "./instagram";
import { linkedinInbox } from "./linkedin";
import { mastodonInbox } from "./mastodon";
import { threadsInbox } from "./threads";
import type { InboxAdapter, InboxAdapterFactory } from "./types";
import { xInbox } from "./x";
import { youtubeInbox } from "./youtube";

export type { InboxAdapter } from "./types";

/** One adapter per network (ADR 069): a network joins the inbox with its own file and one line here. */
const ADAPTERS: Partial<Record<Platform, InboxAdapterFactory>> = {
  instagram: instagramInbox,
  facebook: facebookInbox,
  threads: threadsInbox,
  linkedin: linkedinInbox,
  youtube: youtubeInbox,
  twitter: xInbox,
  bluesky: blueskyInbox,
  mastodon: mastodonInbox,
  google_business: googleBusinessInbox,
};

/**
 * Why a network's accounts bring nothing into the inbox, where its public API gives an app like Postline no read of
 * their comments (ADR 101): said on the inbox page instead of an empty list that looks like a quiet account.
 */
const WITHOUT_INBOX: Partial<Record<Platform, string>> = {
  tiktok:
    "TikTok's Content Posting and Display APIs, which Postline connects with, offer no reading or answering of comments (TikTok gives comments only to its Research API and to the separate API for Business): answer them in the TikTok app.",
  pinterest:
    "Pinterest's API v5 has no comments endpoint (it counts a Pin's comments, nothing more): answer them on Pinterest.",
};

/** Why the network's accounts have no inbox, or null when they have one. */
export function inboxUnavailable(platform: Platform): string | null {
  return ADAPTERS[platform] ? null : (WITHOUT_INBOX[platform] ?? "Postline does not read this network's comments yet.");
}

/** The network's inbox over its client, or null when the network has none yet. */
export function inboxAdapter(platform: Platform, client: PlatformClient): InboxAdapter | null {
  return ADAPTERS[platform]?.(client) ?? null;
}
