import { beforeEach, describe, expect, it } from "vitest";
import { call, registerUser, settledPost, uploadImage } from "../test/helpers";
import { advanceEmulator, connectViaEmulator, raw } from "../test/oauth";
import {
  clearFaults,
  consent,
  failure,
  media,
  ORIGIN,
  pngBytes,
  sandboxDeps,
  sandboxFetch,
} from "../test/platform-sandbox";
import { BlueskyClient } from "./bluesky";
import { dpopProof, importDpopKey, newDpopJwk, unbindToken } from "./bluesky-dpop";
import type { AccountCredentials } from "./types";

/**
 * AT Protocol OAuth against the emulated PDS and its authorization server (ADR 073): discovery from the handle,
 * PAR with PKCE and DPoP, the consent by request_uri, tokens bound to the connect's key, DPoP-bound calls to the
 * PDS, refresh; and what the servers refuse (a bound token as Bearer, another key's proof, a replayed proof).
 */
const client = new BlueskyClient(sandboxDeps());
const DEMO = { handle: "postline-demo.bsky.social", did: "did:plc:pstlndemo2kitchen3bakery" };
const REDIRECT = `${ORIGIN}/api/auth/bluesky/callback`;
const verifier = () => "v".repeat(20) + crypto.randomUUID();

async function connect() {
  const VERIFIER = verifier();
  const start = await client.authorizeUrl({
    state: "st-1",
    redirectUri: REDIRECT,
    codeVerifier: VERIFIER,
    instance: DEMO.handle,
  });
  const back = await consent(start.url);
  const tokens = await client.exchangeCode({
    code: back.searchParams.get("code")!,
    redirectUri: REDIRECT,
    codeVerifier: VERIFIER,
    secret: start.secret,
    issuer: back.searchParams.get("iss")!,
  });
  const [remote] = await client.accounts(tokens, undefined, DEMO.handle);
  const account: AccountCredentials = {
    platformUserId: remote!.platformUserId,
    accessToken: tokens.accessToken,
    accountType: "personal",
    metadata: remote!.metadata!,
  };
  return { start, back, tokens, remote: remote!, account, VERIFIER };
}

/** A call to the PDS with a token and whatever DPoP header the test makes. */
async function getSession(authorization: string, dpop?: string) {
  const res = await sandboxFetch("https://bsky.social/xrpc/com.atproto.server.getSession", {
    headers: { Authorization: authorization, ...(dpop && { DPoP: dpop }) },
  });
  return { status: res.status, nonce: res.headers.get("DPoP-Nonce"), body: (await res.json()) as { error?: string } };
}

beforeEach(async () => {
  await clearFaults();
});

