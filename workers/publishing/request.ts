import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { media, postMedia, posts } from "../db/schema/index";
import { PlatformError, type PublishMedia, type PublishRequest } from "../platforms/types";
import { captionOf } from "../posts/rules";
import type { TargetRow } from "./consumer";

export interface MediaSource {
  /** A long-lived URL the platform can fetch without a session. */
  signedUrl: (mediaId: string, filename: string) => Promise<string>;
  open: (key: string) => Promise<ReadableStream<Uint8Array>>;
}

/**
 * What a target publishes: the caption as published (content plus listed hashtags), the YouTube title,
 * and the post's media in order (for YouTube only its video). A post whose media vanished fails
 * permanently with a message the user can act on, instead of publishing without it.
 */
export async function buildPublishRequest(db: Db, source: MediaSource, target: TargetRow): Promise<PublishRequest> {
  const post = await db.query.posts.findFirst({ where: eq(posts.id, target.postId) });
  if (!post)
    throw new PlatformError("permanent", "The post was deleted before it could be published.", {
      platform: target.platform,
    });
  const rows = await db
    .select({ item: media })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(eq(postMedia.postId, post.id))
    .orderBy(asc(postMedia.position));
  let items = rows.map((r) => r.item);
  if (target.platform === "youtube") {
    const video = items.find((m) => m.id === post.youtubeVideoId) ?? items.find((m) => m.fileType === "video");
    items = video ? [video] : [];
  }
  const prepared: PublishMedia[] = await Promise.all(
    items.map(async (m) => ({
      kind: m.fileType,
      url: await source.signedUrl(m.id, m.filename),
      mimeType: m.mimeType,
      size: m.size,
      width: m.width,
      height: m.height,
      durationSec: m.duration,
      altText: m.altText || null,
      open: () => source.open(m.key),
    })),
  );
  return { marker: target.id, text: captionOf(post.content, post.hashtags), title: post.title, media: prepared };
}
