import { beforeEach, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, connectViaEmulator, platformHarness } from "../test/oauth";
import { clearFaults, consent, media, mp4Bytes, sandboxDeps } from "../test/platform-sandbox";
import { drizzleOf } from "../test/shards";
import { type AccountCredentials, PlatformError, type PublishMedia } from "./types";
import { YouTubeClient } from "./youtube";

const REDIRECT = "http://localhost/api/auth/youtube/callback";
const CHUNK = 256 * 1024;
const client = new YouTubeClient(sandboxDeps(), CHUNK);
const VERIFIER = "v".repeat(20) + crypto.randomUUID();

async function connect(edit?: (url: URL) => void) {
  const url = client.authorizeUrl({ state: "st", redirectUri: REDIRECT, codeVerifier: VERIFIER });
  edit?.(url);
  const back = await consent(url);
  const tokens = await client.exchangeCode({
    code: back.searchParams.get("code")!,
    redirectUri: REDIRECT,
    codeVerifier: VERIFIER,
  });
  const [channel] = await client.accounts(tokens);
  const account: AccountCredentials = {
    platformUserId: channel!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: "channel",
    metadata: channel!.metadata ?? {},
  };
  return { tokens, channel: channel!, account };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}

/** A video stream in 64 KiB reads; `onEnd` runs when the last byte has been read (before its chunk is sent). */
function video(size: number, onEnd?: () => Promise<void>): PublishMedia {
  const bytes = mp4Bytes(size);
  return {
    ...media("video", "video/mp4", bytes),
    open: async () => {
      let at = 0;
      return new ReadableStream<Uint8Array>({
        async pull(ctl) {
          if (at >= bytes.length) {
            await onEnd?.();
            ctl.close();
            return;
          }
          ctl.enqueue(bytes.slice(at, at + 64 * 1024));
          at += 64 * 1024;
        },
      });
    },
  };
}

beforeEach(async () => {
  await clearFaults();
});

describe("YouTube client against the emulator", () => {
  it("asks Google for offline access with PKCE and connects the chosen channel", async () => {
    const url = client.authorizeUrl({ state: "s", redirectUri: REDIRECT, codeVerifier: VERIFIER });
    expect(url.pathname).toBe("/sandbox/accounts.google.com/o/oauth2/v2/auth");
    expect([
      url.searchParams.get("access_type"),
      url.searchParams.get("prompt"),
      url.searchParams.get("code_challenge_method"),
    ]).toEqual(["offline", "consent", "S256"]);
    const { tokens, channel } = await connect();
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    expect(channel).toMatchObject({
      accountType: "channel",
      displayName: "Postline Demo Kitchen",
      username: "@postlinedemokitchen",
    });
    expect(channel.followerCount).toBeGreaterThan(0);
  });

  it("gets no refresh token without access_type=offline, and refuses a wrong PKCE verifier", async () => {
    const { tokens } = await connect((u) => {
      u.searchParams.delete("access_type");
      u.searchParams.delete("prompt");
    });
    expect(tokens.refreshToken).toBeNull();
    const back = await consent(client.authorizeUrl({ state: "s", redirectUri: REDIRECT, codeVerifier: VERIFIER }));
    const wrong = await failure(
      client.exchangeCode({
        code: back.searchParams.get("code")!,
        redirectUri: REDIRECT,
        codeVerifier: `${VERIFIER}x`,
      }),
    );
    expect([wrong.kind, wrong.message]).toEqual(["auth", "Invalid code verifier."]);
  });

  it("uploads a video through the resumable protocol, chunk by chunk, and reads metrics and comments", async () => {
    const { account, tokens } = await connect();
    const res = await client.publish(account, {
      marker: "tgt-1",
      text: "Ten-minute pasta\nFull recipe below.",
      media: [video(600 * 1024)],
    });
    expect(res.remoteId).toMatch(/^[\w-]{11}$/);
    expect(res.permalink).toBe(`https://www.youtube.com/watch?v=${res.remoteId}`);
    await advanceEmulator(3 * 86_400_000);
    account.accessToken = (await client.refresh(tokens)).accessToken;
    const m = await client.postMetrics(account, res.remoteId);
    expect(m.videoViews).toBeGreaterThan(0);
    expect(m.likes).toBeGreaterThan(0);
    expect(Number.isInteger(m.shares)).toBe(true);
    // Every sample comment is due after three days; the list agrees with the count.
    expect((await client.comments(account, res.remoteId)).length).toBe(Math.min(m.comments, 25));
    expect((await client.accountMetrics(account)).followers).toBeGreaterThan(0);
    await client.deletePost(account, res.remoteId);
    expect((await failure(client.postMetrics(account, res.remoteId))).kind).toBe("permanent");
  });

  it("recovers a lost answer to the last chunk by probing the session, and finds the video by its marker", async () => {
    const { account } = await connect();
    const since = Date.now() - 1000;
    const res = await client.publish(account, {
      marker: "tgt-drop",
      text: "Dropped answer",
      media: [video(300 * 1024, () => armFault("youtube", "drop"))],
    });
    const found = await client.findPublished(account, "tgt-drop", since);
    expect(found).toEqual(res);
    expect(await client.findPublished(account, "tgt-other", since)).toBeNull();
  });

  it("refreshes an expired access token and keeps the refresh token", async () => {
    const { tokens } = await connect();
    await advanceEmulator(3600_000);
    const expired = await failure(client.accounts(tokens));
    expect([expired.kind, expired.details.code]).toEqual(["auth", "authError"]);
    const fresh = await client.refresh(tokens);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect((await client.accounts(fresh))[0]!.displayName).toBe("Postline Demo Kitchen");
  });

  it("classifies faults and YouTube's refusals", async () => {
    const { account } = await connect();
    await armFault("youtube", "429");
    const limited = await failure(client.publish(account, { marker: "m", text: "t", media: [video(1024)] }));
    expect([limited.kind, limited.details.retryAfterMs]).toEqual(["retryable", 60_000]);
    await armFault("youtube", "500");
    expect((await failure(client.accountMetrics(account))).kind).toBe("retryable");
    const bad = await failure(
      client.publish(account, { marker: "m", text: "t", title: "Best <3 video", media: [video(1024)] }),
    );
    expect([bad.kind, bad.message]).toEqual([
      "permanent",
      "The request metadata specifies an invalid or empty video title.",
    ]);
    expect((await failure(client.publish(account, { marker: "m", text: "no video", media: [] }))).kind).toBe(
      "permanent",
    );
  });

  it("connects through the app's routes and the accounts service refreshes the token before it expires", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "youtube");
    const accounts = (
      await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie })
    ).body.data.accounts as {
      _id: string;
      platform: string;
    }[];
    const id = accounts.find((a) => a.platform === "youtube")!._id;
    const h = platformHarness({}, await drizzleOf(u.user.id));
    const before = await h.accounts.accountCredentials(id);
    await advanceEmulator(3600_000);
    h.clock.shiftMs = 3600_000;
    const after = await h.accounts.accountCredentials(id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect((await h.registry.youtube!.accountMetrics(after)).followers).toBeGreaterThan(0);
  });
});
