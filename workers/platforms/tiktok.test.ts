import { beforeEach, describe, expect, it } from "vitest";
import { ORIGIN } from "../test/helpers";
import { jpegBytes, mp4Bytes as realMp4 } from "../test/media-fixtures";
import { mediaLinks } from "../test/media-links";
import { advanceEmulator, armFault, raw, startEmulatorWindow } from "../test/oauth";
import { clearFaults, consent, media, mp4Bytes, pngBytes, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { TikTokClient } from "./tiktok";
import { type TikTokDeployment, TikTokMessages } from "./tiktok-settings";
import { type AccountCredentials, PlatformError, type PublishRequest, type StagedMedia } from "./types";

const REDIRECT = "http://localhost/api/auth/tiktok/callback";
const MB = 1024 * 1024;
const clientFor = (tiktok?: TikTokDeployment) =>
  new TikTokClient({
    ...sandboxDeps(),
    credentials: { tiktok: { clientId: "tt-test-key", clientSecret: "tt-test-secret" } },
    // Waiting between status polls moves the emulator's clock instead of sleeping.
    sleep: (ms) => advanceEmulator(ms),
    tiktok,
  });
const client = clientFor();
const DEMO = "-000OpenIdPostlineDemo";
const BAKERY = "-000OpenIdCornerBakery";

async function connect(choice = DEMO, c = client) {
  const verifier = `tiktok-verifier-${crypto.randomUUID()}`;
  const url = c.authorizeUrl({ state: "st", redirectUri: REDIRECT, codeVerifier: verifier });
  const back = await consent(url, { choices: [choice] });
  const tokens = await c.exchangeCode({
    code: back.searchParams.get("code")!,
    redirectUri: REDIRECT,
    codeVerifier: verifier,
  });
  const [user] = await c.accounts(tokens);
  const account: AccountCredentials = {
    platformUserId: user!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: user!.accountType,
    metadata: user!.metadata ?? {},
  };
  return { url, tokens, user: user!, account };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}

const video = (bytes: Uint8Array, seconds = 20) => ({ ...media("video", "video/mp4", bytes), durationSec: seconds });
const unique = (s: string) => `${s} ${crypto.randomUUID().slice(0, 8)}`;

async function settings(body: Record<string, number>) {
  const res = await raw("/sandbox/settings", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(200);
}

/** What the creator's public profile lists (the Display API's video/list). */
async function listed(account: AccountCredentials) {
  const res = await sandboxFetch("https://open.tiktokapis.com/v2/video/list/?fields=id,title", {
    method: "POST",
    headers: { Authorization: `Bearer ${account.accessToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ max_count: 20 }),
  });
  return (await res.json<{ data: { videos: { id: string; title: string }[] } }>()).data.videos;
}

beforeEach(async () => {
  await clearFaults();
  await settings({ tiktokAudited: 1 });
});

describe("TikTok client against the emulator", () => {
  it("connects with client_key and a hex PKCE challenge, reads the creator's options, and refreshes with rotation", async () => {
    const { url, tokens, user } = await connect();
    expect(url.pathname).toBe("/sandbox/www.tiktok.com/v2/auth/authorize/");
    expect(url.searchParams.get("client_key")).toBe("tt-test-key");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get("scope")).toBe(
      "user.info.basic,user.info.profile,user.info.stats,video.publish,video.list",
    );
    expect(user).toMatchObject({
      platformUserId: DEMO,
      username: "postline.demo",
      displayName: "Postline Demo",
      metadata: {
        username: "postline.demo",
        creator: {
          privacyLevelOptions: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"],
          commentDisabled: false,
          maxVideoPostDurationSec: 600,
        },
      },
    });
    // Lifetimes are TikTok's own numbers: a day for the access token, a year for the refresh token.
    expect(tokens.expiresAt! - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(tokens.refreshExpiresAt! - Date.now()).toBeGreaterThan(364 * 86_400_000);
    const renewed = await client.refresh(tokens);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    const reused = await failure(client.refresh(tokens));
    expect(reused.kind).toBe("auth");
    expect(reused.message).toBe("Refresh token is invalid or expired.");
  });

  it("posts a video by FILE_UPLOAD, polls until PUBLISH_COMPLETE, and reads its counts", async () => {
    const { account } = await connect();
    const text = unique("Fresh bread at 7 #bakery");
    const bytes = mp4Bytes(6 * MB);
    const result = await client.publish(account, {
      marker: "t1",
      text,
      media: [video(bytes)],
      options: { tiktokPrivacy: "PUBLIC_TO_EVERYONE", tiktokAllowComment: true },
    });
    expect(result.remoteId).toMatch(/^\d{19}$/);
    expect(result.permalink).toBe(`https://www.tiktok.com/@postline.demo/video/${result.remoteId}`);
    expect((await listed(account)).filter((v) => v.title === text).map((v) => v.id)).toEqual([result.remoteId]);
    await advanceEmulator(6 * 3600_000);
    const metrics = await client.postMetrics(account, result.remoteId);
    expect(metrics.videoViews).toBeGreaterThan(0);
    expect(metrics.likes).toBeGreaterThan(0);
    expect((await client.accountMetrics(account)).followers).toBeGreaterThan(0);
  });

  it("posts JPEG photos by PULL_FROM_URL and refuses a PNG before calling TikTok", async () => {
    const { account } = await connect();
    const { urls } = await mediaLinks({ a: { bytes: jpegBytes(1080, 1920), name: "a.jpg" } });
    const text = unique("Today's specials");
    const result = await client.publish(account, {
      marker: "t2",
      text,
      title: "Specials",
      media: [{ ...media("image", "image/jpeg", jpegBytes(1080, 1920)), url: urls.a }],
      options: { tiktokPrivacy: "PUBLIC_TO_EVERYONE" },
    });
    expect(result.remoteId).toMatch(/^\d{19}$/);
    const png = await failure(
      client.publish(account, {
        marker: "t3",
        text,
        media: [media("image", "image/png", pngBytes())],
        options: { tiktokPrivacy: "SELF_ONLY" },
      }),
    );
    expect(png).toMatchObject({
      kind: "permanent",
      message: "TikTok takes JPEG or WebP photos only (not PNG or GIF).",
    });
  });

  it("sends a photo post's description of up to 4,000 characters and a video's caption of up to 2,200, refusing more before calling TikTok", async () => {
    const { account } = await connect();
    const { urls } = await mediaLinks({ a: { bytes: jpegBytes(1080, 1920), name: "a.jpg" } });
    const photo = [{ ...media("image", "image/jpeg", jpegBytes(1080, 1920)), url: urls.a }];
    const long = unique("Our week in bread ").padEnd(4000, ".");
    const result = await client.publish(account, {
      marker: "t-desc",
      text: long,
      media: photo,
      options: { tiktokPrivacy: "SELF_ONLY" },
    });
    expect(result.remoteId).toBeTruthy();
    const tooLong = await failure(
      client.publish(account, {
        marker: "t-desc2",
        text: `${long}!`,
        media: photo,
        options: { tiktokPrivacy: "SELF_ONLY" },
      }),
    );
    expect(tooLong).toMatchObject({
      kind: "permanent",
      message: "A TikTok photo post's description takes up to 4,000 characters; this one has 4,001.",
    });
    const caption = await failure(
      client.publish(account, {
        marker: "t-cap",
        text: "a".repeat(2201),
        media: [video(mp4Bytes(MB))],
        options: { tiktokPrivacy: "SELF_ONLY" },
      }),
    );
    expect(caption).toMatchObject({
      kind: "permanent",
      message: "A TikTok video's caption takes up to 2,200 characters; this one has 2,201.",
    });
  });

  it("holds the post to the creator's settings: a privacy must be chosen, and switches the creator turned off stay off", async () => {
    const { account } = await connect(BAKERY);
    const post = (options: PublishRequest["options"], seconds = 20) =>
      client.publish(account, { marker: "t4", text: "x", media: [video(mp4Bytes(1 * MB), seconds)], options });
    expect((await failure(post({}))).message).toBe("Choose who can see this TikTok post");
    expect((await failure(post({ tiktokPrivacy: "MUTUAL_FOLLOW_FRIENDS" }))).message).toBe(
      "This TikTok account can post to: Everyone, Followers, Only me",
    );
    expect((await failure(post({ tiktokPrivacy: "SELF_ONLY", tiktokAllowComment: true }))).message).toBe(
      "Comments are turned off for this TikTok account",
    );
    expect((await failure(post({ tiktokPrivacy: "SELF_ONLY" }, 90))).message).toBe(
      "This video is 90 s; this TikTok account can post videos up to 60 s",
    );
  });

  it("an unaudited app posts only privately: a public post is refused in TikTok's words, a private one has no public id", async () => {
    await settings({ tiktokAudited: 0 });
    const { account } = await connect();
    const request = (tiktokPrivacy: "PUBLIC_TO_EVERYONE" | "SELF_ONLY") => ({
      marker: "t5",
      text: unique("Behind the counter"),
      media: [video(mp4Bytes(2 * MB))],
      options: { tiktokPrivacy },
    });
    const refused = await failure(client.publish(account, request("PUBLIC_TO_EVERYONE")));
    expect(refused).toMatchObject({
      kind: "permanent",
      message: "Unaudited clients can only post with SELF_ONLY visibility.",
      details: { code: "unaudited_client_can_only_post_to_private_accounts", status: 403 },
    });
    const mine = await client.publish(account, request("SELF_ONLY"));
    expect(mine).toEqual({ remoteId: expect.stringMatching(/^v_pub_file~/), permalink: null });
  });

  it("records the publish_id before uploading; a retry after a failed chunk sends only the missing bytes, one post", async () => {
    const { account } = await connect();
    const text = unique("Two chunks, one post");
    const handles: StagedMedia[] = [];
    const request: PublishRequest = {
      marker: "t6",
      text,
      media: [video(mp4Bytes(21 * MB))],
      options: { tiktokPrivacy: "PUBLIC_TO_EVERYONE" },
      recordHandle: async (h) => void handles.push(h),
    };
    await armFault("tiktok", "500", 1, { method: "PUT", after: 1 });
    const failed = await failure(client.publish(account, request));
    expect(failed.kind).toBe("retryable");
    expect(handles).toHaveLength(1);
    const result = await client.staging.publish(account, request, handles[0]!);
    expect(result.remoteId).toMatch(/^\d{19}$/);
    expect((await listed(account)).filter((v) => v.title === text)).toHaveLength(1);
    expect(await client.staging.find(account, request, handles[0]!)).toEqual(result);
  });

  it("answers TikTok's rate limits as retryable: creator_info takes 20 calls a minute per token", async () => {
    // At the start of a fresh minute on the emulator's clock, so the calls share one window.
    await startEmulatorWindow(60_000, 1);
    const { account } = await connect();
    for (let i = 0; i < 19; i++) await client.creator(account.accessToken);
    const limited = await failure(client.creator(account.accessToken));
    expect(limited).toMatchObject({ kind: "retryable", details: { code: "rate_limit_exceeded", status: 429 } });
    expect(limited.details.retryAfterMs).toBe(60_000);
  });
});

describe("TikTok as this server's app is registered", () => {
  it("an unaudited app offers only Only me and refuses anything else in plain words before calling TikTok", async () => {
    await settings({ tiktokAudited: 0 });
    const unaudited = clientFor({ privateOnly: true, verifiedUrlPrefixes: [] });
    const { user, account } = await connect(DEMO, unaudited);
    expect(user.metadata?.creator).toMatchObject({ privacyLevelOptions: ["SELF_ONLY"], privateOnly: true });
    const request = (tiktokPrivacy: "PUBLIC_TO_EVERYONE" | "SELF_ONLY") => ({
      marker: "t8",
      text: unique("Private until audited"),
      media: [video(mp4Bytes(1 * MB))],
      options: { tiktokPrivacy },
    });
    const refused = await failure(unaudited.publish(account, request("PUBLIC_TO_EVERYONE")));
    expect([refused.kind, refused.message, refused.details.status]).toEqual([
      "permanent",
      TikTokMessages.privateOnly,
      undefined,
    ]);
    expect(await unaudited.publish(account, request("SELF_ONLY"))).toMatchObject({ permalink: null });
  });

  it("pulls a video from a verified URL prefix: one init, the publish_id recorded, no upload", async () => {
    const pulling = clientFor({ privateOnly: false, verifiedUrlPrefixes: [`${ORIGIN}/media/`] });
    const { account } = await connect(DEMO, pulling);
    const bytes = await realMp4({ width: 1080, height: 1920, seconds: 2 });
    const { urls } = await mediaLinks({ v: { bytes, name: "clip.mp4" } });
    const handles: StagedMedia[] = [];
    const text = unique("Pulled by TikTok");
    const request: PublishRequest = {
      marker: "t9",
      text,
      media: [{ ...video(bytes, 2), url: urls.v, open: () => Promise.reject(new Error("not uploaded")) }],
      options: { tiktokPrivacy: "PUBLIC_TO_EVERYONE" },
      recordHandle: async (h) => void handles.push(h),
    };
    const result = await pulling.publish(account, request);
    expect(result.remoteId).toMatch(/^\d{19}$/);
    expect(handles.map((h) => h.remoteId)).toEqual([expect.stringMatching(/^v_pub_url~[^ ]+$/)]);
    expect((await listed(account)).filter((v) => v.title === text)).toHaveLength(1);
  });

  it("a verified prefix on a domain TikTok cannot confirm is refused with url_ownership_unverified", async () => {
    const foreign = clientFor({ privateOnly: false, verifiedUrlPrefixes: ["https://cdn.example.com/"] });
    const { account } = await connect(DEMO, foreign);
    const refused = await failure(
      foreign.publish(account, {
        marker: "t10",
        text: unique("Elsewhere"),
        media: [{ ...video(mp4Bytes(1 * MB)), url: "https://cdn.example.com/clip.mp4" }],
        options: { tiktokPrivacy: "SELF_ONLY" },
      }),
    );
    expect(refused).toMatchObject({ kind: "permanent", details: { code: "url_ownership_unverified", status: 403 } });
  });

  it("a lost post is not taken for missing while TikTok may still review it, and a private one is never guessed", async () => {
    const { account } = await connect();
    const text = unique("Not listed yet");
    await expect(client.findPublished(account, "t11", Date.now(), text, {})).rejects.toMatchObject({
      kind: "retryable",
    });
    await expect(
      client.findPublished(account, "t11", Date.now(), text, { tiktokPrivacy: "SELF_ONLY" }),
    ).rejects.toMatchObject({ kind: "permanent" });
    expect(await client.findPublished(account, "t11", Date.now() - 3_600_000, text, {})).toBeNull();
  });
});
