import { z } from "zod";
import { byteChunks } from "./byte-chunks";
import { parseAnswer } from "./http";
import type { ClientDeps } from "./registry";
import { PlatformError, type PublishMedia } from "./types";
import type { XApi } from "./x-api";

/** Append segments stay under the ~4-5 MB a request may carry (§6.3). */
export const APPEND_CHUNK = 4 * 1024 * 1024;
const MAX_STATUS_POLLS = 10;

/** A created post or media answer: `data.id` is a numeric string (§6.2, §6.3). */
export const Created = z.object({ data: z.object({ id: z.string().regex(/^\d+$/) }) });

const ProcessingInfoSchema = z.object({
  state: z.enum(["pending", "in_progress", "succeeded", "failed"]),
  check_after_secs: z.number().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
});
export type ProcessingInfo = z.infer<typeof ProcessingInfoSchema>;

/** The finalize answer (§6.3): processing_info only for video and GIF; media expires after expires_after_secs. */
const Finalized = z.object({
  data: z.object({ expires_after_secs: z.number().optional(), processing_info: ProcessingInfoSchema.optional() }),
});

export function processingFailed(info: ProcessingInfo): PlatformError {
  return new PlatformError("permanent", info.error?.message ?? "X could not process the media.", {
    platform: "twitter",
  });
}

export function mediaCategory(media: Pick<PublishMedia, "kind" | "mimeType">): string {
  if (media.kind === "video") return "tweet_video";
  return media.mimeType === "image/gif" ? "tweet_gif" : "tweet_image";
}

/** §6.3 media upload v2: initialize, append segments, finalize, then poll STATUS while processing. */
export class XMedia {
  constructor(
    private readonly api: XApi,
    private readonly deps: Pick<ClientDeps, "now" | "sleep">,
  ) {}

  /** Uploads one item and waits until X has processed it; returns its media id. */
  async upload(token: string, media: PublishMedia): Promise<string> {
    const sent = await this.send(token, media);
    await this.processed(token, sent.id, sent.info);
    return sent.id;
  }

  /**
   * Initialize, append, finalize and the alt text: the media exists on X from here, still processing when
   * `info` says so. It expires `expires_after_secs` after the finalize unless a post uses it (§6.3).
   */
  async send(token: string, media: PublishMedia) {
    const init = parseAnswer(
      "twitter",
      Created,
      await this.api.json(token, "POST", `${this.api.base}/2/media/upload/initialize`, {
        media_type: media.mimeType,
        total_bytes: media.size,
        media_category: mediaCategory(media),
      }),
      false,
    );
    const id = init.data.id;
    let segment = 0;
    for await (const chunk of byteChunks(await media.open(), APPEND_CHUNK)) {
      const form = new FormData();
      form.set("segment_index", String(segment++));
      form.set("media", new Blob([chunk], { type: media.mimeType }));
      await this.api.call(token, "POST", `${this.api.base}/2/media/upload/${id}/append`, form);
    }
    const finalizedAt = this.deps.now();
    const fin = parseAnswer(
      "twitter",
      Finalized,
      await this.api.json(token, "POST", `${this.api.base}/2/media/upload/${id}/finalize`),
      false,
    );
    if (media.altText) {
      await this.api.call(token, "POST", `${this.api.base}/2/media/metadata`, {
        id,
        metadata: { alt_text: { text: media.altText.slice(0, 1000) } },
      });
    }
    const expiresAt = fin.data.expires_after_secs ? finalizedAt + fin.data.expires_after_secs * 1000 : null;
    return { id, info: fin.data.processing_info, expiresAt };
  }

  /** Polls STATUS until the media succeeded; a failed processing is permanent, a slow one retryable. */
  async processed(token: string, id: string, first: ProcessingInfo | undefined): Promise<void> {
    let info = first;
    for (let poll = 0; info && info.state !== "succeeded"; poll++) {
      if (info.state === "failed") throw processingFailed(info);
      if (poll >= MAX_STATUS_POLLS)
        throw new PlatformError("retryable", "X is still processing the media.", {
          platform: "twitter",
          retryAfterMs: 60_000,
        });
      await this.deps.sleep((info.check_after_secs ?? 1) * 1000);
      info = await this.processingInfo(token, id);
    }
  }

  async processingInfo(token: string, id: string): Promise<ProcessingInfo | undefined> {
    const res = await this.api.json<{ data: { processing_info?: ProcessingInfo } }>(
      token,
      "GET",
      `${this.api.base}/2/media/upload?command=STATUS&media_id=${id}`,
    );
    return res.data.processing_info;
  }
}
