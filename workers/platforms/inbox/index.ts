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

/** The network's inbox over its client, or null when the network has none yet. */
export function inboxAdapter(platform: Platform, client: PlatformClient): InboxAdapter | null {
  return ADAPTERS[platform]?.(client) ?? null;
}
