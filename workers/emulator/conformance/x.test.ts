import { beforeAll, describe, expect, it } from "vitest";
import { pngBytes } from "../../test/media-fixtures";
import { startEmulatorWindow } from "../../test/oauth";
import { advanceClock, armFault, basic, consentCode, emu, mp4Like, multipart, REDIRECT, s256 } from "./sdk";

/** X API v2 as twitter-api-v2 and X's own samples call it (PLATFORMS.md §6). */
const CLIENT = { id: "conformance-x-app", secret: "conformance-x-secret" };
const SCOPES = "tweet.read tweet.write users.read offline.access media.write";

async function tokens(withhold: string[] = []) {
  const verifier = `verifier-${crypto.randomUUID()}-${crypto.randomUUID()}`;
  const params = {
    response_type: "code",
    client_id: CLIENT.id,
    redirect_uri: REDIRECT,
    scope: SCOPES,
    state: "st",
    code_challenge: await s256(verifier),
    code_challenge_method: "S256",
  };
  const code = await consentCode("x.com", "/i/oauth2/authorize", params, { choice: "1702745893325283328", withhold });
  // The most used X library sends the token request as JSON.
  const res = await emu("api.x.com", "/2/oauth2/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: basic(CLIENT.id, CLIENT.secret) },
    body: JSON.stringify({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CLIENT.id,
    }),
  });
  expect(res.status).toBe(200);
  return res.json<{
    access_token: string;
    refresh_token?: string;
    expires_in: number;
    token_type: string;
    scope: string;
  }>();
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The refresh_token grant, form-encoded as X's own samples send it. */
const refreshWith = (refreshToken: string) =>
  emu("api.x.com", "/2/oauth2/token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: CLIENT.id,
    }).toString(),
  });

