import { PLATFORMS, type Platform, type PlatformBrand, type PostFormat } from "./types";

/**
 * Each network's names and colour, the part of its profile every page shows. Kept apart from the profiles (limits,
 * formats, quotas) so a page that only names networks does not download them (first-load budget, ADR 104).
 */
export const PLATFORM_BRANDS: Record<Platform, PlatformBrand> = {
  instagram: { name: "Instagram", brand: "Instagram", color: "#E1306C" },
  facebook: { name: "Facebook", brand: "Facebook", color: "#1877F2" },
  twitter: { name: "X", brand: "X", color: "#000000" },
  linkedin: { name: "LinkedIn", brand: "LinkedIn", color: "#0A66C2" },
  youtube: { name: "YouTube", brand: "YouTube", color: "#FF0000" },
  threads: { name: "Threads", brand: "Threads", color: "#101010" },
  bluesky: { name: "Bluesky", brand: "Bluesky", color: "#1185FE" },
  mastodon: { name: "Mastodon", brand: "Mastodon", color: "#6364FF" },
  tiktok: { name: "TikTok", brand: "TikTok", color: "#FE2C55" },
  google_business: { name: "Google Business Profile", brand: "Google Business Profile", color: "#4285F4" },
  pinterest: { name: "Pinterest", brand: "Pinterest", color: "#E60023" },
};

/** The names messages use ("Content exceeds X limit"): the brands the UI shows, so a message and a chip agree. */
export const PLATFORM_NAMES = Object.fromEntries(PLATFORMS.map((p) => [p, PLATFORM_BRANDS[p].name])) as Record<
  Platform,
  string
>;

/** What a card and the composer's picker call each format ("Reel"); a feed post is a "Post". */
export const FORMAT_LABELS: Record<PostFormat, string> = { feed: "Post", reel: "Reel", story: "Story", short: "Short" };