describe("AT Protocol OAuth against the emulated Bluesky", () => {
  it("connects from a handle: PAR with PKCE and DPoP, consent by request_uri, tokens bound to the key", async () => {
    const { start, back, tokens, remote, VERIFIER } = await connect();
    // The browser sees only the client and the pushed request, on this Worker's sandbox page for bsky.social.
    expect(start.url.pathname).toBe("/sandbox/bsky.social/oauth/authorize");
    expect([...start.url.searchParams.keys()].sort()).toEqual(["client_id", "request_uri"]);
    expect(start.url.searchParams.get("client_id")).toBe(`${ORIGIN}/api/auth/bluesky/client-metadata.json`);
    expect(back.searchParams.get("state")).toBe("st-1");
    expect(back.searchParams.get("iss")).toBe("https://bsky.social");
    expect(remote).toMatchObject({
      platformUserId: DEMO.did,
      username: DEMO.handle,
      metadata: { pds: "https://bsky.social", handle: DEMO.handle, connectionType: "oauth" },
    });
    expect(tokens.scopes).toEqual(["atproto", "transition:generic"]);
    expect(tokens.expiresAt! - Date.now()).toBeGreaterThan(50 * 60_000);
    // The stored token carries its key: no key, no use.
    expect(unbindToken(tokens.accessToken)?.key).toMatchObject({ kty: "EC", crv: "P-256" });

    // A pushed request is answered once.
    const again = await sandboxFetch(start.url);
    expect(again.status).toBe(400);
    // A code from another connect's request is refused with this connect's key.
    const other = await failure(
      client.exchangeCode({
        code: back.searchParams.get("code")!,
        redirectUri: REDIRECT,
        codeVerifier: VERIFIER,
        secret: start.secret,
        issuer: "https://elsewhere.example",
      }),
    );
    expect(other.message).toBe("The answer came from another authorization server than the one asked.");
  });

  it("publishes with DPoP-bound calls, follows a new nonce after the clock moves, and refreshes with the key", async () => {
    const { account, tokens } = await connect();
    const text = `OAuth post ${crypto.randomUUID().slice(0, 8)}`;
    // A client that has no nonce yet (another isolate): its first upload is refused once for the PDS's nonce.
    const fresh = new BlueskyClient(sandboxDeps());
    const res = await fresh.publish(account, {
      marker: crypto.randomUUID(),
      createdAt: Date.now(),
      text,
      media: [media("image", "image/png", pngBytes(), "A loaf")],
    });
    expect(res.remoteId).toMatch(new RegExp(`^at://${DEMO.did}/app\\.bsky\\.feed\\.post/`));
    await new BlueskyClient(sandboxDeps()).reply(account, res.remoteId, `Part 2 ${text}`);
    // The servers' nonces rotate: the next call is refused once for the new one and sent again with it.
    await advanceEmulator(10 * 60_000);
    await client.checkAccess(account);

    const renewed = await client.refresh(tokens, account);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    await client.checkAccess({ ...account, accessToken: renewed.accessToken });
    // The refresh token is single use.
    const reused = await failure(client.refresh(tokens, account));
    expect([reused.kind, reused.message]).toEqual(["auth", "Invalid refresh token"]);
  });

  it("the PDS takes a bound token only with a fresh proof of its own key", async () => {
    const { tokens } = await connect();
    const bound = unbindToken(tokens.accessToken)!;
    const key = await importDpopKey(bound.key);
    const htu = "https://bsky.social/xrpc/com.atproto.server.getSession";

    const asBearer = await getSession(`Bearer ${bound.token}`);
    expect([asBearer.status, asBearer.body.error]).toEqual([401, "InvalidToken"]);
    // Without the server's nonce: refused, with the nonce to use.
    const first = await getSession(
      `DPoP ${bound.token}`,
      await dpopProof(key, { htm: "GET", htu, now: Date.now(), accessToken: bound.token }),
    );
    expect([first.status, first.body.error]).toEqual([401, "use_dpop_nonce"]);
    const nonce = first.nonce!;
    const proof = await dpopProof(key, { htm: "GET", htu, now: Date.now(), nonce, accessToken: bound.token });
    expect((await getSession(`DPoP ${bound.token}`, proof)).status).toBe(200);
    const replay = await getSession(`DPoP ${bound.token}`, proof);
    expect([replay.status, replay.body.error]).toEqual([401, "invalid_dpop_proof"]);

    const stranger = await importDpopKey(await newDpopJwk());
    const wrongKey = await getSession(
      `DPoP ${bound.token}`,
      await dpopProof(stranger, { htm: "GET", htu, now: Date.now(), nonce, accessToken: bound.token }),
    );
    expect([wrongKey.status, wrongKey.body.error]).toEqual([401, "invalid_dpop_proof"]);
    const wrongUrl = await getSession(
      `DPoP ${bound.token}`,
      await dpopProof(key, { htm: "POST", htu, now: Date.now(), nonce, accessToken: bound.token }),
    );
    expect(wrongUrl.status).toBe(401);
  });

  it("the authorization server wants a DPoP proof on the pushed request and knows only clients with a metadata document", async () => {
    const par = (body: Record<string, string>, dpop?: string) =>
      sandboxFetch("https://bsky.social/oauth/par", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(dpop && { DPoP: dpop }) },
        body: new URLSearchParams(body).toString(),
      });
    const params = {
      client_id: `${ORIGIN}/api/auth/bluesky/client-metadata.json`,
      response_type: "code",
      redirect_uri: REDIRECT,
      scope: "atproto transition:generic",
      state: "s",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    };
    const none = await par(params);
    expect([none.status, ((await none.json()) as { error: string }).error]).toEqual([400, "invalid_dpop_proof"]);
    const key = await importDpopKey(await newDpopJwk());
    const proof = (nonce?: string) =>
      dpopProof(key, { htm: "POST", htu: "https://bsky.social/oauth/par", now: Date.now(), nonce });
    const noNonce = await par(params, await proof());
    expect([noNonce.status, ((await noNonce.json()) as { error: string }).error]).toEqual([400, "use_dpop_nonce"]);
    const nonce = noNonce.headers.get("DPoP-Nonce")!;
    const unknown = await par({ ...params, client_id: "https://elsewhere.example/client.json" }, await proof(nonce));
    expect([unknown.status, ((await unknown.json()) as { error: string }).error]).toEqual([401, "invalid_client"]);
    const badRedirect = await par({ ...params, redirect_uri: "https://evil.example/cb" }, await proof(nonce));
    expect(((await badRedirect.json()) as { error_description: string }).error_description).toBe(
      "Invalid redirect_uri",
    );
    const ok = await par(params, await proof(nonce));
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { request_uri: string }).request_uri).toMatch(/^urn:ietf:params:oauth:request_uri:/);
  });

  it("connects through Settings: the handle starts the consent, the callback stores the account, no password asked", async () => {
    const u = await registerUser();
    const meta = await raw("/api/auth/bluesky/client-metadata.json");
    expect(await meta.json()).toMatchObject({
      client_id: `${ORIGIN}/api/auth/bluesky/client-metadata.json`,
      redirect_uris: [REDIRECT],
      scope: "atproto transition:generic",
      dpop_bound_access_tokens: true,
      token_endpoint_auth_method: "none",
    });
    const missing = await call("/api/auth/bluesky/connect", { token: u.token, body: {} });
    expect([missing.status, missing.body]).toEqual([
      400,
      { success: false, message: "Enter your Bluesky handle, like name.bsky.social." },
    ]);
    const run = await connectViaEmulator(u.cookie, "bluesky", { instance: `@${DEMO.handle}` });
    expect(run.settings.searchParams.get("connected")).toBe("bluesky");
    const { accounts } = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data;
    const bsky = (accounts as { platform: string; username: string; connectionType: string }[]).filter(
      (a) => a.platform === "bluesky",
    );
    expect(bsky.map((a) => [a.username, a.connectionType])).toEqual([[DEMO.handle, "oauth"]]);

    // A thread published through the app with the OAuth session: every call carries the key's proof.
    const tag = crypto.randomUUID().slice(0, 8);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `Through OAuth ${tag}`,
        platforms: ["bluesky"],
        selectedAccounts: { bluesky: [(bsky[0] as unknown as { _id: string })._id] },
        images: [await uploadImage(u.token)],
        publishNow: true,
      },
    });
    expect(res.status, res.body.message).toBe(201);
    const post = await settledPost(u.token, res.body.data._id, 30_000);
    expect(post.platformPosts.map((t) => [t.status, t.error ?? null])).toEqual([["published", null]]);
  });
});
