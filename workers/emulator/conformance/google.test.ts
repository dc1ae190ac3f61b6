import { beforeAll, describe, expect, it } from "vitest";
import { mp4Bytes } from "../../test/media-fixtures";
import { armFault, basic, consentCode, emu, form, multipart, REDIRECT } from "./sdk";

/** YouTube Data API and Google OAuth as googleapis / google-auth-library call them (PLATFORMS.md §5). */
const SCOPE = "https://www.googleapis.com/auth/";
const CLIENT = { id: "conformance-google-app", secret: "conformance-google-secret" };

async function accessToken(withhold: string[] = []): Promise<string> {
  return (await tokenAnswer({}, withhold)).access_token;
}

async function tokenAnswer(extra: Record<string, string>, withhold: string[] = [], client = CLIENT) {
  const params = {
    client_id: client.id,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: ["youtube.upload", "youtube.readonly", "yt-analytics.readonly"].map((s) => SCOPE + s).join(" "),
    access_type: "offline",
    state: "st",
    ...extra,
  };
  const code = await consentCode("accounts.google.com", "/o/oauth2/v2/auth", params, {
    choice: "UCx7Kq2PostlineDemoKitch",
    withhold,
  });
  const res = await emu("oauth2.googleapis.com", "/token", {
    ...form({ grant_type: "authorization_code", code, redirect_uri: REDIRECT }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basic(client.id, client.secret) },
  });
  expect(res.status).toBe(200);
  const body = await res.json<{ access_token: string; expires_in: unknown; scope: string }>();
  expect(typeof body.expires_in).toBe("number");
  return body;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const googleError = (code: number, reason: string) => ({
  error: {
    code,
    message: expect.any(String),
    errors: [{ message: expect.any(String), domain: expect.any(String), reason }],
    status: expect.any(String),
  },
});

describe("YouTube conformance", () => {
  let token: string;
  beforeAll(async () => {
    token = await accessToken();
  });

  it("reads repeated query parameters the way googleapis sends lists", async () => {
    const res = await emu("www.googleapis.com", "/youtube/v3/channels?part=snippet&part=statistics&mine=true", {
      headers: bearer(token),
    });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.items[0]).toMatchObject({
      id: "UCx7Kq2PostlineDemoKitch",
      snippet: { title: expect.any(String) },
      statistics: { viewCount: expect.any(String) },
    });
    expect(body.items[0].contentDetails).toBeUndefined();
  });

  it("takes uploadType=multipart: one multipart/related body with the resource and the video", async () => {
    const { body, contentType } = multipart("related", [
      {
        type: "application/json; charset=UTF-8",
        body: JSON.stringify({ snippet: { title: "Conformance upload" }, status: { privacyStatus: "private" } }),
      },
      { type: "video/mp4", body: await mp4Bytes({ width: 320, height: 240, seconds: 1 }) },
    ]);
    const res = await emu(
      "www.googleapis.com",
      "/upload/youtube/v3/videos?part=snippet&part=status&uploadType=multipart",
      {
        method: "POST",
        headers: { ...bearer(token), "Content-Type": contentType },
        body,
      },
    );
    expect(res.status).toBe(200);
    const video = await res.json<any>();
    expect(video).toMatchObject({
      kind: "youtube#video",
      id: expect.stringMatching(/^[\w-]{11}$/),
      snippet: { title: "Conformance upload" },
      status: { privacyStatus: "private" },
    });
    const listed = await emu(
      "www.googleapis.com",
      `/youtube/v3/videos?part=statistics&part=snippet&id=${video.id}&id=missing1234`,
      { headers: bearer(token) },
    );
    const items = (await listed.json<any>()).items;
    expect(items.map((v: any) => [v.id, typeof v.statistics.viewCount])).toEqual([[video.id, "string"]]);
  });

  it("still takes resumable uploads: the session URL comes back in Location", async () => {
    const res = await emu("www.googleapis.com", "/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status", {
      method: "POST",
      headers: {
        ...bearer(token),
        "Content-Type": "application/json; charset=UTF-8",
        "X-Upload-Content-Length": "4096",
        "X-Upload-Content-Type": "video/mp4",
      },
      body: JSON.stringify({ snippet: { title: "Resumable" } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Location")).toMatch(/\/upload\/youtube\/v3\/videos\?uploadType=resumable&upload_id=/);
  });

  it("refuses an upload when the youtube.upload permission was not granted", async () => {
    const readOnly = await accessToken([`${SCOPE}youtube.upload`]);
    const res = await emu("www.googleapis.com", "/upload/youtube/v3/videos?uploadType=resumable&part=snippet", {
      method: "POST",
      headers: {
        ...bearer(readOnly),
        "Content-Type": "application/json",
        "X-Upload-Content-Length": "10",
        "X-Upload-Content-Type": "video/mp4",
      },
      body: JSON.stringify({ snippet: { title: "x" } }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(googleError(403, "insufficientPermissions"));
  });

  it("incremental authorization: with include_granted_scopes=true a consent for one scope keeps those granted before", async () => {
    const client = { id: "conformance-incremental-app", secret: "conformance-incremental-secret" };
    const first = await tokenAnswer({}, [`${SCOPE}youtube.upload`], client);
    expect(first.scope.split(" ")).not.toContain(`${SCOPE}youtube.upload`);
    const alone = await tokenAnswer({ scope: `${SCOPE}youtube.upload` }, [], client);
    expect(alone.scope).toBe(`${SCOPE}youtube.upload`);
    const added = await tokenAnswer({ scope: `${SCOPE}youtube.upload`, include_granted_scopes: "true" }, [], client);
    expect(added.scope.split(" ").sort()).toEqual(
      ["youtube.upload", "youtube.readonly", "yt-analytics.readonly"].map((s) => SCOPE + s).sort(),
    );
  });

  it("answers 429 and 5xx in Google's error shape", async () => {
    await armFault("youtube", "429");
    const limited = await emu("www.googleapis.com", "/youtube/v3/channels?part=id&mine=true", {
      headers: bearer(token),
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.json()).toEqual({
      error: { ...googleError(429, "rateLimitExceeded").error, status: "RESOURCE_EXHAUSTED" },
    });
    await armFault("youtube", "500");
    const down = await emu("www.googleapis.com", "/youtube/v3/channels?part=id&mine=true", { headers: bearer(token) });
    expect(down.status).toBe(500);
    expect(await down.json()).toEqual({ error: { ...googleError(500, "backendError").error, status: "INTERNAL" } });
  });

  it("answers an unknown token with 401 authError", async () => {
    const res = await emu("www.googleapis.com", "/youtube/v3/channels?part=id&mine=true", {
      headers: bearer("ya29.unknown"),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { ...googleError(401, "authError").error, status: "UNAUTHENTICATED" } });
  });
});
