import { z } from "zod";
import { PLATFORM_PROFILES } from "../platform-profile";
import type { ClientDeps } from "./registry";
import type { TikTokApi } from "./tiktok-api";
import { contentRange, planChunks, planPieces } from "./tiktok-chunks";
import type { TikTokCreator } from "./tiktok-settings";
import {
  type AccountCredentials,
  PlatformError,
  type PublishMedia,
  type PublishRequest,
  type PublishResult,
  type StagingSupport,
} from "./types";

/**
 * A Direct Post in TikTok's steps: init (a `publish_id`, and an upload URL for FILE_UPLOAD), the chunks in order,
 * then status polls until PUBLISH_COMPLETE or FAILED. The handle is recorded before the upload; `resumption` is what
 * a retry uses to carry on with that same publish (the bytes TikTok has not got yet, then the polls).
 */

/** Polls per delivery and the wait between them: 12 a minute stays well under status/fetch's 30 per minute. */
const POLLS = 12;
const POLL_MS = 5_000;
/** After that the queue brings the post back; moderation "usually within a minute, sometimes hours". */
const STILL_PROCESSING_RETRY_MS = 60_000;

const PHOTO_TYPES = ["image/jpeg", "image/webp"];
/** A video's caption (post_info.title) and a photo post's description, in UTF-16 runes (§11.3). */
const CAPTION_MAX = PLATFORM_PROFILES.tiktok.characterLimit;
const DESCRIPTION_MAX = PLATFORM_PROFILES.tiktok.photoCharacterLimit ?? CAPTION_MAX;

const Init = z.object({ publish_id: z.string().min(1), upload_url: z.string().url().optional() });
const Status = z.object({
  status: z.string(),
  fail_reason: z.string().optional(),
  // int64s: TikTok sends 19-digit numbers, which http.ts keeps as their digits (exact-json.ts); an SDK may send text.
  publicaly_available_post_id: z.array(z.union([z.number(), z.string()])).optional(),
  uploaded_bytes: z.number().optional(),
});
type StatusAnswer = z.output<typeof Status>;

/** A TikTok post's public link; only a published post's id has one (a publish_id does not). */
export const videoUrl = (username: string, postId: string) => `https://www.tiktok.com/@${username}/video/${postId}`;

/** The recorded handle: the publish_id, and the upload URL when the bytes go up by FILE_UPLOAD. */
export function handleText(publishId: string, uploadUrl?: string): string {
  return uploadUrl ? `${publishId} ${uploadUrl}` : publishId;
}

export function parseHandle(text: string): { publishId: string; uploadUrl: string | null } {
  const [publishId = "", uploadUrl] = text.split(" ");
  return { publishId, uploadUrl: uploadUrl ?? null };
}

/** Which Direct Post a request is: one video, or 1–35 JPEG/WebP photos (§11.3; photos have no PNG). */
export function postKind(media: PublishMedia[]): { video: PublishMedia } | { photos: PublishMedia[] } {
  const videos = media.filter((m) => m.kind === "video");
  const fail = (message: string) => new PlatformError("permanent", message, { platform: "tiktok" });
  if (videos.length === 1 && media.length === 1) return { video: videos[0]! };
  if (videos.length > 0) throw fail("A TikTok post is one video, or photos without a video.");
  if (media.length === 0) throw fail("A TikTok post needs a video or photos.");
  if (media.length > 35) throw fail("A TikTok photo post takes up to 35 photos.");
  if (media.some((m) => !PHOTO_TYPES.includes(m.mimeType)))
    throw fail("TikTok takes JPEG or WebP photos only (not PNG or GIF).");
  return { photos: media };
}

/** The text TikTok takes with that kind of post: a video's caption, or a photo post's longer description. */
export function checkText(kind: ReturnType<typeof postKind>, text: string): void {
  const [max, what] =
    "photos" in kind ? [DESCRIPTION_MAX, "photo post's description"] : [CAPTION_MAX, "video's caption"];
  if (text.length > max)
    throw new PlatformError(
      "permanent",
      `A TikTok ${what} takes up to ${max.toLocaleString("en")} characters; this one has ${text.length.toLocaleString("en")}.`,
      { platform: "tiktok" },
    );
}

