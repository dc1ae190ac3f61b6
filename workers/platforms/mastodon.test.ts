import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { D1InstanceApps } from "../accounts/instance-apps";
import { createDb } from "../db/client";
import { instanceApps } from "../db/schema/accounts";
import { advanceEmulator, armFault, cipher } from "../test/oauth";
import { clearFaults, consent, media, mp4Bytes, pngBytes, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { MastodonClient } from "./mastodon";
import { type AccountCredentials, PlatformError } from "./types";

const REDIRECT = "http://localhost/api/auth/mastodon/callback";
const db = createDb(env.DB);
const client = new MastodonClient({
  ...sandboxDeps(),
  instanceApps: new D1InstanceApps(db, cipher(), Date.now),
  // Waiting for video processing moves the emulator's clock instead of sleeping.
  sleep: (ms) => advanceEmulator(ms),
});
const VERIFIER = `mastodon-verifier-${crypto.randomUUID()}`;

async function connect(instance = "mastodon.social", choice?: string) {
  const url = await client.authorizeUrl({ state: "st", redirectUri: REDIRECT, codeVerifier: VERIFIER, instance });
  const back = await consent(url, choice ? { choices: [choice] } : {});
  const tokens = await client.exchangeCode({
    code: back.searchParams.get("code")!,
    redirectUri: REDIRECT,
    codeVerifier: VERIFIER,
    instance,
  });
  const [user] = await client.accounts(tokens, undefined, instance);
  const account: AccountCredentials = {
    platformUserId: user!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: "user",
    metadata: user!.metadata ?? {},
  };
  return { tokens, user: user!, account, url };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}

/** The account's statuses as the instance lists them (what a follower would see). */
async function statusesOf(account: AccountCredentials) {
  const instance = String(account.metadata.instance);
  const res = await sandboxFetch(
    `https://${instance}/api/v1/accounts/${String(account.metadata.accountId)}/statuses?limit=40`,
    { headers: { Authorization: `Bearer ${account.accessToken}` } },
  );
  expect(res.status).toBe(200);
  return res.json<{ id: string; content: string; in_reply_to_id: string | null }[]>();
}

const unique = (s: string) => `${s} ${crypto.randomUUID().slice(0, 8)}`;

beforeEach(async () => {
  await clearFaults();
});

describe("Mastodon client against the emulator's instances", () => {
  it("registers Postline once per instance, then connects with PKCE and reads the instance's own limits", async () => {
    const first = await connect("mastodon.social");
    expect(first.url.pathname).toBe("/sandbox/mastodon.social/oauth/authorize");
    expect(first.url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(first.url.searchParams.get("scope")).toBe(
      "read:accounts read:statuses read:notifications write:media write:statuses write:favourites",
    );
    expect(first.user).toMatchObject({
      platformUserId: "109302115783457111@mastodon.social",
      username: "postline@mastodon.social",
      displayName: "Postline Demo",
      metadata: {
        instance: "mastodon.social",
        accountId: "109302115783457111",
        limits: { maxCharacters: 500, maxMediaAttachments: 4, imageSizeLimit: 16 * 1024 * 1024 },
      },
    });
    await connect("mastodon.social", "109302115783457222");
    const other = await connect("mastodon.example");
    // The same account id on another server is another account, with that server's limits.
    expect(other.user).toMatchObject({
      platformUserId: "109302115783457111@mastodon.example",
      username: "bakery@mastodon.example",
      metadata: { limits: { maxCharacters: 1000, maxMediaAttachments: 6, imageSizeLimit: 8 * 1024 * 1024 } },
    });
    const apps = await db.select().from(instanceApps).all();
    expect(apps.map((a) => a.instance).sort()).toEqual(["mastodon.example", "mastodon.social"]);
    expect(apps.every((a) => a.clientSecretEnc.startsWith("v1."))).toBe(true);
    // A token is only good on the instance that issued it.
    const wrong = { ...other.account, metadata: { ...other.account.metadata, instance: "mastodon.social" } };
    expect(await failure(client.checkAccess(wrong))).toMatchObject({
      kind: "auth",
      message: "The access token is invalid",
    });
  });

  it("publishes with alt text, a content warning, visibility and language, then reads metrics that grow and deletes", async () => {
    const { account } = await connect();
    const text = unique("Fresh sourdough");
    const res = await client.publish(account, {
      marker: crypto.randomUUID(),
      text,
      media: [media("image", "image/png", pngBytes(), "A loaf on the counter")],
      options: { statusVisibility: "unlisted", contentWarning: "food", language: "en" },
    });
    expect(res.permalink).toBe(`https://mastodon.social/@postline/${res.remoteId}`);
    const status = await sandboxFetch(`https://mastodon.social/api/v1/statuses/${res.remoteId}`, {
      headers: { Authorization: `Bearer ${account.accessToken}` },
    }).then((r) => r.json<Record<string, unknown>>());
    expect(status).toMatchObject({
      visibility: "unlisted",
      spoiler_text: "food",
      sensitive: true,
      language: "en",
      application: { name: "Postline" },
      media_attachments: [{ type: "image", description: "A loaf on the counter" }],
    });
    const early = await client.postMetrics(account, res.remoteId);
    await advanceEmulator(3 * 86_400_000);
    const later = await client.postMetrics(account, res.remoteId);
    expect(later.likes).toBeGreaterThan(early.likes);
    expect(later.shares).toBeGreaterThanOrEqual(early.shares);
    expect((await client.accountMetrics(account)).followers).toBeGreaterThan(0);
    await client.deletePost(account, res.remoteId);
    expect(await failure(client.postMetrics(account, res.remoteId))).toMatchObject({
      kind: "permanent",
      message: "Record not found",
      details: { status: 404 },
    });
  });

  it("holds each account to its instance's character and attachment limits", async () => {
    const social = await connect("mastodon.social");
    const example = await connect("mastodon.example");
    const long = unique("a".repeat(600));
    const refused = await failure(
      client.publish(social.account, { marker: crypto.randomUUID(), text: long, media: [] }),
    );
    expect([refused.kind, refused.message, refused.details.status]).toEqual([
      "permanent",
      "Validation failed: Text character limit of 500 exceeded",
      422,
    ]);
    expect((await statusesOf(social.account)).some((s) => s.content.includes(long))).toBe(false);
    expect(
      (await client.publish(example.account, { marker: crypto.randomUUID(), text: long, media: [] })).remoteId,
    ).toBeTruthy();
    const five = Array.from({ length: 5 }, () => media("image", "image/png", pngBytes()));
    expect((await failure(client.publish(social.account, { marker: "m", text: "five", media: five }))).message).toBe(
      "This Mastodon server takes at most 4 attachments per post.",
    );
    expect(
      (await client.publish(example.account, { marker: crypto.randomUUID(), text: "five", media: five })).remoteId,
    ).toBeTruthy();
  });

  it("uploads video with 202 and polls until it is processed", async () => {
    const { account } = await connect();
    const res = await client.publish(account, {
      marker: crypto.randomUUID(),
      text: unique("Behind the scenes"),
      // 25 MB: two minutes of processing on the emulator's clock, waited out by polling GET /api/v1/media/:id.
      media: [media("video", "video/mp4", mp4Bytes(25 * 1024 * 1024))],
    });
    const status = await sandboxFetch(`https://mastodon.social/api/v1/statuses/${res.remoteId}`, {
      headers: { Authorization: `Bearer ${account.accessToken}` },
    }).then((r) => r.json<{ media_attachments: { type: string; url: string | null }[] }>());
    expect(status.media_attachments).toEqual([expect.objectContaining({ type: "video", url: expect.any(String) })]);
  });

  it("a lost answer to the post, retried, returns the same status (Idempotency-Key), never a second one", async () => {
    const { account } = await connect();
    const request = { marker: crypto.randomUUID(), text: unique("Exactly once"), media: [] };
    await armFault("mastodon", "drop", 1, { method: "POST", path: "/api/v1/statuses$" });
    const lost = await failure(client.publish(account, request));
    expect([lost.kind, lost.details.outcomeUnknown]).toEqual(["retryable", true]);
    const found = await client.findPublished(account, request.marker, Date.now() - 60_000, request.text);
    const retried = await client.publish(account, request);
    expect(found?.remoteId).toBe(retried.remoteId);
    const mine = (await statusesOf(account)).filter((s) => s.content.includes(request.text));
    expect(mine.map((s) => s.id)).toEqual([retried.remoteId]);
  });

  it("threads by in_reply_to_id; a lost reply is found and its retry is not doubled", async () => {
    const { account } = await connect();
    const root = await client.publish(account, { marker: crypto.randomUUID(), text: unique("1/3"), media: [] });
    const two = await client.reply(account, root.remoteId, "2/3");
    await armFault("mastodon", "drop", 1, { method: "POST", path: "/api/v1/statuses$" });
    expect((await failure(client.reply(account, two.remoteId, "3/3"))).details.outcomeUnknown).toBe(true);
    expect(await client.findReply(account, two.remoteId, "3/3", Date.now() - 60_000)).toMatchObject({
      remoteId: expect.any(String),
    });
    const three = await client.reply(account, two.remoteId, "3/3");
    expect((await client.findReply(account, two.remoteId, "3/3", Date.now() - 60_000))?.remoteId).toBe(three.remoteId);
    const replies = (await statusesOf(account)).filter((s) => s.in_reply_to_id === two.remoteId);
    expect(replies.map((s) => s.id)).toEqual([three.remoteId]);
    const comments = await client.comments(account, root.remoteId);
    expect(comments.map((c) => c.text)).toEqual(["2/3", "3/3"]);
  });

  it("classifies a 429 with X-RateLimit-Reset as retryable after the reset, and a 500 as retryable", async () => {
    const { account } = await connect();
    await armFault("mastodon", "429");
    const limited = await failure(client.checkAccess(account));
    expect(limited.kind).toBe("retryable");
    expect(limited.details.retryAfterMs).toBeGreaterThan(50_000);
    expect(limited.details.retryAfterMs).toBeLessThanOrEqual(60_000);
    await armFault("mastodon", "500");
    expect((await failure(client.checkAccess(account))).kind).toBe("retryable");
    await client.checkAccess(account);
  });

  it("refuses a server that is not a Mastodon instance the sandbox knows, before any consent", async () => {
    const err = await failure(
      client.authorizeUrl({ state: "s", redirectUri: REDIRECT, codeVerifier: VERIFIER, instance: "unknown.example" }),
    );
    expect(err.message).toMatch(/refusing to reach unknown\.example/);
  });
});
