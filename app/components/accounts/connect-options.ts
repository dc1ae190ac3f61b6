import { YOUTUBE_SCOPES } from "../../../workers/platform-profile";
import { PLATFORM_META } from "../platforms/platform-options";

/** What Settings → Social Accounts offers to connect, and the terms each connect shows first. Data only. */
export type Terms = "general" | "linkedin" | "youtube" | "bluesky" | "google_business";

export interface ConnectOption {
  key: string;
  platform: string;
  variant?: string;
  title: string;
  description: string;
  terms: Terms;
  recommended?: boolean;
  /** The user names their server first (Mastodon: any instance, ADR 059). */
  asksInstance?: boolean;
}

export const OPTIONS: ConnectOption[] = [
  {
    key: "ig-only",
    platform: "instagram",
    variant: "instagram-only",
    title: "Instagram Only",
    description: "Just your Instagram business or creator account.",
    terms: "general",
  },
  {
    key: "ig-fb",
    platform: "instagram",
    variant: "facebook",
    title: "Instagram + Facebook Pages",
    description: "Your Facebook Pages and the Instagram accounts linked to them.",
    terms: "general",
    recommended: true,
  },
  {
    key: "linkedin",
    platform: "linkedin",
    title: PLATFORM_META.linkedin!.name,
    description: "Your profile or the company pages you manage.",
    terms: "linkedin",
  },
  {
    key: "youtube",
    platform: "youtube",
    title: PLATFORM_META.youtube!.name,
    description: "Your channel, for video publishing.",
    terms: "youtube",
  },
  {
    key: "twitter",
    platform: "twitter",
    title: "X (Twitter)",
    description: "Post to your X profile.",
    terms: "general",
  },
  {
    key: "threads",
    platform: "threads",
    title: PLATFORM_META.threads!.name,
    description: "Post to your Threads profile.",
    terms: "general",
  },
  {
    key: "bluesky",
    platform: "bluesky",
    title: PLATFORM_META.bluesky!.name,
    description: "Your handle: approve Postline on your Bluesky server (or use an app password).",
    terms: "bluesky",
  },
  {
    key: "mastodon",
    platform: "mastodon",
    title: PLATFORM_META.mastodon!.name,
    description: "Your account on any Mastodon server.",
    terms: "general",
    asksInstance: true,
  },
  {
    key: "google_business",
    platform: "google_business",
    title: PLATFORM_META.google_business!.name,
    description: "Your business on Google Search and Maps: each location is its own channel.",
    terms: "google_business",
  },
  {
    key: "pinterest",
    platform: "pinterest",
    title: PLATFORM_META.pinterest!.name,
    // Pinterest's Trial access (a new app's tier) says so before anyone schedules a pin that nobody else sees.
    description:
      "Pin to the boards of your Pinterest business account. While the server's Pinterest app is on Trial access, pins are visible only to you.",
    terms: "general",
  },
  {
    key: "tiktok",
    platform: "tiktok",
    title: PLATFORM_META.tiktok!.name,
    description: "Post videos and photos to your TikTok account.",
    terms: "general",
  },
];

export const TERMS: Record<Terms, { title: string; button: string; scopes?: string[] }> = {
  general: { title: "Terms & Privacy Policy", button: "Accept & Continue" },
  linkedin: {
    title: "LinkedIn Terms",
    button: "Connect with LinkedIn",
    // What OAUTH_SCOPES.linkedin asks, in words: sign-in (openid, profile, email), member and organization posting.
    scopes: ["Basic profile", "Email address", "Member posting", "Posting and statistics for pages you administer"],
  },
  youtube: {
    title: "YouTube Terms",
    button: "Connect with YouTube",
    scopes: YOUTUBE_SCOPES,
  },
  bluesky: { title: "Connect Bluesky", button: "Connect Bluesky" },
  google_business: {
    title: "Google Business Profile Terms",
    button: "Connect with Google",
    // OAUTH_SCOPES.google_business in words; Google must have approved the app's Business Profile access (ADR 065).
    scopes: ["Manage your business locations and their posts on Google (business.manage)"],
  },
};

/** The consent start; `reconnect` (an account id) asks again for exactly the permission that account lacks. */
export function startUrl(option: Pick<ConnectOption, "platform" | "variant"> & { reconnect?: string }): string {
  const q = new URLSearchParams();
  if (option.variant) q.set("variant", option.variant);
  if (option.reconnect) q.set("reconnect", option.reconnect);
  return `/api/auth/${option.platform}${q.size ? `?${q}` : ""}`;
}
