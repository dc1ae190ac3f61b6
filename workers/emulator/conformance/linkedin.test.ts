import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pngBytes } from "../../test/media-fixtures";
import { newestLinkedInVersion } from "../versions";
import { advanceClock, armFault, consentCode, emu, form, mp4Like, REDIRECT } from "./sdk";

/** LinkedIn OAuth and the versioned REST API as linkedin-api-client calls them (PLATFORMS.md §4). */
const CLIENT = { client_id: "conformance-li-app", client_secret: "conformance-li-secret" };
/** The version an SDK released today would pin (served for most of a year after). */
const REST = {
  "LinkedIn-Version": newestLinkedInVersion(Date.now()),
  "X-Restli-Protocol-Version": "2.0.0",
  "Content-Type": "application/json",
};

async function tokens(scope: string, withhold: string[] = []) {
  const params = { response_type: "code", client_id: CLIENT.client_id, redirect_uri: REDIRECT, scope, state: "st" };
  const code = await consentCode("www.linkedin.com", "/oauth/v2/authorization", params, { choice: "member", withhold });
  const res = await emu(
    "www.linkedin.com",
    "/oauth/v2/accessToken",
    form({ ...CLIENT, grant_type: "authorization_code", code, redirect_uri: REDIRECT }),
  );
  expect(res.status).toBe(200);
  return res.json<{
    access_token: string;
    expires_in: number;
    refresh_token?: string;
    refresh_token_expires_in?: number;
    scope: string;
  }>();
}