export class TikTokPublisher {
  constructor(
    private readonly api: TikTokApi,
    private readonly deps: Pick<ClientDeps, "sleep" | "tiktok">,
    /** A new publish from the start (creator_info first): after a recorded one that TikTok refused. */
    private readonly fresh: (account: AccountCredentials, request: PublishRequest) => Promise<PublishResult>,
  ) {}

  async publish(account: AccountCredentials, request: PublishRequest, creator: TikTokCreator): Promise<PublishResult> {
    const kind = postKind(request.media);
    checkText(kind, request.text);
    const token = account.accessToken;
    const o = request.options ?? {};
    const brand = { brand_content_toggle: !!o.tiktokBrandedContent, brand_organic_toggle: !!o.tiktokYourBrand };
    if ("photos" in kind) {
      // PULL_FROM_URL: TikTok fetches the photos itself, so this init is the call that makes the post.
      const init = await this.api.call(token, "/v2/post/publish/content/init/", Init, {
        creates: true,
        json: {
          post_info: {
            title: (request.title ?? "").slice(0, 90),
            description: request.text,
            privacy_level: o.tiktokPrivacy,
            disable_comment: !o.tiktokAllowComment || creator.commentDisabled,
            auto_add_music: true,
            ...brand,
          },
          source_info: { source: "PULL_FROM_URL", photo_cover_index: 0, photo_images: kind.photos.map((m) => m.url) },
          post_mode: "DIRECT_POST",
          media_type: "PHOTO",
        },
      });
      await request.recordHandle?.({ remoteId: init.publish_id, ready: false, expiresAt: null });
      return this.settle(account, init.publish_id);
    }
    const postInfo = {
      title: request.text,
      privacy_level: o.tiktokPrivacy,
      disable_comment: !o.tiktokAllowComment || creator.commentDisabled,
      disable_duet: !o.tiktokAllowDuet || creator.duetDisabled,
      disable_stitch: !o.tiktokAllowStitch || creator.stitchDisabled,
      ...brand,
    };
    if (this.pulls(kind.video.url)) {
      // PULL_FROM_URL: TikTok fetches our signed link itself, so, as for photos, this init is the call that makes
      // the post; its publish_id is recorded at once and a retry only polls it.
      const init = await this.api.call(token, "/v2/post/publish/video/init/", Init, {
        creates: true,
        json: { post_info: postInfo, source_info: { source: "PULL_FROM_URL", video_url: kind.video.url } },
      });
      await request.recordHandle?.({ remoteId: init.publish_id, ready: false, expiresAt: null });
      return this.settle(account, init.publish_id);
    }
    const plan = planChunks(kind.video.size);
    const init = await this.api.call(token, "/v2/post/publish/video/init/", Init, {
      json: {
        post_info: postInfo,
        source_info: {
          source: "FILE_UPLOAD",
          video_size: plan.videoSize,
          chunk_size: plan.chunkSize,
          total_chunk_count: plan.totalChunkCount,
        },
      },
    });
    if (!init.upload_url)
      throw new PlatformError("permanent", "TikTok answered without an upload_url", { platform: "tiktok" });
    // Recorded before any byte goes up: from here a retry carries on with this publish_id (ADR 064).
    await request.recordHandle?.({
      remoteId: handleText(init.publish_id, init.upload_url),
      ready: false,
      expiresAt: null,
    });
    await this.upload(init.upload_url, kind.video, 0);
    return this.settle(account, init.publish_id);
  }

  /** TikTok pulls only from URL prefixes verified for the app in its developer portal; anything else is uploaded. */
  private pulls(url: string): boolean {
    return (this.deps.tiktok?.verifiedUrlPrefixes ?? []).some((prefix) => url.startsWith(prefix));
  }

