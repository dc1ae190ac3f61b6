import { SELF } from "cloudflare:test";
import { createOAuthAPIClient, createRestAPIClient, MastoHttpError } from "masto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clearFaults, mp4Bytes, pngBytes, sandboxFetch } from "../../test/platform-sandbox";
import { armFault, consentCode, REDIRECT } from "./sdk";

/**
 * The official SDK, `masto` (neet/masto.js), unchanged against the emulator's Mastodon instances, in the Worker
 * runtime: its requests to https://mastodon.example go to the emulator through the sandbox's fetch, as any
 * Mastodon host would in sandbox mode. It registers an app, signs in through the consent page, reads the account
 * and the instance, uploads media (polling as it does for processing), posts, replies, reads and deletes.
 */
const URL_ = "https://mastodon.example";

beforeAll(() => {
  vi.stubGlobal("fetch", sandboxFetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(clearFaults);

async function signedIn() {
  const anonymous = createRestAPIClient({ url: URL_ });
  const app = await anonymous.v1.apps.create({
    clientName: "masto conformance",
    redirectUris: REDIRECT,
    scopes: "read write",
    website: "https://postline.example",
  });
  expect(app).toMatchObject({
    name: "masto conformance",
    clientId: expect.any(String),
    clientSecret: expect.any(String),
  });
  const code = await consentCode(
    "mastodon.example",
    "/oauth/authorize",
    { response_type: "code", client_id: app.clientId!, redirect_uri: REDIRECT, scope: "read write", state: "st" },
    { choice: "109302115783457111" },
  );
  const token = await createOAuthAPIClient({ url: URL_ }).token.create({
    grantType: "authorization_code",
    clientId: app.clientId!,
    clientSecret: app.clientSecret!,
    redirectUri: REDIRECT,
    code,
    scope: "read write",
  });
  expect(token).toMatchObject({ tokenType: "Bearer", scope: "read write" });
  return createRestAPIClient({ url: URL_, accessToken: token.accessToken, mediaTimeout: 10_000 });
}

describe("masto (the official JavaScript SDK) against the emulated mastodon.example", () => {
  it("creates an app, signs in, verifies credentials and reads the instance's own limits", async () => {
    const masto = await signedIn();
    const me = await masto.v1.accounts.verifyCredentials();
    expect(me).toMatchObject({ id: "109302115783457111", acct: "bakery", displayName: "Sunrise Bakery" });
    const instance = await masto.v2.instance.fetch();
    expect(instance.domain).toBe("mastodon.example");
    expect(instance.configuration.statuses).toMatchObject({ maxCharacters: 1000, maxMediaAttachments: 6 });
  });

  it("uploads an image and a video (polling until processed), posts with both kinds of media, replies, reads, deletes", {
    timeout: 60_000,
  }, async () => {
    const masto = await signedIn();
    const image = await masto.v2.media.create({
      file: new Blob([pngBytes() as Uint8Array<ArrayBuffer>], { type: "image/png" }),
      description: "A loaf",
    });
    expect(image).toMatchObject({
      type: "image",
      description: "A loaf",
      url: expect.stringContaining("mastodon.example"),
    });
    const video = await masto.v2.media.create({
      file: new Blob([mp4Bytes(4096) as Uint8Array<ArrayBuffer>], { type: "video/mp4" }),
    });
    expect(video).toMatchObject({ type: "video", url: expect.any(String) });

    const key = crypto.randomUUID();
    const status = await masto.v1.statuses.create(
      { status: "Fresh bread from masto", mediaIds: [image.id], visibility: "unlisted", spoilerText: "food" },
      { requestInit: { headers: { "Idempotency-Key": key } } },
    );
    expect(status).toMatchObject({
      content: "<p>Fresh bread from masto</p>",
      visibility: "unlisted",
      spoilerText: "food",
      url: `${URL_}/@bakery/${status.id}`,
      mediaAttachments: [expect.objectContaining({ id: image.id })],
    });
    // The same Idempotency-Key within the hour: the same status, not a second one.
    const again = await masto.v1.statuses.create(
      { status: "Fresh bread from masto", mediaIds: [image.id], visibility: "unlisted", spoilerText: "food" },
      { requestInit: { headers: { "Idempotency-Key": key } } },
    );
    expect(again.id).toBe(status.id);

    const reply = await masto.v1.statuses.create({ status: "And a thread", inReplyToId: status.id });
    const context = await masto.v1.statuses.$select(status.id).context.fetch();
    expect(context.descendants.map((s) => s.id)).toEqual([reply.id]);
    const read = await masto.v1.statuses.$select(status.id).fetch();
    expect(read).toMatchObject({
      id: status.id,
      repliesCount: expect.any(Number),
      favouritesCount: expect.any(Number),
    });
    expect(read.repliesCount).toBeGreaterThanOrEqual(1);

    const withVideo = await masto.v1.statuses.create({ status: "A video", mediaIds: [video.id] });
    expect(withVideo.mediaAttachments.map((m) => m.type)).toEqual(["video"]);

    const removed = await masto.v1.statuses.$select(reply.id).remove();
    expect(removed.id).toBe(reply.id);
    const gone = await masto.v1.statuses
      .$select(reply.id)
      .fetch()
      .catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(MastoHttpError);
    expect([(gone as MastoHttpError).statusCode, (gone as MastoHttpError).message]).toEqual([404, "Record not found"]);
  });

  it("sees the instance's refusals as MastoHttpError with Mastodon's words", async () => {
    const masto = await signedIn();
    const tooLong = await masto.v1.statuses.create({ status: "x".repeat(1001) }).catch((e: unknown) => e);
    expect(tooLong).toBeInstanceOf(MastoHttpError);
    expect([(tooLong as MastoHttpError).statusCode, (tooLong as MastoHttpError).message]).toEqual([
      422,
      "Validation failed: Text character limit of 1000 exceeded",
    ]);
    await armFault("mastodon", "429");
    const limited = await masto.v1.accounts.verifyCredentials().catch((e: unknown) => e);
    expect((limited as MastoHttpError).statusCode).toBe(429);
    const anonymous = createRestAPIClient({ url: URL_, accessToken: "not-a-token" });
    const refused = await anonymous.v1.accounts.verifyCredentials().catch((e: unknown) => e);
    expect([(refused as MastoHttpError).statusCode, (refused as MastoHttpError).message]).toEqual([
      401,
      "The access token is invalid",
    ]);
  });
  it("lists mention notifications page by page through the Link header, and favourites the status", async () => {
    const masto = await signedIn();
    const texts = [1, 2].map((n) => `@bakery masto conformance ${n} ${crypto.randomUUID().slice(0, 6)}`);
    for (const text of texts) {
      const res = await SELF.fetch("http://localhost/sandbox/comments", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ platform: "mastodon", instance: "mastodon.example", author: "sdk_reader", text }),
      });
      expect(res.status).toBe(201);
    }
    const seen: Array<{ type: string; text: string; id: string }> = [];
    // One notification a page: the SDK follows the Link header's next page for each.
    for await (const page of masto.v1.notifications.list({ types: ["mention"], limit: 1 })) {
      for (const n of page) seen.push({ type: n.type, text: n.status?.content ?? "", id: n.status?.id ?? "" });
      if (seen.length >= 10 || texts.every((t) => seen.some((s) => s.text.includes(t)))) break;
    }
    expect(seen.every((n) => n.type === "mention")).toBe(true);
    const mine = texts.map((t) => seen.find((s) => s.text.includes(t)));
    expect(mine.every(Boolean)).toBe(true);
    const liked = await masto.v1.statuses.$select(mine[0]!.id).favourite();
    expect(liked).toMatchObject({ id: mine[0]!.id, favourited: true });
    expect(await masto.v1.statuses.$select(mine[0]!.id).unfavourite()).toMatchObject({ favourited: false });
  });
});