describe("LinkedIn conformance", () => {
  it("issues refresh tokens only to apps with the Community Management products", async () => {
    const member = await tokens("openid profile w_member_social");
    expect(member).toEqual({
      access_token: expect.any(String),
      expires_in: 5184000,
      scope: "openid,profile,w_member_social",
      token_type: "Bearer",
    });
    const partner = await tokens("openid profile w_member_social w_organization_social");
    expect(partner).toMatchObject({ refresh_token: expect.any(String), refresh_token_expires_in: 31536000 });
    const refreshed = await emu(
      "www.linkedin.com",
      "/oauth/v2/accessToken",
      form({ ...CLIENT, grant_type: "refresh_token", refresh_token: partner.refresh_token! }),
    );
    expect(refreshed.status).toBe(200);
    // Not sliding: the same refresh token comes back, still counting down.
    expect((await refreshed.json<any>()).refresh_token).toBe(partner.refresh_token);
  });

  it("names the Rest.li protocol on answers and requires the versioned headers", async () => {
    const { access_token } = await tokens("openid profile w_member_social");
    const missing = await emu("api.linkedin.com", "/rest/organizationAcls?q=roleAssignee", {
      headers: { Authorization: `Bearer ${access_token}`, "X-Restli-Protocol-Version": "2.0.0" },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ status: 400, code: "VERSION_MISSING", message: expect.any(String) });
    const ok = await emu("api.linkedin.com", "/rest/organizationAcls?q=roleAssignee", {
      headers: { Authorization: `Bearer ${access_token}`, ...REST },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-RestLi-Protocol-Version")).toBe("2.0.0");
  });

  it("refuses a sunset version with 426 and one not yet released with 400, both NONEXISTENT_VERSION", async () => {
    const { access_token } = await tokens("openid profile w_member_social");
    const call = (version: string) =>
      emu("api.linkedin.com", "/rest/organizationAcls?q=roleAssignee", {
        headers: { Authorization: `Bearer ${access_token}`, ...REST, "LinkedIn-Version": version },
      });
    const sunset = newestLinkedInVersion(Date.now() - 400 * 86_400_000);
    const old = await call(sunset);
    expect(old.status).toBe(426);
    expect(await old.json()).toMatchObject({
      code: "NONEXISTENT_VERSION",
      message: `Requested version ${sunset} is not active`,
    });
    const future = await call("209912");
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({ code: "NONEXISTENT_VERSION" });
  });

  it("refuses a member post without w_member_social with 403 ACCESS_DENIED", async () => {
    const { access_token } = await tokens("openid profile w_member_social", ["w_member_social"]);
    const res = await emu("api.linkedin.com", "/rest/posts", {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, ...REST },
      body: JSON.stringify({
        author: "urn:li:person:782bbtaQ",
        commentary: "hi",
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED" },
        lifecycleState: "PUBLISHED",
      }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      status: 403,
      serviceErrorCode: 100,
      code: "ACCESS_DENIED",
      message: expect.stringContaining("w_member_social"),
    });
  });

  it("answers 429 and 5xx as {status, serviceErrorCode, message}", async () => {
    const { access_token } = await tokens("openid profile");
    for (const [mode, status] of [
      ["429", 429],
      ["500", 500],
    ] as const) {
      await armFault("linkedin", mode);
      const res = await emu("api.linkedin.com", "/v2/userinfo", {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      expect(res.status).toBe(status);
      expect(res.headers.get("X-RestLi-Protocol-Version")).toBe("2.0.0");
      expect(await res.json()).toEqual({
        status,
        serviceErrorCode: expect.any(Number),
        code: expect.any(String),
        message: expect.any(String),
      });
    }
  });
  it("keeps a video PROCESSING for its processing time (a post refuses it meanwhile), and expires upload URLs", async () => {
    const { access_token } = await tokens("openid profile w_member_social");
    const headers = { Authorization: `Bearer ${access_token}`, ...REST };
    const owner = "urn:li:person:782bbtaQ";
    const bytes = mp4Like(10 * 1024 * 1024 + 16);
    const init = await emu("api.linkedin.com", "/rest/videos?action=initializeUpload", {
      method: "POST",
      headers,
      body: JSON.stringify({
        initializeUploadRequest: { owner, fileSizeBytes: bytes.length, uploadCaptions: false, uploadThumbnail: false },
      }),
    });
    const { video, uploadInstructions } = (await init.json<any>()).value;
    const etags: string[] = [];
    for (const part of uploadInstructions as { uploadUrl: string; firstByte: number; lastByte: number }[]) {
      const put = await SELF.fetch(part.uploadUrl, {
        method: "PUT",
        headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/octet-stream" },
        body: bytes.slice(part.firstByte, part.lastByte + 1),
      });
      expect(put.status).toBe(200);
      etags.push(put.headers.get("ETag")!.replace(/"/g, ""));
    }
    const finalize = () =>
      emu("api.linkedin.com", "/rest/videos?action=finalizeUpload", {
        method: "POST",
        headers,
        body: JSON.stringify({ finalizeUploadRequest: { video, uploadToken: "", uploadedPartIds: etags } }),
      });
    expect((await finalize()).status).toBe(200);
    expect(await (await finalize()).json()).toMatchObject({ status: 400, message: "The video was already finalized" });
    const statusOf = async () =>
      (await (await emu("api.linkedin.com", `/rest/videos/${encodeURIComponent(video)}`, { headers })).json<any>())
        .status;
    const post = () =>
      emu("api.linkedin.com", "/rest/posts", {
        method: "POST",
        headers,
        body: JSON.stringify({
          author: owner,
          commentary: `staged ${crypto.randomUUID()}`,
          visibility: "PUBLIC",
          distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
          content: { media: { id: video } },
          lifecycleState: "PUBLISHED",
          isReshareDisabledByAuthor: false,
        }),
      });
    expect([await statusOf(), await statusOf()]).toEqual(["PROCESSING", "PROCESSING"]);
    const early = await post();
    expect(early.status).toBe(422);
    expect((await early.json<any>()).message).toBe(`/content: ${video} is PROCESSING, not AVAILABLE`);
    await advanceClock(61_000);
    expect(await statusOf()).toBe("AVAILABLE");
    const made = await post();
    expect(made.status).toBe(201);
    expect(made.headers.get("x-restli-id")).toMatch(/^urn:li:ugcPost:\d+$/);

    const image = await emu("api.linkedin.com", "/rest/images?action=initializeUpload", {
      method: "POST",
      headers,
      body: JSON.stringify({ initializeUploadRequest: { owner } }),
    });
    const { uploadUrl, uploadUrlExpiresAt } = (await image.json<any>()).value;
    const clock = await (await SELF.fetch("http://localhost/sandbox/clock")).json<{ now: number }>();
    await advanceClock(uploadUrlExpiresAt - clock.now + 1000);
    const late = await SELF.fetch(uploadUrl, {
      method: "PUT",
      headers: { Authorization: `Bearer ${access_token}` },
      body: pngBytes(64, 64, 2048) as Uint8Array<ArrayBuffer>,
    });
    expect(late.status).toBe(404);
    expect(await late.json()).toMatchObject({ status: 404, message: "Upload URL not found or expired" });
  });
});
