import { beforeEach, describe, expect, it } from "vitest";
import { mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, armFault, startEmulatorWindow } from "../test/oauth";
import { clearFaults, failure, media, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { BlueskyClient } from "./bluesky";
import type { AccountCredentials, PublishMedia, StagedMedia } from "./types";

/**
 * Bluesky video end to end against the emulated PDS and video service: service auth, the upload, the job polled
 * over the emulator clock, and the post with its app.bsky.embed.video and captions (ADR 090, 099).
 */
// Waiting for the job moves the emulator's clock instead of sleeping.
const client = new BlueskyClient({ ...sandboxDeps(), sleep: advanceEmulator });
const DEMO = { handle: "postline-demo.bsky.social", did: "did:plc:pstlndemo2kitchen3bakery" };
const PDS = "https://bsky.social";
const VIDEO = "https://video.bsky.app";

async function signIn(): Promise<AccountCredentials> {
  const { tokens, accounts } = await client.signIn({ identifier: DEMO.handle, password: "pstl-demo-bsky-apps" });
  return {
    platformUserId: accounts[0]!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: "personal",
    metadata: accounts[0]!.metadata!,
  };
}

/** XRPC at any emulated host, as an app calls it. */
async function xrpc(base: string, nsid: string, init: { token?: string; body?: Uint8Array; type?: string } = {}) {
  const [name, query] = nsid.split("?");
  const res = await sandboxFetch(`${base}/xrpc/${name}${query ? `?${query}` : ""}`, {
    method: init.body ? "POST" : "GET",
    headers: {
      ...(init.token && { Authorization: `Bearer ${init.token}` }),
      ...(init.type && { "Content-Type": init.type }),
    },
    body: init.body as Uint8Array<ArrayBuffer> | undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function serviceToken(account: AccountCredentials, aud: string, lxm: string) {
  const res = await xrpc(PDS, `com.atproto.server.getServiceAuth?aud=${aud}&lxm=${lxm}`, {
    token: account.accessToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

/** An MP4 whose movie header says `seconds` (all the emulated encoder reads of its length). */
function mp4Lasting(seconds: number, filler = crypto.randomUUID()) {
  const bytes = new Uint8Array(96);
  const view = new DataView(bytes.buffer);
  const ascii = (s: string, at: number) => bytes.set(new TextEncoder().encode(s), at);
  view.setUint32(0, 16);
  ascii("ftypisom", 4);
  view.setUint32(16, 108);
  ascii("mvhd", 20);
  view.setUint32(36, 1000);
  view.setUint32(40, seconds * 1000);
  ascii(filler.slice(0, 36), 56);
  return bytes;
}

/** A video of its own bytes: the service keys jobs by content, so every test uploads a different one. */
async function clip(alt?: string): Promise<PublishMedia> {
  const bytes = await mp4Bytes({ width: 1280, height: 720, seconds: 1 });
  const unique = new Uint8Array([...bytes, ...new TextEncoder().encode(crypto.randomUUID())]);
  return { ...media("video", "video/mp4", unique, alt), width: 1280, height: 720, durationSec: 1 };
}

const request = (text: string, video: PublishMedia, recorded?: StagedMedia[]) => ({
  marker: crypto.randomUUID(),
  createdAt: Date.now(),
  text,
  media: [video],
  recordHandle: async (h: StagedMedia) => void recorded?.push(h),
});

async function record(uri: string) {
  const [, , repo, collection, rkey] = uri.split("/");
  return (await xrpc(PDS, `com.atproto.repo.getRecord?repo=${repo}&collection=${collection}&rkey=${rkey}`)).body;
}

beforeEach(clearFaults);

describe("the emulated video service (as the docs describe it)", () => {
  it("hands out service auth for a named audience and method, and refuses an expiry over an hour", async () => {
    const account = await signIn();
    const missing = await xrpc(PDS, "com.atproto.server.getServiceAuth", { token: account.accessToken });
    expect([missing.status, missing.body.error]).toEqual([400, "InvalidRequest"]);
    const far = Math.floor(Date.now() / 1000) + 2 * 3600;
    const tooLong = await xrpc(
      PDS,
      `com.atproto.server.getServiceAuth?aud=did:web:bsky.social&lxm=com.atproto.repo.uploadBlob&exp=${far}`,
      { token: account.accessToken },
    );
    expect([tooLong.status, tooLong.body.error]).toEqual([400, "BadExpiration"]);
    const anonymous = await xrpc(PDS, "com.atproto.server.getServiceAuth?aud=did:web:bsky.social");
    expect(anonymous.status).toBe(401);
  });

  it("takes an upload only with a token for the PDS's uploadBlob, processes it over time, and dedupes by content", async () => {
    const account = await signIn();
    const bytes = mp4Lasting(30);
    const upload = (token?: string) =>
      xrpc(VIDEO, `app.bsky.video.uploadVideo?did=${DEMO.did}&name=a.mp4`, { token, body: bytes, type: "video/mp4" });
    expect((await upload()).status).toBe(401);
    const wrongMethod = await upload(await serviceToken(account, "did:web:bsky.social", "app.bsky.feed.getPosts"));
    expect([wrongMethod.status, wrongMethod.body.error]).toEqual([401, "BadJwtLexiconMethod"]);
    const wrongAudience = await upload(
      await serviceToken(account, "did:web:video.bsky.app", "com.atproto.repo.uploadBlob"),
    );
    expect([wrongAudience.status, wrongAudience.body.error]).toEqual([401, "BadJwtAudience"]);

    const token = await serviceToken(account, "did:web:bsky.social", "com.atproto.repo.uploadBlob");
    const created = await upload(token);
    expect(created.status).toBe(200);
    const { jobId } = created.body.jobStatus;
    expect(created.body.jobStatus).toMatchObject({ did: DEMO.did, state: "JOB_STATE_CREATED" });
    await advanceEmulator(5_000);
    const midway = (await xrpc(VIDEO, `app.bsky.video.getJobStatus?jobId=${jobId}`)).body.jobStatus;
    expect(midway.state).toBe("JOB_STATE_ENCODING");
    expect(midway.blob).toBeUndefined();
    await advanceEmulator(60_000);
    const done = (await xrpc(VIDEO, `app.bsky.video.getJobStatus?jobId=${jobId}`)).body.jobStatus;
    expect(done).toMatchObject({ state: "JOB_STATE_COMPLETED", blob: { $type: "blob", mimeType: "video/mp4" } });

    // The token lived a minute (no exp asked): expired now, so the second upload needs a new one.
    expect((await upload(token)).body.error).toBe("JwtExpired");
    const again = await upload(await serviceToken(account, "did:web:bsky.social", "com.atproto.repo.uploadBlob"));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ jobId, error: "already_exists", state: "JOB_STATE_COMPLETED" });
  });

  it("fails a job over three minutes with the encoder's reason, and says how many uploads are left today", async () => {
    // Uploads count per UTC day of the emulator's clock: start at its noon, so the minute advanced stays in it.
    await startEmulatorWindow(86_400_000, 12 * 3_600_000);
    const account = await signIn();
    const token = await serviceToken(account, "did:web:bsky.social", "com.atproto.repo.uploadBlob");
    const long = await xrpc(VIDEO, `app.bsky.video.uploadVideo?did=${DEMO.did}`, {
      token,
      body: mp4Lasting(200),
      type: "video/mp4",
    });
    await advanceEmulator(60_000);
    const failed = (await xrpc(VIDEO, `app.bsky.video.getJobStatus?jobId=${long.body.jobStatus.jobId}`)).body;
    expect(failed.jobStatus).toMatchObject({ state: "JOB_STATE_FAILED", failureCode: "validation_failure" });
    expect(failed.jobStatus.error).toBe("Video is too long (max 3 minutes)");
    const limits = await xrpc(VIDEO, "app.bsky.video.getUploadLimits", {
      token: await serviceToken(account, "did:web:video.bsky.app", "app.bsky.video.getUploadLimits"),
    });
    expect(limits.body.canUpload).toBe(true);
    expect(limits.body.remainingDailyVideos).toBeLessThan(25);
  });

  it("validates app.bsky.embed.video on createRecord: the blob must be a processed video", async () => {
    const account = await signIn();
    const image = await xrpc(PDS, "com.atproto.repo.uploadBlob", {
      token: account.accessToken,
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
      type: "image/png",
    });
    const res = await sandboxFetch(`${PDS}/xrpc/com.atproto.repo.createRecord`, {
      method: "POST",
      headers: { Authorization: `Bearer ${account.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        repo: DEMO.did,
        collection: "app.bsky.feed.post",
        record: {
          $type: "app.bsky.feed.post",
          text: "not a video",
          createdAt: new Date().toISOString(),
          embed: { $type: "app.bsky.embed.video", video: image.body.blob, aspectRatio: { width: 16, height: 0 } },
        },
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Invalid app.bsky.feed.post record: Record/embed/video has wrong type: image/png (accepts video/mp4)",
    );
  });
});

describe("Bluesky client: a post with a video", () => {
  it("uploads through the video service, waits for the job, and posts the embed with alt text, aspect ratio and captions", async () => {
    const account = await signIn();
    const recorded: StagedMedia[] = [];
    const vtt = (line: string) => async () =>
      new Blob([`WEBVTT\n\n00:00.000 --> 00:01.000\n${line}\n`]).stream() as ReadableStream<Uint8Array>;
    const video = {
      ...(await clip("Dough rising, time-lapse")),
      captions: [
        { lang: "en", open: vtt("The dough rises.") },
        { lang: "pt-BR", open: vtt("A massa cresce.") },
      ],
    };
    const result = await client.publish(account, request("Proofing 🍞", video, recorded));
    expect(recorded).toEqual([
      { remoteId: expect.stringMatching(/^[0-9a-v]{20}$/), ready: false, expiresAt: expect.any(Number) },
    ]);
    const { value } = await record(result.remoteId);
    expect(value.embed).toMatchObject({
      $type: "app.bsky.embed.video",
      video: { $type: "blob", mimeType: "video/mp4" },
      alt: "Dough rising, time-lapse",
      aspectRatio: { width: 1280, height: 720 },
      captions: [
        { lang: "en", file: { $type: "blob", mimeType: "text/vtt" } },
        { lang: "pt-BR", file: { $type: "blob", mimeType: "text/vtt" } },
      ],
    });
  });

  it("resumes a recorded job instead of uploading again, and a resend finds the same post", async () => {
    const account = await signIn();
    const video = await clip();
    const recorded: StagedMedia[] = [];
    const req = request("Resumed", video, recorded);
    // The job's status read fails, after the upload was recorded: the attempt ends there.
    await armFault("bluesky", "500", 5, { path: "getJobStatus" });
    expect((await failure(client.publish(account, req))).kind).toBe("retryable");
    await clearFaults();
    const published = await client.staging.publish(account, req, recorded[0]!);
    expect(recorded).toHaveLength(1);
    expect(await client.staging.find(account, req, recorded[0]!)).toEqual(published);
    // Sent again from the start, the same video is the service's earlier job, and the key the same record.
    expect(await client.publish(account, req)).toEqual(published);
    expect(recorded.map((h) => h.remoteId)).toEqual([recorded[0]!.remoteId, recorded[0]!.remoteId]);
  });

  it("refuses before uploading: a video beside images, one over 100 MB or 3 minutes; names a failed job's reason", async () => {
    const account = await signIn();
    const video = await clip();
    const image = media("image", "image/png", new Uint8Array(10));
    const mixed = await failure(client.publish(account, { ...request("x", video), media: [video, image] }));
    expect(mixed.message).toBe("A Bluesky post takes one video on its own, without images or a second video.");
    const big = await failure(client.publish(account, request("x", { ...video, size: 150_000_000 })));
    expect(big.message).toBe("Bluesky takes videos up to 100 MB; this one is 150 MB.");
    const long = await failure(client.publish(account, request("x", { ...video, durationSec: 240 })));
    expect(long.message).toBe("Bluesky takes videos up to 3 minutes; this one is 240 s.");
    // A length the library could not read: the service's encoder is the one that says.
    const unread = media("video", "video/mp4", mp4Lasting(200));
    const refused = await failure(client.publish(account, request("x", unread)));
    expect([refused.kind, refused.message]).toEqual([
      "permanent",
      "Bluesky could not process the video: Video is too long (max 3 minutes)",
    ]);
  });
});
