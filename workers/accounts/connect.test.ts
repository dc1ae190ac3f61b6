import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { defaultVersion, versionedApi } from "../platforms/api-versions";
import { buildServices } from "../services";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { cipher, connectViaEmulator, platformHarness, raw } from "../test/oauth";
import { dbOf, drizzleOf } from "../test/shards";
import { ConnectError } from "./connect";

const SUNRISE_PAGE = "20150000000000001";
const TRAILHEAD_PAGE = "20150000000000002";

async function storedRows(userId: string) {
  const { results } = await (await dbOf(userId))
    .prepare("SELECT * FROM connected_accounts WHERE user_id = ? ORDER BY platform, platform_user_id")
    .bind(userId)
    .all<Record<string, string>>();
  return results;
}

/** Every token the user's accounts hold, decrypted, to prove none of them appears in any response. */
async function plainTokens(userId: string) {
  const c = cipher();
  return Promise.all((await storedRows(userId)).map((r) => c.decrypt(r.access_token_enc!)));
}

/** The Graph version the app calls today (ADR 051). */
const graphVersion = defaultVersion(versionedApi("META_GRAPH_VERSION"), Date.now());

describe("connect Instagram + Facebook Pages (Facebook Login)", () => {
  it("stores the chosen Pages and their Instagram accounts with encrypted tokens and never returns a token", async () => {
    const u = await registerUser();
    const run = await connectViaEmulator(u.cookie, "instagram", {
      variant: "facebook",
      choices: [SUNRISE_PAGE, TRAILHEAD_PAGE],
    });
    expect(run.authUrl.origin + run.authUrl.pathname).toBe(
      `${ORIGIN}/sandbox/www.facebook.com/${graphVersion}/dialog/oauth`,
    );
    expect(run.authUrl.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/instagram/callback`);
    expect(run.settings.pathname + run.settings.search).toBe("/settings?tab=accounts&connected=instagram");

    const rows = await storedRows(u.user.id);
    expect(rows.map((r) => `${r.platform}:${r.username}`)).toEqual([
      "facebook:Sunrise Bakery",
      "facebook:Trailhead Outfitters",
      "instagram:sunrisebakery",
      "instagram:trailhead.outfitters",
    ]);
    for (const r of rows) expect(r.access_token_enc).toMatch(/^v1\./);
    const tokens = await plainTokens(u.user.id);
    for (const t of tokens) expect(t).toMatch(/^EAAP/);

    const list = await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie });
    expect(list.status).toBe(200);
    const ig = list.body.data.accounts.find((a) => a.username === "sunrisebakery")!;
    expect(ig).toMatchObject({
      platform: "instagram",
      connectionType: "standard",
      accountType: "business",
      status: "connected",
      connected: true,
      pageId: SUNRISE_PAGE,
      fbUsername: "Sunrise Bakery",
    });
    expect(ig.followerCount).toBeGreaterThan(0);
    const page = list.body.data.accounts.find((a) => a.platform === "facebook" && a.username === "Sunrise Bakery");
    expect(page).toMatchObject({ accountType: "page", pageId: SUNRISE_PAGE });

    const profile = await call<"GET /api/users/profile">("/api/users/profile", { cookie: u.cookie });
    expect(profile.body.data.connectedPlatforms.sort()).toEqual(["facebook", "instagram"]);
    const me = await call<"GET /api/auth/me">("/api/auth/me", { cookie: u.cookie });
    expect(me.body.data.connectedAccounts).toHaveLength(4);
    const one = await call<"GET /api/accounts/:id">(`/api/accounts/${ig._id}`, { cookie: u.cookie });
    expect(one.body.data.username).toBe("sunrisebakery");

    const everything = JSON.stringify([list.body, profile.body, me.body, one.body]);
    for (const t of tokens) expect(everything).not.toContain(t);
    expect(everything).not.toMatch(/token_enc|accessToken|access_token/i);
  });
});

describe("connect Instagram Only (Instagram Login) and Threads", () => {
  it("connects an Instagram account directly with a 60-day token", async () => {
    const u = await registerUser();
    const run = await connectViaEmulator(u.cookie, "instagram", { variant: "instagram-only" });
    expect(run.authUrl.pathname).toBe("/sandbox/www.instagram.com/oauth/authorize");
    expect(run.settings.searchParams.get("connected")).toBe("instagram");
    const [row] = await storedRows(u.user.id);
    expect(row).toMatchObject({
      platform: "instagram",
      username: "alex.rivera.creates",
      connection_type: "direct",
      account_type: "creator",
    });
    const days = (Number(row!.token_expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThan(61);
    const list = await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie });
    expect(list.body.data.accounts[0].metadata).toMatchObject({ instagramOnly: true, directConnection: true });
  });

  it("the spec's /api/auth/instagram/instagram-only redirect starts the same flow", async () => {
    const u = await registerUser();
    const res = await raw("/api/auth/instagram/instagram-only", { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("Location")!).pathname).toBe("/sandbox/www.instagram.com/oauth/authorize");
  });

  it("connects Threads, reading followers from threads_insights", async () => {
    const u = await registerUser();
    const run = await connectViaEmulator(u.cookie, "threads");
    expect(run.authUrl.pathname).toBe("/sandbox/threads.net/oauth/authorize");
    expect(run.settings.searchParams.get("connected")).toBe("threads");
    const list = await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie });
    expect(list.body.data.accounts).toEqual([
      expect.objectContaining({ platform: "threads", username: "alex.rivera", followerCount: expect.any(Number) }),
    ]);
  });

  it("POST /connect answers the authorize URL for API clients", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/auth/:platform/connect">("/api/auth/instagram/connect", {
      token: u.token,
      body: { variant: "instagram-only" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.authUrl).toContain("/sandbox/www.instagram.com/oauth/authorize?");
    const bad = await call<"POST /api/auth/:platform/connect">("/api/auth/instagram/connect", {
      token: u.token,
      body: { variant: "tiktok" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: "Unknown connection type for Instagram." });
    expect(
      (await call<"POST /api/auth/:platform/connect">("/api/auth/myspace/connect", { token: u.token, body: {} }))
        .status,
    ).toBe(404);
    // TikTok's Login Kit: client_key, not client_id, and PKCE.
    const tiktok = await call<"POST /api/auth/:platform/connect">("/api/auth/tiktok/connect", {
      token: u.token,
      body: {},
    });
    expect(tiktok.status).toBe(200);
    const authUrl = new URL(tiktok.body.data.authUrl);
    expect(authUrl.pathname).toBe("/sandbox/www.tiktok.com/v2/auth/authorize/");
    expect(authUrl.searchParams.get("client_key")).toBe("sandbox-tiktok-app");
    expect((await call<"POST /api/auth/:platform/connect">("/api/auth/instagram/connect", { body: {} })).status).toBe(
      401,
    );
  });
});

describe("the callback refuses", () => {
  it("a Deny, storing nothing", async () => {
    const u = await registerUser();
    const run = await connectViaEmulator(u.cookie, "instagram", { variant: "facebook", decision: "deny" });
    expect(run.settings.searchParams.get("error")).toBe("You cancelled the Instagram connection.");
    expect(run.settings.searchParams.get("connected")).toBeNull();
    expect(await storedRows(u.user.id)).toHaveLength(0);
  });

  it("a replayed state and a forged state", async () => {
    const u = await registerUser();
    const run = await connectViaEmulator(u.cookie, "threads");
    expect(run.settings.searchParams.get("connected")).toBe("threads");
    const replay = await raw(run.callback, { cookie: u.cookie });
    expect(new URL(replay.headers.get("Location")!, ORIGIN).searchParams.get("error")).toBe(
      "This connection request is invalid or has expired. Please try connecting again.",
    );
    const forged = new URL(run.callback);
    forged.searchParams.set("state", "forged-state");
    const res = await raw(forged.toString(), { cookie: u.cookie });
    expect(new URL(res.headers.get("Location")!, ORIGIN).searchParams.get("error")).toMatch(/invalid or has expired/);
  });

  it("another user's state, and keeps that user's state usable", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const start = await raw("/api/auth/threads", { cookie: a.cookie });
    const authUrl = new URL(start.headers.get("Location")!);
    const form = new URLSearchParams(authUrl.searchParams);
    form.set("choice", "25000000000000001");
    form.set("decision", "approve");
    const consent = await raw(authUrl.origin + authUrl.pathname, {
      method: "POST",
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const callback = consent.headers.get("Location")!.replace(/#.*$/, "");
    const stolen = await raw(callback, { cookie: b.cookie });
    expect(new URL(stolen.headers.get("Location")!, ORIGIN).searchParams.get("error")).toMatch(
      /invalid or has expired/,
    );
    expect(await storedRows(b.user.id)).toHaveLength(0);
    const own = await raw(callback, { cookie: a.cookie });
    expect(new URL(own.headers.get("Location")!, ORIGIN).searchParams.get("connected")).toBe("threads");
  });

  it("a state older than 10 minutes", async () => {
    const u = await registerUser();
    const auth = (await buildServices(env).auth.resolve(u.token))!;
    const h = platformHarness({}, await drizzleOf(u.user.id));
    const url = await h.accounts.start(auth, auth.user.id, "threads");
    h.clock.shiftMs = 11 * 60_000;
    const params = new URLSearchParams({ state: url.searchParams.get("state")!, code: "whatever" });
    await expect(h.accounts.complete(auth, "threads", params)).rejects.toThrow(ConnectError);
    await expect(h.accounts.complete(auth, "threads", params)).rejects.toThrow(/invalid or has expired/);
  });
});

describe("ownership", () => {
  it("the activity log names the network as the app does: X, not twitter", async () => {
    const a = await registerUser();
    await connectViaEmulator(a.cookie, "twitter");
    const [account] = (await call<"GET /api/accounts">("/api/accounts", { token: a.token })).body.data.accounts;
    const gone = await call<"DELETE /api/accounts/:id">(`/api/accounts/${account._id}`, {
      token: a.token,
      method: "DELETE",
    });
    expect(gone.status).toBe(200);
    const log = await call<"GET /api/workspaces/:id/activity">(`/api/workspaces/${a.user.id}/activity`, {
      token: a.token,
    });
    const entries = log.body.data.entries.filter((e: { subject: string }) => e.subject === "account");
    expect(entries.map((e: { action: string; summary: string }) => [e.action, e.summary])).toEqual([
      ["disconnected", `${account.displayName} on X`],
      ["connected", `${account.displayName} on X`],
    ]);
  });

  it("user B cannot see, refresh or disconnect user A's account; A can disconnect it", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await connectViaEmulator(a.cookie, "instagram", { variant: "instagram-only" });
    const id = (await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: a.cookie }))
      .body.data.accounts[0]._id as string;
    const notFound = { success: false, message: "The requested resource was not found." };
    expect(await call<"GET /api/accounts/:id">(`/api/accounts/${id}`, { token: b.token })).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(
      await call<"POST /api/accounts/:id/refresh">(`/api/accounts/${id}/refresh`, { token: b.token, method: "POST" }),
    ).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(
      await call<"DELETE /api/accounts/:id">(`/api/accounts/${id}`, { token: b.token, method: "DELETE" }),
    ).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(
      await call<"DELETE /api/auth/:platform/disconnect/:id">(`/api/auth/instagram/disconnect/${id}`, {
        token: b.token,
        method: "DELETE",
      }),
    ).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(
      (await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { token: b.token })).body.data
        .accounts,
    ).toEqual([]);

    const gone = await call<"DELETE /api/auth/:platform/disconnect/:id">(`/api/auth/instagram/disconnect/${id}-fb`, {
      token: a.token,
      method: "DELETE",
    });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe("Account disconnected successfully");
    expect(
      (await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { token: a.token })).body.data
        .accounts,
    ).toEqual([]);
  });
});
