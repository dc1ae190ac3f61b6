import { describe, expect, it } from "vitest";
import { armFault, consentCode, emu, form, REDIRECT } from "./sdk";

/** LinkedIn OAuth and the versioned REST API as linkedin-api-client calls them (PLATFORMS.md §4). */
const CLIENT = { client_id: "conformance-li-app", client_secret: "conformance-li-secret" };
const REST = { "LinkedIn-Version": "202601", "X-Restli-Protocol-Version": "2.0.0", "Content-Type": "application/json" };

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
});
