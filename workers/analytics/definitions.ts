/**
 * What the analytics figures mean, in the words the UI shows (ADR 014). Imports nothing, so the browser
 * bundle can show the same sentence the API's numbers follow.
 */
export const POST_COUNT_DEFINITION =
  "Posts published in the period, counted once per channel: a post sent to Instagram and Facebook counts as 2. Every breakdown (accounts, platforms, content types, hashtags, timing) adds up to this.";

/** Why a Business Profile channel's post figures stay 0, and where its numbers are (ADR 065). */
export const LOCATION_METRICS_NOTE =
  "Google reports no metrics per local post: a Business Profile location's figures are the location's own (its views on Google Search and Maps over the last 28 days, from the Business Profile Performance API), not per post.";

/** Why an account's reach or impressions show no figure: its network does not measure them (unreportedMetrics). */
export const unreportedNote = (network: string, metrics: readonly string[]) =>
  `${network} does not report ${metrics.join(" or ")} for its posts.`;

/** An engagement rate no post of the figure has a denominator for (Bluesky and Mastodon alone: rate.ts). */
export const RATE_NOT_REPORTED = "Not reported";

/** Says which networks' posts an engagement rate leaves out (rateLeavesOut, by network name); null when none. */
export const rateLeavesOutNote = (networks: readonly string[]) =>
  networks.length
    ? `The engagement rate leaves out ${networks.join(", ")} posts: ${networks.length === 1 ? "that network does" : "those networks do"} not report the reach or impressions it divides by.`
    : null;

/** Content types (aggregate.CONTENT_TYPES) as people name them. */
export const CONTENT_TYPE_LABELS = {
  carousel: "Carousel",
  single_image: "Single image",
  video: "Video",
  reel: "Reel",
  story: "Story",
  text: "Text",
} as const;
