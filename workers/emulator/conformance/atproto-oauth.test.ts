import { WebcryptoKey } from "@atproto/jwk-webcrypto";
import { buildAtprotoLoopbackClientMetadata, OAuthClient, type RuntimeImplementation } from "@atproto/oauth-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { advanceEmulator } from "../../test/oauth";
import { consent, sandboxFetch } from "../../test/platform-sandbox";

/**
 * The official AT Protocol OAuth client, @atproto/oauth-client, unchanged against the emulated PDS and its
 * authorization server: it resolves the handle and the DID itself, discovers the server from the PDS, pushes the
 * request (PAR, PKCE S256, DPoP with the server's nonce), trades the code, calls the PDS with DPoP-bound tokens and
 * refreshes them. It is a loopback client (`http://localhost?redirect_uri=…&scope=…`), whose metadata the server
 * derives from the client_id as atproto.com/specs/oauth describes. Its fetch is the sandbox's.
 */
const DEMO = { handle: "postline-demo.bsky.social", did: "did:plc:pstlndemo2kitchen3bakery" };
const REDIRECT = "http://127.0.0.1:8787/callback";

/** What the browser and Node packages give the client, from WebCrypto (as in the Worker runtime). */
const runtime: RuntimeImplementation = {
  createKey: (algs) => WebcryptoKey.generate(algs),
  getRandomValues: (length) => crypto.getRandomValues(new Uint8Array(length)),
  digest: async (data, { name }) => new Uint8Array(await crypto.subtle.digest(`SHA-${name.slice(3)}`, data)),
};

/**
 * The client's resolvers ask for `redirect: "error"`, which the Worker runtime refuses to construct ("won't be
 * implemented … use manual"); for the test's duration a Request takes it as "manual" (the emulator redirects none).
 */
class WorkerRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init?.redirect === "error" ? { ...init, redirect: "manual" } : init);
  }
}
beforeAll(() => vi.stubGlobal("Request", WorkerRequest));
afterAll(() => vi.unstubAllGlobals());

function memoryStore<V>() {
  const map = new Map<string, V>();
  return {
    map,
    get: async (key: string) => map.get(key),
    set: async (key: string, value: V) => void map.set(key, value),
    del: async (key: string) => void map.delete(key),
  };
}

/** The sandbox's fetch, noting each call's method, URL and status (what the SDK sent where). */
function recordingFetch() {
  const calls: string[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const res = await sandboxFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    calls.push(`${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url} ${res.status}`);
    return res;
  };
  return { calls, fetcher };
}

function sdkClient(fetcher: typeof fetch = sandboxFetch) {
  const sessions = memoryStore<Parameters<ConstructorParameters<typeof OAuthClient>[0]["sessionStore"]["set"]>[1]>();
  const client = new OAuthClient({
    responseMode: "query",
    clientMetadata: buildAtprotoLoopbackClientMetadata({
      scope: "atproto transition:generic",
      redirect_uris: [REDIRECT],
    }),
    handleResolver: "https://bsky.social",
    plcDirectoryUrl: "https://plc.directory",
    runtimeImplementation: runtime,
    stateStore: memoryStore(),
    sessionStore: sessions,
    fetch: fetcher,
  });
  return { client, sessions };
}

describe("@atproto/oauth-client against the emulator", () => {
  it("connects a handle as a loopback client, calls the PDS with DPoP and refreshes", async () => {
    const { calls, fetcher } = recordingFetch();
    const { client, sessions } = sdkClient(fetcher);
    const url = await client.authorize(DEMO.handle, { state: "sdk-state" });
    expect(url.origin).toBe("https://bsky.social");
    expect(url.pathname).toBe("/oauth/authorize");

    const back = await consent(new URL(`/sandbox/bsky.social${url.pathname}${url.search}`, "http://localhost"));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    const { session, state } = await client.callback(back.searchParams);
    expect(state).toBe("sdk-state");
    expect(session.did).toBe(DEMO.did);
    expect((await session.getTokenInfo()).aud).toBe("https://bsky.social/");

    const who = await session.fetchHandler("/xrpc/com.atproto.server.getSession");
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({ did: DEMO.did, handle: DEMO.handle });

    // The nonces rotate with the emulator's clock: the SDK follows the new one on its own.
    await advanceEmulator(10 * 60_000);
    expect((await session.fetchHandler("/xrpc/com.atproto.server.getSession")).status).toBe(200);

    const before = sessions.map.get(DEMO.did)!.tokenSet.refresh_token;
    const restored = await client.restore(DEMO.did, true);
    const after = sessions.map.get(DEMO.did)!.tokenSet.refresh_token;
    expect(after).not.toBe(before);
    expect((await restored.fetchHandler("/xrpc/com.atproto.server.getSession")).status).toBe(200);

    // Signing out revokes the tokens at the server's revocation endpoint (RFC 7009, DPoP-signed, JSON body).
    await restored.signOut();
    expect(sessions.map.has(DEMO.did)).toBe(false);
    // (A proof refused for a stale nonce is sent again with the new one: the last answer is the one that counts.)
    expect(calls.filter((c) => c.includes("/oauth/revoke")).at(-1)).toBe("POST https://bsky.social/oauth/revoke 200");
  });
});
