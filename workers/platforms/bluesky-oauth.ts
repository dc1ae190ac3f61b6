import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import {
  bindToken,
  dpopFetch,
  importDpopKey,
  type NonceCache,
  newDpopJwk,
  sha256B64,
  unbindToken,
} from "./bluesky-dpop";
import type { BlueskyIdentity, Identity } from "./bluesky-identity";
import { createHttp } from "./http";
import { classifyTokenError } from "./oauth-token";
import type { ClientDeps } from "./registry";
import { PlatformError, type TokenSet } from "./types";

/**
 * AT Protocol OAuth (atproto.com/specs/oauth; ADR 073) from a handle: handle → DID → PDS, the PDS's protected
 * resource metadata names its authorization server, whose metadata gives the PAR, authorize and token endpoints.
 * The request is pushed (PAR, PKCE S256) with a DPoP proof of a key made for this connect; the browser gets only
 * the request_uri. Tokens come back bound to that key, which is stored with them (bluesky-dpop.ts).
 */

const SCOPE = OAUTH_SCOPES.bluesky.join(" ");
/** Refresh tokens of public clients live two weeks (the spec's session limit for them). */
const PUBLIC_REFRESH_TTL_MS = 14 * 86_400_000;
/** Where Postline's client metadata document is served; its URL is the client_id. */
export const CLIENT_METADATA_PATH = "/api/auth/bluesky/client-metadata.json";

const fail = (message: string) => new PlatformError("permanent", message, { platform: "bluesky" });

const resourceMetadata = z.object({ resource: z.string(), authorization_servers: z.array(z.string()).min(1) });
const serverMetadata = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  pushed_authorization_request_endpoint: z.string().url(),
  revocation_endpoint: z.string().url().optional(),
  dpop_signing_alg_values_supported: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
});
const parAnswer = z.object({ request_uri: z.string().min(1), expires_in: z.number() });
const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().optional(),
  scope: z.string(),
  sub: z.string().startsWith("did:"),
});

/** Postline's client metadata document (atproto.com/specs/oauth#client-id-metadata-document). */
export function clientMetadata(origin: string, redirectUri: string) {
  return {
    client_id: `${origin}${CLIENT_METADATA_PATH}`,
    client_name: "Postline",
    client_uri: origin,
    application_type: "web",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    scope: SCOPE,
    redirect_uris: [redirectUri],
    token_endpoint_auth_method: "none",
    dpop_bound_access_tokens: true,
  };
}

/** What a connect keeps between its start and its callback (stored encrypted with the consent's state). */
const pending = z.object({
  key: z.record(z.string(), z.unknown()),
  did: z.string(),
  handle: z.string(),
  pds: z.string(),
  issuer: z.string(),
  tokenEndpoint: z.string(),
  clientId: z.string(),
});

export class BlueskyOAuth {
  constructor(
    private readonly deps: ClientDeps,
    private readonly identity: BlueskyIdentity,
    private readonly nonces: NonceCache,
  ) {}

  private http(fetcher: typeof fetch) {
    return createHttp({
      platform: "bluesky",
      fetch: fetcher,
      now: this.deps.now,
      classify: (r) => classifyTokenError("bluesky", r.status, r.data),
    });
  }

  /** The PDS's authorization server and its metadata; its issuer must be the URL it was found at. */
  private async server(pds: string) {
    const plain = this.http(this.deps.fetch);
    const resource = (await plain.answer(`${pds}/.well-known/oauth-protected-resource`, resourceMetadata)).data;
    const issuer = resource.authorization_servers[0]!;
    const meta = (await plain.answer(`${issuer}/.well-known/oauth-authorization-server`, serverMetadata)).data;
    if (meta.issuer !== issuer) throw fail(`The authorization server of ${pds} names another issuer.`);
    if (meta.dpop_signing_alg_values_supported && !meta.dpop_signing_alg_values_supported.includes("ES256"))
      throw fail("The authorization server does not take ES256 DPoP proofs.");
    return meta;
  }