  /** The chunks from `from` bytes on (what TikTok already has is not sent again), in order. */
  private async upload(uploadUrl: string, video: PublishMedia, from: number): Promise<void> {
    const plan = planChunks(video.size);
    let index = 0;
    for await (const bytes of planPieces(await video.open(), plan)) {
      const range = plan.ranges[index++]!;
      if (range.last < from) continue;
      await this.api.put(uploadUrl, bytes, {
        "Content-Type": video.mimeType,
        "Content-Range": contentRange(range, plan.videoSize),
      });
    }
  }

  /** Polls until TikTok has published or refused the post; still processing after the polls is tried again later. */
  private async settle(account: AccountCredentials, publishId: string): Promise<PublishResult> {
    for (let poll = 1; ; poll++) {
      const s = await this.status(account.accessToken, publishId);
      const done = this.outcome(account, publishId, s);
      if (done) return done;
      if (poll >= POLLS)
        throw new PlatformError(
          "retryable",
          "TikTok is still processing this post (its review can take a few minutes); Postline checks again shortly.",
          { platform: "tiktok", retryAfterMs: STILL_PROCESSING_RETRY_MS },
        );
      await this.deps.sleep(POLL_MS);
    }
  }

  /** PUBLISH_COMPLETE is the post; FAILED throws TikTok's fail_reason; anything else is still under way (null). */
  private outcome(account: AccountCredentials, publishId: string, s: StatusAnswer): PublishResult | null {
    if (s.status === "FAILED")
      throw new PlatformError("permanent", `TikTok did not publish the post: ${s.fail_reason ?? "no reason given"}`, {
        platform: "tiktok",
        code: s.fail_reason,
      });
    if (s.status !== "PUBLISH_COMPLETE") return null;
    const postId = s.publicaly_available_post_id?.[0];
    const username = String(account.metadata.username ?? "");
    // A private post has no public id: the publish_id stands for it.
    if (postId === undefined) return { remoteId: publishId, permalink: null };
    const id = String(postId);
    return { remoteId: id, permalink: username ? videoUrl(username, id) : null };
  }

  private status(token: string, publishId: string) {
    return this.api.call(token, "/v2/post/publish/status/fetch/", Status, { json: { publish_id: publishId } });
  }

  /** The public post id of a finished publish, once moderation gave one (null until then, or for a private post). */
  async publicPostId(token: string, publishId: string): Promise<string | null> {
    const id = (await this.status(token, publishId)).publicaly_available_post_id?.[0];
    return id === undefined ? null : String(id);
  }

  /** A recorded publish, carried on (StagingSupport's calls; TikTok posts are never prepared ahead). */
  readonly resumption: StagingSupport = {
    stage: async () => {
      throw new PlatformError("permanent", "TikTok posts are made at their time, not prepared ahead.", {
        platform: "tiktok",
      });
    },
    check: async (account, staged) => {
      const { publishId } = parseHandle(staged.remoteId);
      const s = await this.status(account.accessToken, publishId);
      return { ...staged, ready: this.outcome(account, publishId, s) !== null };
    },
    publish: async (account, request, staged) => {
      const { publishId, uploadUrl } = parseHandle(staged.remoteId);
      const s = await this.status(account.accessToken, publishId);
      // TikTok refused that publish (the user retries the failed channel): nothing of it is out, so start again.
      if (s.status === "FAILED") return this.fresh(account, request);
      const video = request.media.find((m) => m.kind === "video");
      // The upload stopped part way (a failed chunk, a crash): TikTok keeps what it got; the rest goes up now.
      if (s.status === "PROCESSING_UPLOAD" && uploadUrl && video)
        await this.upload(uploadUrl, video, s.uploaded_bytes ?? 0);
      return this.settle(account, publishId);
    },
    find: async (account, _request, staged) => {
      const { publishId } = parseHandle(staged.remoteId);
      const s = await this.status(account.accessToken, publishId);
      return s.status === "FAILED" ? null : this.outcome(account, publishId, s);
    },
    // TikTok's API has no delete; a recorded publish that was never completed simply lapses on TikTok's side.
    discard: async () => {},
  };
}
