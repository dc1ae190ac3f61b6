import { PLATFORM_NAMES, type Platform } from "../platform-profile";
import { mediaIdsOf, type PostFields } from "./rules";

/**
 * What the platforms already show once a channel is live. Changing one of these here would make the app
 * show a post the platform never got (none of our platforms lets us edit a published post's media, and
 * we do not edit captions remotely), so they are frozen; category, source and the time and accounts of
 * channels not yet published stay editable.
 */
export const FROZEN_WHEN_LIVE = ["content", "hashtags", "mentions", "title", "media"] as const;
export type FrozenField = (typeof FROZEN_WHEN_LIVE)[number];

type Comparable = Pick<
  PostFields,
  "content" | "hashtags" | "mentions" | "title" | "media" | "images" | "videos" | "youtubeVideo"
>;

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The frozen fields `next` changes compared with the stored post. Pure. */
export function frozenChanges(stored: Comparable, next: Comparable): FrozenField[] {
  const changed: FrozenField[] = [];
  if (next.content !== stored.content) changed.push("content");
  if (!same(next.hashtags, stored.hashtags)) changed.push("hashtags");
  if (!same(next.mentions, stored.mentions)) changed.push("mentions");
  if ((next.title ?? "") !== (stored.title ?? "")) changed.push("title");
  if (!same(mediaIdsOf(next), mediaIdsOf(stored))) changed.push("media");
  return changed;
}

/** The 409 message for an edit of frozen fields of a post live on `platforms`. */
export function frozenEditMessage(platforms: Platform[], fields: FrozenField[]): string {
  const where = [...new Set(platforms)].map((p) => PLATFORM_NAMES[p]).join(", ");
  return `This post is already published on ${where}, so its ${fields.join(", ")} can no longer be changed here (the platform would still show the old version). You can still change its category, and the time and accounts of channels not yet published.`;
}
