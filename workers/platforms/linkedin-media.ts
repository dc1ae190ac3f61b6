import { byteChunks, readAll } from "./byte-chunks";
import type { LinkedInApi } from "./linkedin-api";
import type { ClientDeps } from "./registry";
import { PlatformError, type PublishMedia } from "./types";

const MAX_VIDEO_POLLS = 10;

export const isVideo = (urn: string) => urn.startsWith("urn:li:video:");
export const videoFailed = () =>
  new PlatformError("permanent", "LinkedIn could not process the video.", { platform: "linkedin" });

/** §4.4: images and videos go up ahead of the post that uses them; a video is processed before it may be used. */
export class LinkedInMedia {
  constructor(
    private readonly api: LinkedInApi,
    private readonly deps: Pick<ClientDeps, "sleep">,
  ) {}

  /** One upload of an image or a video; a video is still processing afterwards. */
  async send(token: string, owner: string, media: PublishMedia) {
    return media.kind === "video"
      ? { urn: await this.sendVideo(token, owner, media), video: true }
      : { urn: await this.sendImage(token, owner, media), video: false };
  }

  private async sendImage(token: string, owner: string, media: PublishMedia): Promise<string> {
    const init = await this.api.json<{ value: { uploadUrl: string; image: string } }>(
      token,
      "POST",
      `${this.api.base}/rest/images?action=initializeUpload`,
      {
        initializeUploadRequest: { owner },
      },
    );
    const bytes = await readAll(await media.open());
    await this.api.upload(token, init.value.uploadUrl, bytes, media.mimeType);
    return init.value.image;
  }

  /** §4.4: PUT each byte range to its own uploadUrl, verbatim, then finalize with the parts' ETags. */
  private async sendVideo(token: string, owner: string, media: PublishMedia): Promise<string> {
    const init = await this.api.json<{
      value: {
        video: string;
        uploadToken?: string;
        uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
      };
    }>(token, "POST", `${this.api.base}/rest/videos?action=initializeUpload`, {
      initializeUploadRequest: { owner, fileSizeBytes: media.size, uploadCaptions: false, uploadThumbnail: false },
    });
    const instructions = [...init.value.uploadInstructions].sort((a, b) => a.firstByte - b.firstByte);
    const partIds: string[] = [];
    const stream = await media.open();
    // Parts are equal-sized except the last, so one chunk size lines the stream up with every instruction.
    const partSize = instructions[0]!.lastByte - instructions[0]!.firstByte + 1;
    let i = 0;
    for await (const chunk of byteChunks(stream, partSize)) {
      const part = instructions[i++];
      if (!part || chunk.length !== part.lastByte - part.firstByte + 1) {
        throw new PlatformError("permanent", "The video's size does not match LinkedIn's upload instructions.", {
          platform: "linkedin",
        });
      }
      const res = await this.api.upload(token, part.uploadUrl, chunk, "application/octet-stream");
      partIds.push((res.headers.get("etag") ?? "").replace(/^W\//, "").replace(/"/g, ""));
    }
    await this.api.call(token, "POST", `${this.api.base}/rest/videos?action=finalizeUpload`, {
      finalizeUploadRequest: {
        video: init.value.video,
        uploadToken: init.value.uploadToken ?? "",
        uploadedPartIds: partIds,
      },
    });
    return init.value.video;
  }

  /** Polls the video until AVAILABLE (a post may only use it then, §4.4). */
  async available(token: string, urn: string): Promise<void> {
    for (let poll = 0; poll < MAX_VIDEO_POLLS; poll++) {
      const status = await this.videoStatus(token, urn);
      if (status === "AVAILABLE") return;
      if (status === "PROCESSING_FAILED") throw videoFailed();
      await this.deps.sleep(2000);
    }
    throw new PlatformError("retryable", "LinkedIn is still processing the video.", {
      platform: "linkedin",
      retryAfterMs: 60_000,
    });
  }

  async videoStatus(token: string, urn: string): Promise<string> {
    return (
      await this.api.json<{ status: string }>(token, "GET", `${this.api.base}/rest/videos/${encodeURIComponent(urn)}`)
    ).status;
  }
}
