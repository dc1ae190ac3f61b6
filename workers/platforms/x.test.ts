import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, startEmulatorWindow } from "../test/oauth";
import { clearFaults, consent, media, mp4Bytes, pngBytes, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { type AccountCredentials, PlatformError } from "./types";
import { XClient } from "./x";

const REDIRECT = "http://localhost/api/auth/twitter/callback";
const client = new XClient(sandboxDeps());
const VERIFIER = `x-verifier-${crypto.randomUUID()}`;

async function connect() {
  const back = await consent(client.authorizeUrl({ state: "st", redirectUri: REDIRECT, codeVerifier: VERIFIER }));
  const tokens = await client.exchangeCode({
    code: back.searchParams.get("code")!,
    redirectUri: REDIRECT,
    codeVerifier: VERIFIER,
  });
  const [user] = await client.accounts(tokens);
  const account: AccountCredentials = {
    platformUserId: user!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: "user",
    metadata: {},
  };
  return { tokens, user: user!, account };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}

const unique = (s: string) => `${s} ${crypto.randomUUID().slice(0, 8)}`;

beforeEach(async () => {
  await clearFaults();
});

describe("X client against the emulator", () => {
  it("connects with PKCE and gets a refresh token for offline.access", async () => {
    const url = client.authorizeUrl({ state: "s", redirectUri: REDIRECT, codeVerifier: VERIFIER });
    expect(url.pathname).toBe("/sandbox/x.com/i/oauth2/authorize");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")!.split(" ")).toEqual(
      expect.arrayContaining(["offline.access", "media.write", "tweet.write"]),
    );
    const { tokens, user } = await connect();
    expect(tokens.refreshToken).toBeTruthy();
    expect(user).toMatchObject({ username: "postline_demo", accountType: "user" });
    expect(user.followerCount).toBeGreaterThan(0);
  });

  it("rotates refresh tokens and refreshes an expired access token", async () => {
    const { tokens } = await connect();
    await advanceEmulator(2 * 3600_000);
    expect((await failure(client.accounts(tokens))).kind).toBe("auth");
    const fresh = await client.refresh(tokens);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect((await client.accounts(fresh))[0]!.username).toBe("postline_demo");
    const reused = await failure(client.refresh(tokens));
    expect([reused.kind, reused.message]).toEqual(["auth", "Value passed for the token was invalid."]);
  });

  it("posts with an image through media upload v2 and reads metrics and replies", async () => {
    const { account } = await connect();
    const res = await client.publish(account, {
      marker: "t",
      text: unique("Fresh beans today"),
      media: [media("image", "image/png", pngBytes(), "Coffee beans")],
    });
    expect(res.remoteId).toMatch(/^\d{19}$/);
    expect(res.permalink).toBe(`https://x.com/i/web/status/${res.remoteId}`);
    await advanceEmulator(3 * 86_400_000);
    const fresh = await client.refresh((await connect()).tokens);
    account.accessToken = fresh.accessToken;
    const m = await client.postMetrics(account, res.remoteId);
    expect(m.impressions).toBeGreaterThan(0);
    expect(m.likes).toBeGreaterThan(0);
    // Every sample reply is due after three days and still inside recent search's 7-day window.
    const replies = await client.comments(account, res.remoteId);
    expect(replies.length).toBe(Math.min(m.comments, 25));
    for (const r of replies) expect(r.text).toMatch(/^@postline_demo /);
    await client.deletePost(account, res.remoteId);
    expect((await failure(client.postMetrics(account, res.remoteId))).kind).toBe("permanent");
  });

  it("waits for a video to finish processing before posting it", async () => {
    const { account } = await connect();
    const res = await client.publish(account, {
      marker: "v",
      text: unique("Clip"),
      media: [media("video", "video/mp4", mp4Bytes(6 * 1024 * 1024))],
    });
    expect(res.remoteId).toMatch(/^\d+$/);
  });

  it("classifies faults and X's refusals", async () => {
    const { account } = await connect();
    await armFault("twitter", "429");
    const limited = await failure(client.publish(account, { marker: "m", text: unique("a"), media: [] }));
    expect(limited.kind).toBe("retryable");
    expect(limited.details.retryAfterMs).toBeGreaterThan(55_000);
    expect(limited.details.retryAfterMs).toBeLessThanOrEqual(61_000);
    await armFault("twitter", "500");
    expect((await failure(client.publish(account, { marker: "m", text: unique("b"), media: [] }))).kind).toBe(
      "retryable",
    );
    const long = await failure(client.publish(account, { marker: "m", text: "é".repeat(281), media: [] }));
    expect(long.kind).toBe("permanent");
    expect(long.message).toMatch(/^Your Tweet text is too long/);
    const text = unique("Once only");
    await client.publish(account, { marker: "m", text, media: [] });
    const dup = await failure(client.publish(account, { marker: "m", text, media: [] }));
    expect([dup.kind, dup.message]).toEqual([
      "permanent",
      "You are not allowed to create a Tweet with duplicate content.",
    ]);
    const wrongType = await failure(
      client.publish(account, { marker: "m", text: unique("c"), media: [media("image", "image/png", mp4Bytes(4096))] }),
    );
    expect(wrongType.message).toMatch(/not a valid image\/png/);
  });

  it("settles a dropped answer by finding the post by its text", async () => {
    const { account } = await connect();
    const since = Date.now() - 1000;
    const text = unique("Lost in transit");
    await armFault("twitter", "drop");
    const lost = await failure(client.publish(account, { marker: "m-1", text, media: [] }));
    expect([lost.kind, lost.details.outcomeUnknown]).toEqual(["retryable", true]);
    expect((await client.findPublished(account, "m-1", since, text))?.permalink).toMatch(
      /^https:\/\/x\.com\/i\/web\/status\/\d+$/,
    );
    expect(await client.findPublished(account, "m-2", since, unique("never"))).toBeNull();
  });

  it("reports the caller's rate-limit window on every response", async () => {
    // X counts per fixed 15 minutes of the emulator's clock: a window that turned between the two calls (a few ms,
    // four times an hour) counted the second afresh. Start at one's start.
    await startEmulatorWindow(15 * 60_000);
    const { tokens } = await connect();
    const first = await sandboxFetch("https://api.x.com/2/users/me", {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    });
    const second = await sandboxFetch("https://api.x.com/2/users/me", {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(first.headers.get("x-rate-limit-limit")).toBe("75");
    expect(Number(second.headers.get("x-rate-limit-remaining"))).toBe(
      Number(first.headers.get("x-rate-limit-remaining")) - 1,
    );
  });

  it("answers 429 once the user's window is spent, and the client waits until its reset", async () => {
    // Spent and refused in one window: one that turned before the refused call (after ~75 calls) answered it.
    await startEmulatorWindow(15 * 60_000);
    const { tokens } = await connect();
    const me = () =>
      sandboxFetch("https://api.x.com/2/users/me", { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
    let remaining = Number((await me()).headers.get("x-rate-limit-remaining"));
    while (remaining > 0) remaining = Number((await me()).headers.get("x-rate-limit-remaining"));
    const limited = await failure(client.accounts(tokens));
    expect([limited.kind, limited.details.status, limited.message]).toEqual(["retryable", 429, "Too Many Requests"]);
    expect(limited.details.retryAfterMs).toBeGreaterThan(0);
    expect(limited.details.retryAfterMs).toBeLessThanOrEqual(15 * 60_000);
    await advanceEmulator(15 * 60_000);
    expect((await client.accounts(tokens))[0]!.username).toBe("postline_demo");
  });

  it("connects through the app's own OAuth routes", async () => {
    const user = await registerUser();
    const start = await call<"POST /api/auth/:platform/connect">("/api/auth/twitter/connect", {
      body: {},
      cookie: user.cookie,
    });
    expect(start.status).toBe(200);
    const back = await consent(new URL(start.body.data.authUrl));
    expect(back.pathname).toBe("/api/auth/twitter/callback");
    const done = await SELF.fetch(back, { headers: { Cookie: user.cookie }, redirect: "manual" });
    expect(done.headers.get("Location")).toBe("/settings?tab=accounts&connected=twitter");
    const list = await call<"GET /api/auth/:platform/accounts">("/api/auth/twitter/accounts", { cookie: user.cookie });
    expect(list.body.data.accounts).toEqual([expect.objectContaining({ username: "postline_demo" })]);
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);
  });
});
