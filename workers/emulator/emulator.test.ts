import { describe, expect, it } from "vitest";
import { raw } from "../test/oauth";

const json = { "Content-Type": "application/json" };

describe("emulator controls", () => {
  it("moves the clock forward only, with a clear message on bad input", async () => {
    const before = await (await raw("/sandbox/clock")).json<{ now: number }>();
    const moved = await raw("/sandbox/clock", {
      method: "POST",
      body: JSON.stringify({ advanceMs: 3_600_000 }),
      headers: json,
    });
    expect((await moved.json<{ now: number }>()).now - before.now).toBeGreaterThanOrEqual(3_600_000);
    const back = await raw("/sandbox/clock", {
      method: "POST",
      body: JSON.stringify({ advanceMs: -5 }),
      headers: json,
    });
    expect(back.status).toBe(400);
    expect(await back.json()).toEqual({ error: { message: "advanceMs must be ≥ 0" } });
  });

  it("validates the fault switch and spends exactly `count` faults", async () => {
    const bad = await raw("/sandbox/faults", {
      method: "POST",
      body: JSON.stringify({ platform: "facebook", mode: "418" }),
      headers: json,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.message).toBe("mode must be one of 429, 500, timeout, drop");
    await raw("/sandbox/faults", {
      method: "POST",
      body: JSON.stringify({ platform: "threads", mode: "500", count: 2 }),
      headers: json,
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await raw("/sandbox/graph.threads.net/v1.0/me")).status);
    // Two faulted 500s, then the real answer (400: no access token).
    expect(statuses).toEqual([500, 500, 400]);
  });

  it("aims a fault at the Nth call matching a method and path pattern, letting every other call through", async () => {
    const arm = (body: object) =>
      raw("/sandbox/faults", {
        method: "POST",
        body: JSON.stringify({ platform: "threads", mode: "500", ...body }),
        headers: json,
      });
    expect(((await (await arm({ path: "([" })).json()) as any).error.message).toBe("path must be a regular expression");
    await arm({ method: "GET", path: "^/v1\\.0/me\\?fields=permalink", after: 1, count: 1 });
    const statuses = [];
    for (const path of [
      "/v1.0/me?fields=id",
      "/v1.0/me?fields=permalink",
      "/v1.0/me?fields=id",
      "/v1.0/me?fields=permalink",
      "/v1.0/me?fields=permalink",
    ]) {
      statuses.push((await raw(`/sandbox/graph.threads.net${path}`)).status);
    }
    // Non-matching calls pass; the first matching call is let through (after: 1); the second fails; then it is spent.
    expect(statuses).toEqual([400, 400, 400, 500, 400]);
  });
});

describe("consent pages and code exchange", () => {
  it("refuses an authorize request without client_id or redirect_uri", async () => {
    const res = await raw(
      "/sandbox/www.instagram.com/oauth/authorize?response_type=code&scope=instagram_business_basic",
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Missing required parameter: client_id");
  });

  it("issues single-use codes: a replay gets Instagram's error shape", async () => {
    const params = new URLSearchParams({
      client_id: "sandbox-instagram-app",
      redirect_uri: "http://localhost/cb",
      response_type: "code",
      scope: "instagram_business_basic",
      state: "s",
      choice: "17841400000000011",
      decision: "approve",
    });
    const consent = await raw("/sandbox/www.instagram.com/oauth/authorize", {
      method: "POST",
      body: params.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const location = new URL(consent.headers.get("Location")!);
    expect(location.hash).toBe("#_");
    expect(location.searchParams.get("state")).toBe("s");
    const form = new URLSearchParams({
      client_id: "sandbox-instagram-app",
      client_secret: "sandbox-instagram-secret",
      grant_type: "authorization_code",
      redirect_uri: "http://localhost/cb",
      code: location.searchParams.get("code")!,
    });
    const exchange = () =>
      raw("/sandbox/api.instagram.com/oauth/access_token", {
        method: "POST",
        body: form.toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    expect(((await first.json()) as any).data[0]).toMatchObject({
      user_id: "17841400000000011",
      access_token: expect.stringMatching(/^IGAAS/),
    });
    const replay = await exchange();
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      error_type: "OAuthException",
      code: 400,
      error_message: "Matching code was not found or was already used",
    });
  });
});
