import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectedAccounts } from "../db/schema/accounts";
import { call, registerUser } from "../test/helpers";
import { armFault, cipher, connectViaEmulator } from "../test/oauth";
import { clearFaults, failure, sandboxDeps, sandboxFetch } from "../test/platform-sandbox";
import { drizzleOf } from "../test/shards";
import { BlueskyClient } from "./bluesky";
import type { AccountCredentials, TokenSet } from "./types";

/**
 * Disconnecting a Bluesky account gives its tokens back: OAuth tokens are revoked at the authorization server
 * (RFC 7009, DPoP-bound), an app password's session is deleted on the PDS; a server that fails does not keep the
 * account connected.
 */
const client = new BlueskyClient(sandboxDeps());
const DEMO = { handle: "postline-demo.bsky.social", appPassword: "pstl-demo-bsky-apps" };

type User = Awaited<ReturnType<typeof registerUser>>;

/** The account's stored tokens, as the app would use them (read before the disconnect forgets them). */
async function storedTokens(u: User, accountId: string) {
  const row = (
    await (await drizzleOf(u.user.id)).select().from(connectedAccounts).where(eq(connectedAccounts.id, accountId))
  )[0]!;
  const tokens: TokenSet = {
    accessToken: await cipher().decrypt(row.accessTokenEnc),
    refreshToken: row.refreshTokenEnc ? await cipher().decrypt(row.refreshTokenEnc) : null,
    expiresAt: row.tokenExpiresAt,
    scopes: [],
  };
  const account: AccountCredentials = {
    platformUserId: row.platformUserId,
    accessToken: tokens.accessToken,
    accountType: row.accountType,
    metadata: row.metadata ?? {},
  };
  return { tokens, account };
}

async function connectOAuth(u: User) {
  await connectViaEmulator(u.cookie, "bluesky", { instance: `@${DEMO.handle}` });
  const { accounts } = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data;
  return (accounts as { _id: string; platform: string }[]).find((a) => a.platform === "bluesky")!._id;
}

async function disconnect(u: User, accountId: string) {
  const res = await call(`/api/auth/bluesky/disconnect/${accountId}`, { token: u.token, method: "DELETE" });
  expect(res.status, res.body.message).toBe(200);
  const { accounts } = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data;
  expect((accounts as { _id: string }[]).map((a) => a._id)).not.toContain(accountId);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await clearFaults();
});

describe("Disconnecting a Bluesky account", () => {
  it("revokes its OAuth tokens: the PDS refuses the access token and the server the refresh token", async () => {
    const u = await registerUser();
    const id = await connectOAuth(u);
    const { tokens, account } = await storedTokens(u, id);
    await client.checkAccess(account);
    await disconnect(u, id);
    const access = await failure(client.checkAccess(account));
    expect([access.kind, access.details.code]).toEqual(["auth", "InvalidToken"]);
    const refresh = await failure(client.refresh(tokens, account));
    expect([refresh.kind, refresh.message]).toEqual(["auth", "Invalid refresh token"]);
  });

  it("still disconnects when the revocation endpoint fails: the tokens live on, the account is gone", async () => {
    const u = await registerUser();
    const id = await connectOAuth(u);
    const { account } = await storedTokens(u, id);
    await armFault("bluesky", "500", 5, { method: "POST", path: "oauth/revoke" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await disconnect(u, id);
    expect(warn).toHaveBeenCalledWith("token revocation failed on disconnect", "bluesky", id, expect.anything());
    warn.mockRestore();
    await clearFaults();
    await client.checkAccess(account);
  });

  it("deletes an app password's session: its refresh JWT is refused afterwards", async () => {
    const u = await registerUser();
    const res = await call<"POST /api/auth/:platform/app-password">("/api/auth/bluesky/app-password", {
      cookie: u.cookie,
      body: { identifier: DEMO.handle, appPassword: DEMO.appPassword },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.accounts[0]!.id;
    const { tokens, account } = await storedTokens(u, id);
    await disconnect(u, id);
    const refused = await failure(client.refresh(tokens, account));
    expect([refused.kind, refused.details.code]).toEqual(["auth", "InvalidToken"]);
    // deleteSession takes only the refresh JWT, as the lexicon says.
    const withAccess = await sandboxFetch("https://bsky.social/xrpc/com.atproto.server.deleteSession", {
      method: "POST",
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(withAccess.status).toBe(401);
  });

  it("deleting a workspace revokes its accounts' tokens too, once its rows are gone", async () => {
    const u = await registerUser();
    const ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: u.token, body: { name: "Agency" } }))
      .body.data.id;
    const headers = { "X-Workspace-Id": ws };
    const res = await call<"POST /api/auth/:platform/app-password">("/api/auth/bluesky/app-password", {
      token: u.token,
      headers,
      body: { identifier: DEMO.handle, appPassword: DEMO.appPassword },
    });
    expect(res.status, res.body.message).toBe(201);
    const row = (
      await (await drizzleOf(ws)).select().from(connectedAccounts).where(eq(connectedAccounts.workspaceId, ws))
    )[0]!;
    const tokens = {
      accessToken: await cipher().decrypt(row.accessTokenEnc),
      refreshToken: row.refreshTokenEnc ? await cipher().decrypt(row.refreshTokenEnc) : null,
      expiresAt: row.tokenExpiresAt,
      scopes: [],
    };
    const account = {
      platformUserId: row.platformUserId,
      accessToken: tokens.accessToken,
      metadata: row.metadata ?? {},
    };
    const deleted = await call<"DELETE /api/workspaces/:id">(`/api/workspaces/${ws}`, {
      token: u.token,
      headers,
      method: "DELETE",
    });
    expect(deleted.status, deleted.body.message).toBe(200);
    const refused = await failure(client.refresh(tokens, account));
    expect([refused.kind, refused.details.code]).toEqual(["auth", "InvalidToken"]);
  });
});