describe("X conformance", () => {
  let token: string;
  beforeAll(async () => {
    const t = await tokens();
    expect(t).toMatchObject({ token_type: "bearer", expires_in: 7200, refresh_token: expect.any(String) });
    token = t.access_token;
  });

  it("refreshes with a form-encoded request too, and rotates the refresh token", async () => {
    const t = await tokens();
    const refresh = () => refreshWith(t.refresh_token!);
    const first = await refresh();
    expect(first.status).toBe(200);
    expect((await first.json<any>()).refresh_token).not.toBe(t.refresh_token);
    const again = await refresh();
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: "invalid_request",
      error_description: "Value passed for the token was invalid.",
    });
  });

  it("lets only one of three refreshes racing with the same refresh token through", async () => {
    const t = await tokens();
    const refresh = () => refreshWith(t.refresh_token!);
    const statuses = (await Promise.all([refresh(), refresh(), refresh()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
  });

  it("takes a one-shot media upload whose file part has no filename, then a post with it", async () => {
    const { body, contentType } = multipart("form-data", [
      { name: "media", type: "application/octet-stream", body: pngBytes(64, 64, 2048) },
      { name: "media_category", body: "tweet_image" },
    ]);
    const up = await emu("api.x.com", "/2/media/upload", {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": contentType },
      body,
    });
    expect(up.status).toBe(200);
    const media = (await up.json<any>()).data;
    expect(media).toMatchObject({ id: expect.stringMatching(/^\d+$/), media_key: `3_${media.id}`, size: 2048 });
    const post = await emu("api.x.com", "/2/tweets", {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({ text: `conformance ${crypto.randomUUID()}`, media: { media_ids: [media.id] } }),
    });
    expect(post.status).toBe(201);
    expect((await post.json<any>()).data).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      edit_history_tweet_ids: [expect.any(String)],
    });
  });

  it("takes chunked APPEND segments sent without a filename", async () => {
    const bytes = pngBytes(64, 64, 2048);
    const init = await emu("api.x.com", "/2/media/upload/initialize", {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({ media_type: "image/png", total_bytes: bytes.length, media_category: "tweet_image" }),
    });
    const id = (await init.json<any>()).data.id;
    const { body, contentType } = multipart("form-data", [
      { name: "segment_index", body: "0" },
      { name: "media", body: bytes },
    ]);
    expect(
      (
        await emu("api.x.com", `/2/media/upload/${id}/append`, {
          method: "POST",
          headers: { ...bearer(token), "Content-Type": contentType },
          body,
        })
      ).status,
    ).toBe(200);
    const fin = await emu("api.x.com", `/2/media/upload/${id}/finalize`, { method: "POST", headers: bearer(token) });
    expect(fin.status).toBe(200);
    expect((await fin.json<any>()).data).toMatchObject({ id, size: bytes.length });
  });

  it("refuses a post without tweet.write as a 403 problem", async () => {
    const readOnly = (await tokens(["tweet.write"])).access_token;
    const res = await emu("api.x.com", "/2/tweets", {
      method: "POST",
      headers: { ...bearer(readOnly), "Content-Type": "application/json" },
      body: JSON.stringify({ text: "no" }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("Content-Type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({
      title: "Forbidden",
      status: 403,
      type: "about:blank",
      detail: expect.stringContaining("tweet.write"),
    });
  });

  it("answers 401, 429 and 5xx as problem+json with the rate-limit headers", async () => {
    const unknown = await emu("api.x.com", "/2/users/me", { headers: bearer("nope") });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({
      title: "Unauthorized",
      type: "about:blank",
      status: 401,
      detail: "Unauthorized",
    });
    // The reset is the end of the emulator's fixed 15-minute window: one that turned within the milliseconds between
    // the answer and the check below was a reset already past. Start at a window's start.
    await startEmulatorWindow(15 * 60_000);
    const ok = await emu("api.x.com", "/2/users/me", { headers: bearer(token) });
    expect(Number(ok.headers.get("x-rate-limit-limit"))).toBeGreaterThan(0);
    expect(Number(ok.headers.get("x-rate-limit-reset"))).toBeGreaterThan(Date.now() / 1000);
    await armFault("twitter", "429");
    const limited = await emu("api.x.com", "/2/users/me", { headers: bearer(token) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Content-Type")).toContain("application/problem+json");
    expect(limited.headers.get("x-rate-limit-remaining")).toBe("0");
    expect(Number(limited.headers.get("x-rate-limit-reset"))).toBeGreaterThan(Date.now() / 1000);
    expect(await limited.json()).toEqual({
      title: "Too Many Requests",
      detail: "Too Many Requests",
      type: "about:blank",
      status: 429,
    });
    await armFault("twitter", "500");
    const down = await emu("api.x.com", "/2/users/me", { headers: bearer(token) });
    expect([down.status, (await down.json<any>()).status]).toEqual([500, 500]);
  });
  // Last: it moves the emulator's clock a day on, past every access token issued so far.
  it("keeps a video in progress for its processing time, and forgets media no post used after expires_after_secs", async () => {
    const t = await tokens();
    const auth = bearer(t.access_token);
    const json = { ...auth, "Content-Type": "application/json" };
    const upload = async (type: string, category: string, bytes: Uint8Array) => {
      const init = await emu("api.x.com", "/2/media/upload/initialize", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ media_type: type, total_bytes: bytes.length, media_category: category }),
      });
      const id = (await init.json<any>()).data.id as string;
      for (let i = 0, at = 0; at < bytes.length; i++, at += 4 * 1024 * 1024) {
        const { body, contentType } = multipart("form-data", [
          { name: "segment_index", body: String(i) },
          { name: "media", body: bytes.subarray(at, at + 4 * 1024 * 1024) },
        ]);
        const res = await emu("api.x.com", `/2/media/upload/${id}/append`, {
          method: "POST",
          headers: { ...auth, "Content-Type": contentType },
          body,
        });
        expect(res.status).toBe(200);
      }
      const fin = await emu("api.x.com", `/2/media/upload/${id}/finalize`, { method: "POST", headers: auth });
      expect(fin.status).toBe(200);
      return { id, finalized: (await fin.json<any>()).data };
    };
    const status = async (id: string, token = t.access_token) =>
      emu("api.x.com", `/2/media/upload?command=STATUS&media_id=${id}`, { headers: bearer(token) });
    const post = (ids: string[], token = t.access_token) =>
      emu("api.x.com", "/2/tweets", {
        method: "POST",
        headers: { ...bearer(token), "Content-Type": "application/json" },
        body: JSON.stringify({ text: `staged ${crypto.randomUUID()}`, media: { media_ids: ids } }),
      });

    // Just over 10 MB: a minute of processing on the emulator's clock.
    const video = await upload("video/mp4", "tweet_video", mp4Like(10 * 1024 * 1024 + 16));
    expect(video.finalized).toMatchObject({
      expires_after_secs: 86400,
      processing_info: { state: "pending", check_after_secs: 1 },
    });
    for (let i = 0; i < 2; i++) {
      const res = await status(video.id);
      expect((await res.json<any>()).data.processing_info).toMatchObject({ state: "in_progress", check_after_secs: 5 });
    }
    const early = await post([video.id]);
    expect(early.status).toBe(400);
    expect((await early.json<any>()).errors[0].message).toBe("Your media IDs are invalid.");
    await advanceClock(61_000);
    expect((await (await status(video.id)).json<any>()).data.processing_info).toEqual({
      state: "succeeded",
      progress_percent: 100,
    });
    const made = await post([video.id]);
    expect(made.status).toBe(201);
    // Processing runs on X's side whether or not anyone asks: a video first checked after its time has succeeded.
    const unchecked = await upload("video/mp4", "tweet_video", mp4Like(10 * 1024 * 1024 + 16));
    await advanceClock(61_000);
    expect((await (await status(unchecked.id)).json<any>()).data.processing_info.state).toBe("succeeded");
    const postId = (await made.json<any>()).data.id;
    const read = await emu("api.x.com", `/2/tweets?ids=${postId}&tweet.fields=attachments`, { headers: auth });
    expect((await read.json<any>()).data[0].attachments).toEqual({ media_keys: [`7_${video.id}`] });

    const unused = await upload("image/png", "tweet_image", pngBytes(64, 64, 2048));
    expect((await status(unused.id)).status).toBe(200);
    await advanceClock(86_400_000);
    const refreshed = await emu("api.x.com", "/2/oauth2/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: t.refresh_token!, client_id: CLIENT.id }),
    });
    const fresh = (await refreshed.json<any>()).access_token as string;
    const gone = await status(unused.id, fresh);
    expect(gone.status).toBe(400);
    expect((await gone.json<any>()).errors[0].message).toBe("Media id not found");
    expect((await post([unused.id], fresh)).status).toBe(400);
  });
});
