import type { PostStore } from "../posts";

export type ShownPost = Awaited<ReturnType<PostStore["getMany"]>>[number];
/** A channel's `platformPosts[].version`: what `effectiveVersion` says it publishes (ADR 021). */
type PublishedVersion = ShownPost["platformPosts"][number]["version"];

/** Media a channel's own version publishes that its post does not carry: the link reads them from the library. */
export function mediaOnlyInVersions(shown: ShownPost[]): string[] {
  const ids = new Set<string>();
  for (const post of shown) {
    const own = new Set(post.media.map((m) => m.id));
    for (const target of post.platformPosts) for (const id of target.version.mediaIds) if (!own.has(id)) ids.add(id);
  }
  return [...ids];
}

/**
 * What one channel publishes, as a client reviews it (ADR 016) and an approver approves it: the caption the network
 * receives (the main text with the post's hashtags unless the channel has its own), the thread's further parts, title,
 * first comment, format, media (each found in `media` by id) and, in `options`, Mastodon's content warning, which
 * readers see in place of the post. The channel's other options stay out: they name ids a reviewer has no use for.
 */
export function channelCopy<M>(version: PublishedVersion, media: Map<string, M>) {
  const { contentWarning } = version.options;
  const options: { contentWarning?: string } = contentWarning ? { contentWarning } : {};
  return {
    caption: version.caption,
    thread: version.parts.slice(1),
    title: version.title,
    firstComment: version.firstComment,
    format: version.options.format ?? "feed",
    media: version.mediaIds.flatMap((id) => media.get(id) ?? []),
    options,
  };
}

/** What `channelCopy` answers, with media of type `M`: what a channel card shows. */
export type ChannelCopy<M> = ReturnType<typeof channelCopy<M>>;
