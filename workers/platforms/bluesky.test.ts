import { beforeEach, describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, cipher, startEmulatorWindow } from "../test/oauth";
import { clearFaults, media, pngBytes, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { dbOf } from "../test/shards";
import { BlueskyClient } from "./bluesky";
import { tidMicros } from "./bluesky-tid";
import { type AccountCredentials, PlatformError } from "./types";

const client = new BlueskyClient(sandboxDeps());
const DEMO = {
  handle: "postline-demo.bsky.social",
  did: "did:plc:pstlndemo2kitchen3bakery",
  appPassword: "pstl-demo-bsky-apps",
};
const JORDAN_DID = "did:plc:jrdnrvera4friend5mention";
const PDS = "https://bsky.social";

async function signIn() {
  const { tokens, accounts } = await client.signIn({ identifier: `@${DEMO.handle}`, password: DEMO.appPassword });
  const account: AccountCredentials = {
    platformUserId: accounts[0]!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: accounts[0]!.accountType,
    metadata: accounts[0]!.metadata!,
  };
  return { tokens, remote: accounts[0]!, account };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(PlatformError);
  return e as PlatformError;
}

/** A target of its own: a fresh marker and creation time, as the publisher passes them. */
const target = () => ({ marker: crypto.randomUUID(), createdAt: Date.now() });
const unique = (s: string) => `${s} ${crypto.randomUUID().slice(0, 8)}`;

/** XRPC straight at the emulated PDS, as any client would call it. */
async function xrpc(nsid: string, init: { token?: string; json?: unknown; params?: Record<string, string> } = {}) {
  const url = new URL(`${PDS}/xrpc/${nsid}`);
  for (const [k, v] of Object.entries(init.params ?? {})) url.searchParams.set(k, v);
  const res = await sandboxFetch(url, {
    method: init.json === undefined ? "GET" : "POST",
    headers: {
      ...(init.token && { Authorization: `Bearer ${init.token}` }),
      ...(init.json !== undefined && { "Content-Type": "application/json" }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function postsOf(did: string) {
  const res = await xrpc("com.atproto.repo.listRecords", {
    params: { repo: did, collection: "app.bsky.feed.post", limit: "100" },
  });
  return res.body.records as { uri: string; value: Record<string, unknown> }[];
}

beforeEach(async () => {
  await clearFaults();
});

describe("Bluesky client against the emulated PDS, PLC directory and AppView", () => {
  it("signs in from a handle: handle → DID → DID document → PDS, then createSession with the app password", async () => {
    const { tokens, remote } = await signIn();
    expect(remote).toMatchObject({
      platformUserId: DEMO.did,
      username: DEMO.handle,
      displayName: "Postline Demo",
      accountType: "personal",
      metadata: { pds: PDS, handle: DEMO.handle, connectionType: "app-password" },
    });
    expect(remote.followerCount).toBeGreaterThan(0);
    // The access token's expiry is read from the JWT: two hours, the refresh token's 90 days.
    expect(tokens.expiresAt! - Date.now()).toBeGreaterThan(110 * 60_000);
    expect(tokens.refreshExpiresAt! - Date.now()).toBeGreaterThan(80 * 86_400_000);

    const wrong = await failure(client.signIn({ identifier: DEMO.handle, password: "aaaa-bbbb-cccc-dddd" }));
    expect([wrong.kind, wrong.message]).toEqual(["auth", "Invalid identifier or password"]);
    const unknown = await failure(client.signIn({ identifier: "nobody.bsky.social", password: DEMO.appPassword }));
    expect([unknown.kind, unknown.message]).toEqual(["permanent", "Unable to resolve handle"]);
    const notAHandle = await failure(client.signIn({ identifier: "not a handle", password: DEMO.appPassword }));
    expect(notAHandle.message).toBe("Enter a Bluesky handle like name.bsky.social.");
  });

  it("publishes a post with facets at UTF-8 byte offsets, an image with alt text and its language, under the key chosen for the target", async () => {
    const { account } = await signIn();
    const t = target();
    const text = `✨ New loaf with @jordan.bsky.social: https://example.com/bread #sourdough ${crypto.randomUUID().slice(0, 6)}`;
    const res = await client.publish(account, {
      ...t,
      text,
      media: [{ ...media("image", "image/png", pngBytes(), "A crusty loaf"), width: 1200, height: 800 }],
      options: { language: "en" },
    });
    const rkey = res.remoteId.split("/").at(-1)!;
    expect(res.remoteId).toBe(`at://${DEMO.did}/app.bsky.feed.post/${rkey}`);
    expect(res.permalink).toBe(`https://bsky.app/profile/${DEMO.did}/post/${rkey}`);
    // The key is the target's creation time (µs) with its id's clock id: chosen before any call.
    expect(tidMicros(rkey)).toBe(t.createdAt * 1000);

    const stored = await xrpc("com.atproto.repo.getRecord", {
      params: { repo: DEMO.did, collection: "app.bsky.feed.post", rkey },
    });
    const value = stored.body.value as Record<string, unknown>;
    expect(value.text).toBe(text);
    expect(value.langs).toEqual(["en"]);
    // "✨" is 3 bytes and one UTF-16 unit: the mention starts at byte 18, not at JavaScript's index 16.
    expect(value.facets).toEqual([
      {
        index: { byteStart: 18, byteEnd: 37 },
        features: [{ $type: "app.bsky.richtext.facet#mention", did: JORDAN_DID }],
      },
      {
        index: { byteStart: 39, byteEnd: 64 },
        features: [{ $type: "app.bsky.richtext.facet#link", uri: "https://example.com/bread" }],
      },
      { index: { byteStart: 65, byteEnd: 75 }, features: [{ $type: "app.bsky.richtext.facet#tag", tag: "sourdough" }] },
    ]);
    expect(value.embed).toMatchObject({
      $type: "app.bsky.embed.images",
      images: [
        {
          alt: "A crusty loaf",
          aspectRatio: { width: 1200, height: 800 },
          image: {
            $type: "blob",
            mimeType: "image/png",
            size: 2048,
            ref: { $link: expect.stringMatching(/^bafkrei/) },
          },
        },
      ],
    });
  });

  it("adds a link card from the page's title when the post has no images, and none when the page cannot be read", async () => {
    const { account } = await signIn();
    const first = await client.publish(account, { ...target(), text: unique("Card source"), media: [] });
    const page = `http://localhost/sandbox/view?url=${encodeURIComponent(first.permalink!)}`;
    const withCard = await client.publish(account, { ...target(), text: `Read this ${page}`, media: [] });
    const read = async (uri: string) =>
      (
        await xrpc("com.atproto.repo.getRecord", {
          params: { repo: DEMO.did, collection: "app.bsky.feed.post", rkey: uri.split("/").at(-1)! },
        })
      ).body.value as Record<string, unknown>;
    expect((await read(withCard.remoteId)).embed).toEqual({
      $type: "app.bsky.embed.external",
      external: { uri: page, title: "Bluesky post by Postline Demo (@postline-demo.bsky.social)", description: "" },
    });
    // The sandbox reaches no real site: the post goes out without a card.
    const plain = await client.publish(account, { ...target(), text: unique("See https://example.com/x"), media: [] });
    expect((await read(plain.remoteId)).embed).toBeUndefined();
  });

  it("writes one post however often the create is retried: a lost answer, then a resend to the same key", async () => {
    const { account } = await signIn();
    const t = target();
    const text = unique("Exactly once");
    await armFault("bluesky", "drop", 1, { method: "POST", path: "createRecord" });
    const lost = await failure(client.publish(account, { ...t, text, media: [] }));
    expect([lost.kind, lost.details.outcomeUnknown]).toEqual(["retryable", true]);
    // The publisher first looks: the post is there, found by its key's clock id and its text.
    const found = await client.findPublished(account, t.marker, Date.now() - 60_000, text);
    expect(found?.remoteId).toMatch(/^at:\/\//);
    // A resend writes to the same key: the PDS refuses the existing key (500), the client reads it and agrees.
    const again = await client.publish(account, { ...t, text, media: [] });
    expect(again.remoteId).toBe(found!.remoteId);
    expect((await postsOf(DEMO.did)).filter((r) => r.value.text === text)).toHaveLength(1);
    // Another target with the same text is another post.
    expect(await client.findPublished(account, crypto.randomUUID(), Date.now() - 60_000, text)).toBeNull();
  });

  it("publishes a thread as replies naming root and parent, and finds a reply whose answer was lost", async () => {
    const { account } = await signIn();
    const first = await client.publish(account, { ...target(), text: unique("1/3 A thread"), media: [] });
    const second = await client.reply(account, first.remoteId, "2/3 the middle");
    await armFault("bluesky", "drop", 1, { method: "POST", path: "createRecord" });
    const lost = await failure(client.reply(account, second.remoteId, "3/3 the end"));
    expect(lost.details.outcomeUnknown).toBe(true);
    const third = await client.findReply(account, second.remoteId, "3/3 the end");
    expect(third).not.toBeNull();
    expect(await client.reply(account, second.remoteId, "3/3 the end")).toEqual(third);

    const rkey = third!.remoteId.split("/").at(-1)!;
    const rec = await xrpc("com.atproto.repo.getRecord", {
      params: { repo: DEMO.did, collection: "app.bsky.feed.post", rkey },
    });
    const reply = (rec.body.value as { reply: { root: { uri: string }; parent: { uri: string } } }).reply;
    expect(reply.root.uri).toBe(first.remoteId);
    expect(reply.parent.uri).toBe(second.remoteId);
    // The thread's parts are replies of the first: its comments list the second part.
    expect((await client.comments(account, first.remoteId)).map((c) => c.text)).toEqual(["2/3 the middle"]);
  });

  it("reads counts from the AppView that grow with time, the follower count, and deletes the post", async () => {
    const { account } = await signIn();
    const post = await client.publish(account, { ...target(), text: unique("Metrics"), media: [] });
    const early = await client.postMetrics(account, post.remoteId);
    await advanceEmulator(3 * 86_400_000);
    const later = await client.postMetrics(account, post.remoteId);
    expect(later.likes).toBeGreaterThan(early.likes);
    expect(later.likes).toBeGreaterThan(0);
    // Bluesky shows no views or reach: those stay zero rather than invented.
    expect([later.impressions, later.reach, later.videoViews]).toEqual([0, 0, 0]);
    expect((await client.accountMetrics(account)).followers).toBeGreaterThan(0);

    const fresh = await signIn();
    await client.deletePost(fresh.account, post.remoteId);
    const gone = await failure(client.postMetrics(fresh.account, post.remoteId));
    expect([gone.kind, gone.message]).toEqual(["permanent", "This post is no longer on Bluesky."]);
    expect((await postsOf(DEMO.did)).some((r) => r.uri === post.remoteId)).toBe(false);
  });

  it("refreshes an expired session with the refresh token, which works once", async () => {
    const { tokens, account } = await signIn();
    await advanceEmulator(3 * 3_600_000);
    const expired = await failure(client.checkAccess(account));
    expect([expired.kind, expired.details.status, expired.details.code]).toEqual(["auth", 400, "ExpiredToken"]);
    const fresh = await client.refresh(tokens, account);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    await client.checkAccess({ ...account, accessToken: fresh.accessToken });
    const reused = await failure(client.refresh(tokens, account));
    expect(reused.kind).toBe("auth");
  });

  it("classifies rate limits and outages, waiting until the window's reset", async () => {
    const { account } = await signIn();
    await armFault("bluesky", "429", 1, { method: "POST", path: "createRecord" });
    const limited = await failure(client.publish(account, { ...target(), text: unique("Busy"), media: [] }));
    expect([limited.kind, limited.message, limited.details.outcomeUnknown]).toEqual([
      "retryable",
      "Rate Limit Exceeded",
      undefined,
    ]);
    expect(limited.details.retryAfterMs).toBeGreaterThan(50_000);
    await armFault("bluesky", "500", 1, { method: "POST", path: "uploadBlob" });
    const down = await failure(
      client.publish(account, { ...target(), text: "x", media: [media("image", "image/png", pngBytes())] }),
    );
    expect([down.kind, down.message]).toEqual(["retryable", "Internal Server Error"]);
  });

  it("refuses what the lexicon refuses before calling: 301 graphemes, over 3,000 bytes, a fifth image, video", async () => {
    const { account } = await signIn();
    const before = (await postsOf(DEMO.did)).length;
    const long = await failure(client.publish(account, { ...target(), text: "👍🏽".repeat(301), media: [] }));
    expect(long.message).toBe("A Bluesky post takes up to 300 characters; this one has 301.");
    // 300 graphemes of 11 bytes each: within the count, over the bytes.
    const heavy = await failure(client.publish(account, { ...target(), text: "👩‍👩‍👧".repeat(170), media: [] }));
    expect(heavy.message).toBe("A Bluesky post takes up to 3000 bytes of text.");
    const img = media("image", "image/png", pngBytes());
    expect(
      (await failure(client.publish(account, { ...target(), text: "x", media: [img, img, img, img, img] }))).message,
    ).toBe("A Bluesky post takes up to 4 images.");
    expect((await postsOf(DEMO.did)).length).toBe(before);
    // 300 emoji with skin tones (2,400 bytes) are exactly the limit.
    await client.publish(account, { ...target(), text: "👍🏽".repeat(300), media: [] });
  });
});

describe("the emulated PDS enforces the lexicon on any client", () => {
  async function session() {
    const res = await xrpc("com.atproto.server.createSession", {
      json: { identifier: DEMO.handle, password: DEMO.appPassword },
    });
    return res.body.accessJwt as string;
  }
  const post = (over: Record<string, unknown>) => ({
    repo: DEMO.did,
    collection: "app.bsky.feed.post",
    record: { $type: "app.bsky.feed.post", text: "hello", createdAt: new Date().toISOString(), ...over },
  });

  it("refuses 301 graphemes, a facet outside the text, a missing blob, a non-TID key; answers rate-limit headers", async () => {
    const token = await session();
    const cases: [Record<string, unknown>, string][] = [
      [
        post({ text: "a".repeat(301) }),
        "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes",
      ],
      [
        post({
          facets: [
            { index: { byteStart: 2, byteEnd: 9 }, features: [{ $type: "app.bsky.richtext.facet#tag", tag: "x" }] },
          ],
        }),
        "Invalid app.bsky.feed.post record: Record/facets/0/index must be a byte range inside the text (5 bytes)",
      ],
      [
        post({
          embed: {
            $type: "app.bsky.embed.images",
            images: [
              { alt: "", image: { $type: "blob", ref: { $link: "bafkreimissing" }, mimeType: "image/png", size: 1 } },
            ],
          },
        }),
        "Invalid app.bsky.feed.post record: Could not find blob: bafkreimissing",
      ],
      [{ ...post({}), rkey: "not-a-tid" }, "Invalid record key for app.bsky.feed.post: not-a-tid is not a valid TID"],
    ];
    for (const [json, message] of cases) {
      const res = await xrpc("com.atproto.repo.createRecord", { token, json });
      expect([res.status, res.body]).toEqual([400, { error: "InvalidRequest", message }]);
    }
    const ok = await xrpc("com.atproto.repo.createRecord", { token, json: post({}) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-policy")).toBe("5000;w=3600");
    expect(Number(ok.headers.get("ratelimit-remaining"))).toBeLessThanOrEqual(5000 - 3);
  });

  it("limits createSession to 30 per handle in 5 minutes, with the window's reset", async () => {
    const login = () =>
      xrpc("com.atproto.server.createSession", {
        json: { identifier: "jordan.bsky.social", password: "jrdn-riva-bsky-apps" },
      });
    // The limit counts per fixed five minutes of the emulator's clock: start at one's start.
    await startEmulatorWindow(5 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await login()).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
    const limited = await login();
    expect([limited.status, limited.body]).toEqual([
      429,
      { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
    ]);
    expect(limited.headers.get("ratelimit-policy")).toBe("30;w=300");
    await advanceEmulator(5 * 60_000);
    expect((await login()).status).toBe(200);
  });

  it("refuses an image over 2,000,000 bytes when a post uses it", async () => {
    const token = await session();
    const big = pngBytes(2_000_001);
    const up = await sandboxFetch(`${PDS}/xrpc/com.atproto.repo.uploadBlob`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "image/png" },
      body: big as Uint8Array<ArrayBuffer>,
    });
    const { blob } = (await up.json()) as { blob: unknown };
    const res = await xrpc("com.atproto.repo.createRecord", {
      token,
      json: post({ embed: { $type: "app.bsky.embed.images", images: [{ alt: "big", image: blob }] } }),
    });
    expect(res.body).toEqual({
      error: "InvalidRequest",
      message: "Invalid app.bsky.feed.post record: Record/embed/images/0/image file too big (max 2000000 bytes)",
    });
  });
});

describe("POST /api/auth/bluesky/app-password", () => {
  it("connects the account, stores the tokens encrypted and never the password, and answers the account", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/auth/:platform/app-password">("/api/auth/bluesky/app-password", {
      cookie: u.cookie,
      body: { identifier: DEMO.handle, appPassword: DEMO.appPassword },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Account connected");
    expect(res.body.data.accounts).toEqual([
      expect.objectContaining({ platform: "bluesky", username: DEMO.handle, displayName: "Postline Demo" }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(DEMO.appPassword);
    const row = await (await dbOf(u.user.id))
      .prepare("SELECT * FROM connected_accounts WHERE user_id = ?")
      .bind(u.user.id)
      .first<Record<string, string>>();
    expect(row!.platform_user_id).toBe(DEMO.did);
    expect(row!.access_token_enc).toMatch(/^v1\./);
    expect((await cipher().decrypt(row!.access_token_enc!)).split(".")).toHaveLength(3);
    expect(Object.values(row!).join(" ")).not.toContain(DEMO.appPassword);
  });

  it("signing in again revives a flagged account: the same row (its DID), connected, with new tokens", async () => {
    const u = await registerUser();
    const connect = () =>
      call<"POST /api/auth/:platform/app-password">("/api/auth/bluesky/app-password", {
        cookie: u.cookie,
        body: { identifier: DEMO.handle, appPassword: DEMO.appPassword },
      });
    const first = (await connect()).body.data.accounts[0]!;
    await (await dbOf(u.user.id))
      .prepare("UPDATE connected_accounts SET status = 'needs_reconnect', status_reason = 'Token revoked' WHERE id = ?")
      .bind(first.id)
      .run();
    const again = await connect();
    expect(again.status).toBe(201);
    expect(again.body.data.accounts.map((a) => a.id)).toEqual([first.id]);
    const row = await (await dbOf(u.user.id))
      .prepare("SELECT status FROM connected_accounts WHERE id = ?")
      .bind(first.id)
      .first<{ status: string }>();
    expect(row!.status).toBe("connected");
  });

  it("refuses an account password, a wrong app password and another platform, writing nothing", async () => {
    const u = await registerUser();
    const main = await call("/api/auth/bluesky/app-password", {
      cookie: u.cookie,
      body: { identifier: DEMO.handle, appPassword: "demo-main-password" },
    });
    expect([main.status, main.body.message]).toEqual([
      400,
      "Use an app password (Settings → Privacy and security → App passwords), like xxxx-xxxx-xxxx-xxxx, never your account password",
    ]);
    const wrong = await call("/api/auth/bluesky/app-password", {
      cookie: u.cookie,
      body: { identifier: DEMO.handle, appPassword: "aaaa-bbbb-cccc-dddd" },
    });
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { success: false, message: "Bluesky: Invalid identifier or password" },
    ]);
    const x = await call("/api/auth/twitter/app-password", {
      cookie: u.cookie,
      body: { identifier: DEMO.handle, appPassword: DEMO.appPassword },
    });
    expect(x.status).toBe(404);
    const { n } = (await (
      await dbOf(u.user.id)
    )
      .prepare("SELECT count(*) AS n FROM connected_accounts WHERE user_id = ?")
      .bind(u.user.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});