  /** PAR with PKCE and a DPoP proof; answers the authorize URL (request_uri only) and what the callback needs. */
  async start(input: { handle: string; state: string; redirectUri: string; codeVerifier: string }) {
    const id: Identity = await this.identity.resolve(input.handle);
    const meta = await this.server(id.pds);
    const jwk = await newDpopJwk();
    const fetcher = dpopFetch(this.deps.fetch, await importDpopKey(jwk), this.nonces, this.deps.now);
    const clientId = `${new URL(input.redirectUri).origin}${CLIENT_METADATA_PATH}`;
    const par = await this.http(fetcher).answer(meta.pushed_authorization_request_endpoint, parAnswer, {
      method: "POST",
      form: {
        client_id: clientId,
        response_type: "code",
        redirect_uri: input.redirectUri,
        scope: SCOPE,
        state: input.state,
        code_challenge: await sha256B64(input.codeVerifier),
        code_challenge_method: "S256",
        login_hint: id.handle,
      },
    });
    // The consent page is browser-facing: in sandbox mode, this Worker's page for the server's host.
    const page = new URL(meta.authorization_endpoint);
    const url = new URL(`${this.deps.endpoints.BSKY_AUTHORIZE_BASE.replace("{host}", page.host)}${page.pathname}`);
    url.searchParams.set("client_id", clientId);
    url.searchParams.set("request_uri", par.data.request_uri);
    const keep: z.input<typeof pending> = {
      key: jwk as Record<string, unknown>,
      ...id,
      issuer: meta.issuer,
      tokenEndpoint: meta.token_endpoint,
      clientId,
    };
    return { url, secret: JSON.stringify(keep) };
  }

  /** The code for tokens, with the same key; the issuer in the redirect and the token's `sub` must be the ones asked. */
  async exchange(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
    secret: string;
    issuer?: string;
  }): Promise<TokenSet> {
    const kept = pending.parse(JSON.parse(input.secret));
    if (input.issuer !== undefined && input.issuer !== kept.issuer)
      throw fail("The answer came from another authorization server than the one asked.");
    return this.tokenRequest(kept.key as JsonWebKey, kept.tokenEndpoint, kept.clientId, kept.did, {
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
  }

  /** A refresh with the key the tokens are bound to; the refresh token is single use and comes back new. */
  async refresh(refreshToken: string, did: string): Promise<TokenSet> {
    const bound = unbindToken(refreshToken);
    if (!bound) throw new PlatformError("auth", "Reconnect this Bluesky account.", { platform: "bluesky" });
    return this.tokenRequest(bound.key, bound.tokenEndpoint, bound.clientId, did, {
      grant_type: "refresh_token",
      refresh_token: bound.token,
    });
  }

  /**
   * RFC 7009 at the PDS's authorization server, signed with the tokens' DPoP key and identified by client_id as
   * the token endpoint is: the refresh token (the server then drops the grant's access tokens too), then the
   * access token for a server that does not. The server answers 200 for a token it no longer knows.
   */
  async revoke(pds: string, tokens: { accessToken: string; refreshToken?: string | null }) {
    const endpoint = (await this.server(pds)).revocation_endpoint;
    if (!endpoint) return;
    for (const stored of [tokens.refreshToken, tokens.accessToken]) {
      const bound = stored ? unbindToken(stored) : null;
      if (!bound) continue;
      const fetcher = dpopFetch(this.deps.fetch, await importDpopKey(bound.key), this.nonces, this.deps.now);
      await this.http(fetcher).answer(endpoint, z.unknown(), {
        method: "POST",
        form: { token: bound.token, client_id: bound.clientId },
      });
    }
  }

  private async tokenRequest(
    key: JsonWebKey,
    tokenEndpoint: string,
    clientId: string,
    did: string,
    params: Record<string, string>,
  ): Promise<TokenSet> {
    const fetcher = dpopFetch(this.deps.fetch, await importDpopKey(key), this.nonces, this.deps.now);
    const res = await this.http(fetcher).answer(tokenEndpoint, tokenAnswer, {
      method: "POST",
      form: { ...params, client_id: clientId },
    });
    const t = res.data;
    if (t.token_type.toLowerCase() !== "dpop") throw fail("Bluesky answered a token that is not DPoP-bound.");
    if (t.sub !== did) throw fail(`The server signed in ${t.sub}, not ${did}.`);
    const scopes = t.scope.split(" ");
    if (!scopes.includes("atproto")) throw fail("Bluesky did not grant the atproto scope.");
    const now = this.deps.now();
    const bind = (token: string) => bindToken({ token, key, tokenEndpoint, clientId });
    return {
      accessToken: bind(t.access_token),
      refreshToken: t.refresh_token ? bind(t.refresh_token) : null,
      expiresAt: t.expires_in === undefined ? null : now + t.expires_in * 1000,
      refreshExpiresAt: t.refresh_token ? now + PUBLIC_REFRESH_TTL_MS : null,
      scopes,
    };
  }
}
