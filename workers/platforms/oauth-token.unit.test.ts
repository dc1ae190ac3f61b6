import { describe, expect, it } from "vitest";
import { classifyTokenError, tokenRequestParts, tokenSetFromResponse } from "./oauth-token";

const client = { clientId: "id", clientSecret: "s3cret" };

describe("token requests", () => {
  it("sends confidential clients as HTTP Basic, without the secret in the body", () => {
    const parts = tokenRequestParts({
      platform: "twitter",
      endpoint: "https://api.x.com/2/oauth2/token",
      params: { grant_type: "refresh_token", refresh_token: "r" },
      client,
      clientAuth: "basic",
    });
    expect(parts).toEqual({
      form: { grant_type: "refresh_token", refresh_token: "r" },
      headers: { Authorization: `Basic ${btoa("id:s3cret")}` },
    });
  });

  it("puts LinkedIn's credentials in the body", () => {
    const parts = tokenRequestParts({
      platform: "linkedin",
      endpoint: "https://www.linkedin.com/oauth/v2/accessToken",
      params: { grant_type: "authorization_code", code: "c" },
      client,
      clientAuth: "body",
    });
    expect(parts).toEqual({
      form: { grant_type: "authorization_code", code: "c", client_id: "id", client_secret: "s3cret" },
      headers: {},
    });
  });
});

describe("tokenSetFromResponse", () => {
  it("turns relative lifetimes into instants and splits comma or space scopes", () => {
    const t = tokenSetFromResponse(
      "linkedin",
      {
        access_token: "a",
        expires_in: 60,
        refresh_token: "r",
        refresh_token_expires_in: 120,
        scope: "email,openid w_member_social",
      },
      1_000,
    );
    expect(t).toEqual({
      accessToken: "a",
      refreshToken: "r",
      expiresAt: 61_000,
      refreshExpiresAt: 121_000,
      scopes: ["email", "openid", "w_member_social"],
    });
  });

  it("keeps the previous refresh token and its expiry when the platform does not re-issue one", () => {
    const previous = { accessToken: "old", refreshToken: "keep", expiresAt: 0, refreshExpiresAt: 9_999, scopes: ["x"] };
    const t = tokenSetFromResponse("linkedin", { access_token: "new", expires_in: 3599 }, 0, previous);
    expect(t.refreshToken).toBe("keep");
    expect(t.refreshExpiresAt).toBe(9_999);
    expect(t.scopes).toEqual(["x"]);
  });

  it("refuses an answer without an access token", () => {
    expect(() => tokenSetFromResponse("linkedin", { error: "nope" }, 0)).toThrow(
      "LinkedIn answered without a valid access_token",
    );
    // expires_in must be a number (PLATFORMS.md §0): a string is a changed answer, said as such.
    expect(() => tokenSetFromResponse("youtube", { access_token: "a", expires_in: "3599" }, 0)).toThrow(
      "YouTube answered without a valid expires_in",
    );
  });
});

describe("classifyTokenError", () => {
  it("treats a refused grant as reconnect and outages as retryable", () => {
    const e = classifyTokenError("youtube", 400, {
      error: "invalid_grant",
      error_description: "Token has been expired or revoked.",
    });
    expect([e.kind, e.message, e.details.code]).toEqual([
      "auth",
      "Token has been expired or revoked.",
      "invalid_grant",
    ]);
    expect(classifyTokenError("youtube", 503, null).kind).toBe("retryable");
    expect(classifyTokenError("twitter", 429, {}).kind).toBe("retryable");
  });
});
