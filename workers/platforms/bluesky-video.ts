import { z } from "zod";
import { refuse } from "./bluesky-rules";
import { aspectOf, blobRef } from "./bluesky-shapes";
import type { Xrpc } from "./bluesky-xrpc";
import type { ClientDeps } from "./registry";
import { type AccountCredentials, PlatformError, type PublishMedia } from "./types";

/**
 * A Bluesky video goes through the video service (docs.bsky.app's video tutorial, app.bsky.video.*): a
 * service-auth token from the account's PDS (`aud` the PDS's did:web, `lxm` com.atproto.repo.uploadBlob, because
 * the service uploads the processed video to that PDS for the account), the upload, then the job polled until it
 * carries the blob an app.bsky.embed.video references. The service keys jobs by content: the same video uploaded
 * again answers 409 `already_exists` with the earlier job, so a retry never processes it twice (ADR 090).
 */

const VIDEO_SERVICE_DID = "did:web:video.bsky.app";
/** Polls back off from 1.5 s to 10 s; after 5 minutes the queue brings the post back, which resumes the job. */
const FIRST_POLL_MS = 1_500;
const MAX_POLL_MS = 10_000;
const WAIT_BUDGET_MS = 5 * 60_000;
const STILL_PROCESSING_RETRY_MS = 60_000;

export const jobStatus = z.object({
  jobId: z.string(),
  did: z.string(),
  state: z.string(),
  progress: z.number().optional(),
  blob: blobRef.optional(),
  error: z.string().optional(),
  failureCode: z.string().optional(),
  message: z.string().optional(),
});
export type JobStatus = z.output<typeof jobStatus>;

/** The lexicon wraps the status in `jobStatus`; the service has been seen answering it bare (atproto#3097). */
const statusAnswer = z
  .union([z.object({ jobStatus }), jobStatus])
  .transform((a) => ("jobStatus" in a ? a.jobStatus : a));
const limitsAnswer = z.object({
  canUpload: z.boolean(),
  remainingDailyVideos: z.number().optional(),
  remainingDailyBytes: z.number().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
});

type BlobRef = z.output<typeof blobRef>;

/**
 * app.bsky.embed.video with the processed blob, the alt text, the video's shape and its captions: each WebVTT file uploaded
 * as a text/vtt blob on the PDS and named by its language (app.bsky.embed.video#caption).
 */
export async function videoEmbed(
  video: PublishMedia,
  blob: BlobRef,
  upload: (bytes: Uint8Array<ArrayBuffer>, type: string) => Promise<BlobRef>,
) {
  const captions = [];
  for (const c of video.captions ?? []) {
    const bytes = new Uint8Array(await new Response(await c.open()).arrayBuffer());
    captions.push({ lang: c.lang, file: await upload(bytes, "text/vtt") });
  }
  return {
    $type: "app.bsky.embed.video",
    video: blob,
    ...(captions.length && { captions }),
    ...(video.altText && { alt: video.altText }),
    ...aspectOf(video),
  };
}

/** The next wait between polls: half again the last, at most 10 s. */
export const nextPollMs = (last: number) => Math.min(MAX_POLL_MS, Math.round(last * 1.5));

export class BlueskyVideo {
  constructor(
    private readonly xrpc: Xrpc,
    private readonly deps: ClientDeps,
  ) {}

  /**
   * com.atproto.server.getServiceAuth on the account's PDS: a token for `aud`, good for `lxm` only. Its expiry is
   * left to the PDS (a minute on its own clock): each token is used at once, and no clock skew between Postline and
   * the PDS can make one born expired.
   */
  private async serviceToken(account: AccountCredentials, pds: string, aud: string, lxm: string) {
    const { token } = await this.xrpc.call(pds, "com.atproto.server.getServiceAuth", z.object({ token: z.string() }), {
      token: account.accessToken,
      params: { aud, lxm },
    });
    return token;
  }

  /**
   * Checks the account's daily allowance, uploads the video and answers its job (the earlier one when the service
   * already has this video). Refusals name the service's reason.
   */
  async upload(account: AccountCredentials, pds: string, video: PublishMedia, name: string): Promise<JobStatus> {
    const base = this.deps.endpoints.BSKY_VIDEO_BASE;
    const limitsToken = await this.serviceToken(account, pds, VIDEO_SERVICE_DID, "app.bsky.video.getUploadLimits");
    const limits = await this.xrpc.call(base, "app.bsky.video.getUploadLimits", limitsAnswer, { token: limitsToken });
    if (!limits.canUpload || (limits.remainingDailyBytes !== undefined && limits.remainingDailyBytes < video.size))
      throw new PlatformError(
        "retryable",
        `Bluesky's daily video allowance is used up (${limits.message ?? "no videos or bytes left today"}); Postline tries again later.`,
        { platform: "bluesky", code: "UploadLimit", retryAfterMs: 3_600_000 },
      );
    const pdsDid = `did:web:${new URL(pds).host}`;
    const body = await new Response(await video.open()).blob();
    const token = await this.serviceToken(account, pds, pdsDid, "com.atproto.repo.uploadBlob");
    const job = await this.xrpc.call(base, "app.bsky.video.uploadVideo", statusAnswer, {
      token,
      params: { did: account.platformUserId, name: `${name}.${video.mimeType === "video/quicktime" ? "mov" : "mp4"}` },
      body,
      headers: { "Content-Type": video.mimeType },
      accept: [409],
      timeoutMs: 120_000,
    });
    if (!job.jobId) throw refuse(`Bluesky did not take the video: ${job.message ?? job.error ?? "no reason given"}`);
    return job;
  }

  /** app.bsky.video.getJobStatus (no auth: the job id is the secret). */
  status(jobId: string): Promise<JobStatus> {
    return this.xrpc.call(this.deps.endpoints.BSKY_VIDEO_BASE, "app.bsky.video.getJobStatus", statusAnswer, {
      params: { jobId },
    });
  }

  /**
   * Polls the job until it carries its blob (the docs: use a blob whenever one comes, whatever the state says). A
   * failed job throws its reason; one still processing after the budget is retried later, resuming this job.
   */
  async blob(first: JobStatus) {
    let job = first;
    let waited = 0;
    for (let wait = FIRST_POLL_MS; ; wait = nextPollMs(wait)) {
      if (job.blob) return job.blob;
      if (job.state === "JOB_STATE_FAILED")
        throw new PlatformError(
          "permanent",
          `Bluesky could not process the video: ${job.error ?? job.message ?? "no reason given"}`,
          { platform: "bluesky", code: job.failureCode },
        );
      if (waited >= WAIT_BUDGET_MS)
        throw new PlatformError("retryable", "Bluesky is still processing the video; Postline checks again shortly.", {
          platform: "bluesky",
          retryAfterMs: STILL_PROCESSING_RETRY_MS,
        });
      await this.deps.sleep(wait);
      waited += wait;
      job = await this.status(job.jobId);
    }
  }
}
