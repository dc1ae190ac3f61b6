import { z } from "zod";
import { byteChunks } from "./byte-chunks";
import { type PlatformResponse, parseAnswer } from "./http";
import { type AccountCredentials, PlatformError, type PublishRequest } from "./types";
import type { YouTubeApi } from "./youtube-api";

/** The video resource a finished upload answers (§5.3): its id is what everything after relies on. */
export const UploadedVideo = z.object({
  id: z.string().min(1),
  status: z.object({ uploadStatus: z.string().optional() }).optional(),
});

/** Resumable chunks must be multiples of 256 KiB except the last (§5.3). */
export const UPLOAD_CHUNK = 8 * 1024 * 1024;
const MAX_UPLOAD_RECOVERIES = 3;

/** What videos.insert and videos.update take with the video (§5.3). */
export interface VideoResource {
  snippet: { title: string; description: string; tags: string[]; categoryId: string };
  status: { privacyStatus: "public" | "unlisted" | "private"; selfDeclaredMadeForKids: boolean };
}

/** `Range: bytes=0-524287` → bytes the server holds (524288); no header means none. */
export function persistedBytes(range: string | null): number {
  const m = range?.match(/bytes=0-(\d+)/);
  return m ? Number(m[1]) + 1 : 0;
}

/** videos.insert as a resumable upload (§5.3): the session, then the bytes chunk by chunk. */
export class ResumableUpload {
  constructor(
    private readonly api: YouTubeApi,
    /** Bytes per resumable PUT; tests pass 256 KiB to exercise 308 Resume Incomplete with small files. */
    private readonly chunkSize: number,
  ) {}

  async upload(account: AccountCredentials, request: PublishRequest, resource: VideoResource) {
    const video = request.media[0];
    if (request.media.length !== 1 || video?.kind !== "video") {
      throw new PlatformError("permanent", "A YouTube post needs exactly one video.", { platform: "youtube" });
    }
    const init = await this.api.call(
      account.accessToken,
      "POST",
      `${this.api.base}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
      JSON.stringify(resource),
      {
        "Content-Type": "application/json; charset=UTF-8",
        "X-Upload-Content-Length": String(video.size),
        "X-Upload-Content-Type": video.mimeType,
      },
    );
    const location = init.headers.get("location");
    if (!location) throw new PlatformError("retryable", "YouTube opened no upload session.", { platform: "youtube" });
    return parseAnswer(
      "youtube",
      UploadedVideo,
      await this.bytes(account.accessToken, location, await video.open(), video.size, video.mimeType),
      true,
    );
  }

  /** PUTs the bytes chunk by chunk to the session URL, verbatim; 308 tells how much the server kept. */
  private async bytes(
    token: string,
    location: string,
    stream: ReadableStream<Uint8Array>,
    total: number,
    type: string,
  ) {
    let offset = 0;
    let recoveries = 0;
    for await (const chunk of byteChunks(stream, this.chunkSize)) {
      let sent = 0;
      while (sent < chunk.length) {
        const start = offset + sent;
        const end = offset + chunk.length - 1;
        let res: PlatformResponse<{ id: string }>;
        try {
          // Any chunk may be the one that completes the upload, which is what creates the video.
          res = await this.api.call<{ id: string }>(
            token,
            "PUT",
            location,
            chunk.subarray(sent),
            { "Content-Type": type, "Content-Range": `bytes ${start}-${end}/${total}` },
            true,
          );
        } catch (e) {
          if (!(e instanceof PlatformError) || e.kind !== "retryable" || ++recoveries > MAX_UPLOAD_RECOVERIES) throw e;
          res = await this.api.call<{ id: string }>(
            token,
            "PUT",
            location,
            null,
            { "Content-Range": `bytes */${total}` },
            true,
          );
        }
        if (res.status !== 308) return res.data;
        sent = persistedBytes(res.headers.get("range")) - offset;
        if (sent < 0) throw new PlatformError("retryable", "YouTube lost part of the upload.", { platform: "youtube" });
      }
      offset += chunk.length;
    }
    throw new PlatformError("retryable", "YouTube did not confirm the upload.", {
      platform: "youtube",
      outcomeUnknown: true,
    });
  }
}
