import { and, asc, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { media, postMedia, posts } from "../db/schema/index";
import { PlatformError, type PublishMedia, type PublishOptions, type PublishRequest } from "../platforms";
import { effectiveVersion, HoldMessages } from "../posts";
import type { TargetRow } from "./consumer";

/** The channel options a client reads, in a fixed order: the order is part of the staging fingerprint. */
const PUBLISH_OPTIONS = [
  "privacy",
  "tags",
  "visibility",
  "statusVisibility",
  "contentWarning",
  "language",
  "format",
  "localPost",
  "board",
  "boardSection",
  "link",
  "tiktokPrivacy",
  "tiktokAllowComment",
  "tiktokAllowDuet",
  "tiktokAllowStitch",
  "tiktokYourBrand",
  "tiktokBrandedContent",
] as const satisfies readonly (keyof PublishOptions)[];

export interface MediaSource {
  /** A long-lived URL the platform can fetch without a session. */
  signedUrl: (mediaId: string, filename: string) => Promise<string>;
  open: (key: string) => Promise<ReadableStream<Uint8Array>>;
}

/**
 * What a target publishes: its effective version (ADR 021) — the caption as published, the YouTube title,
 * the platform options, the media in order (for YouTube only its video) and a thread's further parts. A post whose media vanished
 * fails permanently with a message the user can act on, instead of publishing without it. `also` (reads the caller
 * needs beside it: the link settings, the staging row) joins the batch that reads the post; their results in order.
 */
export async function buildPublishRequest(
  db: Db,
  source: MediaSource,
  target: TargetRow,
  also: BatchItem<"sqlite">[] = [],
): Promise<{ request: PublishRequest; joined: unknown[] }> {
  // The post and its media in one round trip, with the caller's reads.
  const [found, attached, ...joined] = await db.batch([
    db.select().from(posts).where(eq(posts.id, target.postId)),
    db
      .select({ item: media })
      .from(postMedia)
      .innerJoin(media, eq(media.id, postMedia.mediaId))
      .where(eq(postMedia.postId, target.postId))
      .orderBy(asc(postMedia.position)),
    ...also,
  ]);
  const post = found[0];
  if (!post)
    throw new PlatformError("permanent", "The post was deleted before it could be published.", {
      platform: target.platform,
    });
  const base = attached.map((r) => r.item);
  const version = effectiveVersion(
    { content: post.content, hashtags: post.hashtags, mediaIds: base.map((m) => m.id), title: post.title },
    target,
  );
  let items = base;
  if (target.version?.media) {
    const own = await db
      .select()
      .from(media)
      .where(and(eq(media.workspaceId, target.workspaceId), inArray(media.id, version.mediaIds)));
    items = version.mediaIds.flatMap((id) => own.filter((m) => m.id === id));
    if (items.length < version.mediaIds.length)
      throw new PlatformError(
        "permanent",
        "Media of this channel's version was deleted; edit the post to replace it.",
        {
          platform: target.platform,
        },
      );
  }
  if (target.platform === "youtube") {
    const chosen = target.version?.media ? null : post.youtubeVideoId;
    const video = items.find((m) => m.id === chosen) ?? items.find((m) => m.fileType === "video");
    items = video ? [video] : [];
  }
  // A file deleted from the library stays only as a published post's thumbnail (ADR 075): nothing to send.
  const deleted = items.find((m) => m.deletedAt !== null);
  if (deleted)
    throw new PlatformError("permanent", HoldMessages.mediaDeleted(deleted.originalName), {
      platform: target.platform,
    });
  const altText = version.options.altText ?? {};
  const prepared: PublishMedia[] = await Promise.all(
    items.map(async (m) => ({
      mediaId: m.id,
      kind: m.fileType,
      url: await source.signedUrl(m.id, m.filename),
      mimeType: m.mimeType,
      size: m.size,
      width: m.width,
      height: m.height,
      durationSec: m.duration,
      altText: altText[m.id] || m.altText || null,
      captions: m.captions.map((c) => ({ lang: c.lang, open: () => source.open(c.key) })),
      open: () => source.open(m.key),
    })),
  );
  const request: PublishRequest = {
    marker: target.id,
    text: version.caption,
    title: version.title,
    media: prepared,
    options: Object.fromEntries(PUBLISH_OPTIONS.map((k) => [k, version.options[k]])) as PublishOptions,
    firstComment: version.firstComment,
    thread: version.parts.slice(1),
    createdAt: target.createdAt,
  };
  return { request, joined };
}
