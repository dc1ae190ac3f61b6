// Apart from post-view.ts, which every posts page loads first: only the post's dialog says this.
/**
 * TikTok gives a post seen by "Only me" (SELF_ONLY) no public id: its status read has no `publicaly_available_post_id`
 * and the Display API lists and measures public videos only (PLATFORMS.md §11.3, ADR 064). Said where the link and
 * the figures would be, so an empty place is not taken for a fault.
 */
export const PRIVATE_TIKTOK_NOTE =
  "Private to the TikTok account (Only me): TikTok gives no public link or figures for it.";

export const privateOnTikTok = (t: { platform: string; version: { options: { tiktokPrivacy?: string } } }) =>
  t.platform === "tiktok" && t.version.options.tiktokPrivacy === "SELF_ONLY";
