import { and, eq, sql } from "drizzle-orm";
import type { Context, Hono } from "hono";
import { emuTokens } from "../db/schema/emulator";
import { loopbackClientMetadata, redirectAllowed } from "./bluesky-client-id";
import { checkProof, currentNonce } from "./bluesky-dpop";
import { mountConsent } from "./consent";
import type { EmuEnv } from "./context";
import { opaqueToken } from "./ids";
import { createObject, getObject, keepObject, updateObject } from "./objects";
import { s256 } from "./request";
import { consumeToken, redeemCode } from "./tokens";
import { fetchOwn } from "./web";

/**
 * The authorization server of the emulated PDS, from atproto.com/specs/oauth and the @atproto/oauth-provider it
 * describes: protected-resource and authorization-server metadata, pushed authorization requests (required) with
 * PKCE S256 and a DPoP proof, a consent page reached by request_uri only, and a token endpoint that binds tokens
 * to the proof's key and takes them back only with a proof of the same key. Clients are identified by the URL of
 * their metadata document, fetched on every request. Every proof must carry the server's current nonce.
 */

const PLATFORM = "bluesky";
const ISSUER = "https://bsky.social";
const HOST = "bsky.social";
/** PAR request_uri lifetime (the provider's PAR_EXPIRES_IN: 5 minutes). */
const PAR_TTL_MS = 5 * 60_000;
const CODE_TTL_MS = 5 * 60_000;
/** Access tokens last an hour; a public client's refresh token two weeks (and is single use). */
export const OAUTH_ACCESS_TTL_MS = 60 * 60_000;
const PUBLIC_REFRESH_TTL_MS = 14 * 86_400_000;
const SCOPES = ["atproto", "transition:generic", "transition:chat.bsky"];

type Ctx = Context<EmuEnv>;
type OAuthError = "invalid_request" | "invalid_client" | "invalid_grant" | "invalid_dpop_proof" | "use_dpop_nonce";

async function oauthError(c: Ctx, error: OAuthError, description: string, status: 400 | 401 = 400) {
  c.header("DPoP-Nonce", await currentNonce(c.var.now));
  return c.json({ error, error_description: description }, status);
}

/** The DPoP proof of an AS request: its key's thumbprint, or the error to answer. */
async function proofFor(c: Ctx): Promise<string | Response> {
  const proof = await checkProof(c, { host: HOST });
  if (proof.ok) return proof.jkt;
  if (proof.nonce) return oauthError(c, "use_dpop_nonce", "Authorization server requires nonce in DPoP proof");
  return oauthError(c, "invalid_dpop_proof", proof.message);
}

/**
 * The client's metadata document, from its client_id URL; what it declares bounds what it may ask. The server keeps
 * the last one it read and uses it when the URL cannot be read again (as the provider caches client metadata):
 * a refresh from the app's cron, which the emulator reaches on another origin, still knows the client. A loopback
 * client_id is not fetched: its metadata is derived from it.
 */
async function clientOf(c: Ctx, clientId: string) {
  const loopback = loopbackClientMetadata(clientId);
  if (loopback) return { redirectUris: loopback.redirect_uris, scopes: loopback.scope.split(" ") };
  const res = await fetchOwn(c, clientId);
  const fetched = res?.ok ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;
  const cacheId = `client-metadata:${clientId}`;
  if (fetched) await keepLatest(c, cacheId, clientId, fetched);
  const meta = fetched ?? ((await getObject(c.var.db, PLATFORM, cacheId))?.data as Record<string, unknown> | undefined);
  if (!meta || meta.client_id !== clientId || meta.dpop_bound_access_tokens !== true) return null;
  return {
    redirectUris: Array.isArray(meta.redirect_uris) ? (meta.redirect_uris as string[]) : [],
    scopes: typeof meta.scope === "string" ? meta.scope.split(" ") : [],
  };
}

async function keepLatest(c: Ctx, id: string, owner: string, data: Record<string, unknown>) {
  if (await getObject(c.var.db, PLATFORM, id)) await updateObject(c.var.db, PLATFORM, id, { data });
  else
    await keepObject(c.var.db, { id, platform: PLATFORM, kind: "client-metadata", owner, createdAt: c.var.now, data });
}

/** The request's parameters: a form, or JSON as @atproto/oauth-client sends them (the provider takes both). */
async function formOf(c: Ctx): Promise<URLSearchParams> {
  // Read as bytes: the runtime warns on .text() of a form body.
  const body = new TextDecoder().decode(await c.req.arrayBuffer());
  if (!(c.req.header("Content-Type") ?? "").includes("json")) return new URLSearchParams(body);
  const json = JSON.parse(body || "{}") as Record<string, unknown>;
  return new URLSearchParams(Object.entries(json).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])));
}

/** A token or revocation request: its DPoP key's thumbprint, its parameters and a client the server knows. */
async function clientRequest(c: Ctx) {
  const jkt = await proofFor(c);
  if (jkt instanceof Response) return jkt;
  const form = await formOf(c);
  const clientId = form.get("client_id") ?? "";
  if (!(await clientOf(c, clientId)))
    return oauthError(c, "invalid_client", `Unable to obtain client metadata for "${clientId}"`, 401);
  return { jkt, form, clientId };
}

async function issueOAuthTokens(c: Ctx, input: { did: string; jkt: string; clientId: string; scope: string }) {
  const now = c.var.now;
  const grant = { subject: input.did, selected: [input.did], dpopJkt: input.jkt, clientId: input.clientId };
  const access = opaqueToken("bsky-at-", 32);
  const refresh = opaqueToken("bsky-rt-", 32);
  await c.var.db.insert(emuTokens).values([
    {
      token: access,
      platform: PLATFORM,
      kind: "access",
      grant,
      scopes: input.scope,
      issuedAt: now,
      expiresAt: now + OAUTH_ACCESS_TTL_MS,
      revokedAt: null,
    },
    {
      token: refresh,
      platform: PLATFORM,
      kind: "oauth-refresh",
      grant,
      scopes: input.scope,
      issuedAt: now,
      expiresAt: now + PUBLIC_REFRESH_TTL_MS,
      revokedAt: null,
    },
  ]);
  c.header("DPoP-Nonce", await currentNonce(now));
  c.header("Cache-Control", "no-store");
  return c.json({
    access_token: access,
    token_type: "DPoP",
    refresh_token: refresh,
    scope: input.scope,
    expires_in: OAUTH_ACCESS_TTL_MS / 1000,
    sub: input.did,
  });
}

/**
 * The browser brings only client_id and request_uri: the pushed request's parameters are what the consent shows
 * and answers; a request that was not pushed, has expired, was answered or is another client's is an error page.
 */
async function pushedRequest(c: Ctx, given: URLSearchParams): Promise<URLSearchParams | Response> {
  const requestUri = given.get("request_uri");
  const par = requestUri ? await getObject(c.var.db, PLATFORM, `par:${requestUri}`) : null;
  const data = par?.data as { params: Record<string, string>; expiresAt: number } | undefined;
  if (!data || data.expiresAt <= c.var.now || par?.owner !== given.get("client_id") || par.status === "used")
    return c.html(
      "<!doctype html><title>Error</title><h1>Invalid authorization request</h1><p>This request is unknown or has expired.</p>",
      400,
    );
  if (c.req.method === "POST") await updateObject(c.var.db, PLATFORM, par.id, { status: "used" });
  return new URLSearchParams({ ...data.params, request_uri: requestUri! });
}

export function mountBlueskyOAuth(app: Hono<EmuEnv>, accounts: { did: string; handle: string; displayName: string }[]) {
  app.get("/.well-known/oauth-protected-resource", (c) =>
    c.json({
      resource: ISSUER,
      authorization_servers: [ISSUER],
      scopes_supported: [],
      bearer_methods_supported: ["header"],
    }),
  );
  app.get("/.well-known/oauth-authorization-server", (c) =>
    c.json({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth/authorize`,
      token_endpoint: `${ISSUER}/oauth/token`,
      pushed_authorization_request_endpoint: `${ISSUER}/oauth/par`,
      revocation_endpoint: `${ISSUER}/oauth/revoke`,
      require_pushed_authorization_requests: true,
      scopes_supported: SCOPES,
      response_types_supported: ["code"],
      response_modes_supported: ["query", "fragment", "form_post"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "private_key_jwt"],
      token_endpoint_auth_signing_alg_values_supported: ["ES256"],
      dpop_signing_alg_values_supported: ["ES256"],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      protected_resources: [ISSUER],
    }),
  );

  app.post("/oauth/par", async (c) => {
    const jkt = await proofFor(c);
    if (jkt instanceof Response) return jkt;
    const form = await formOf(c);
    const clientId = form.get("client_id") ?? "";
    const client = await clientOf(c, clientId);
    if (!client) return oauthError(c, "invalid_client", `Unable to obtain client metadata for "${clientId}"`, 401);
    const problem =
      form.get("response_type") !== "code"
        ? "Unsupported response_type"
        : !redirectAllowed(client.redirectUris, form.get("redirect_uri") ?? "")
          ? "Invalid redirect_uri"
          : form.get("code_challenge_method") !== "S256" || !form.get("code_challenge")
            ? "PKCE with S256 is required"
            : !(form.get("scope") ?? "").split(" ").includes("atproto")
              ? 'The "atproto" scope is required'
              : !(form.get("scope") ?? "").split(" ").every((s) => client.scopes.includes(s) && SCOPES.includes(s))
                ? "Scope not declared by the client"
                : null;
    if (problem) return oauthError(c, "invalid_request", problem);
    const requestUri = `urn:ietf:params:oauth:request_uri:req-${opaqueToken("", 16)}`;
    await createObject(c.var.db, {
      id: `par:${requestUri}`,
      platform: PLATFORM,
      kind: "par",
      owner: clientId,
      createdAt: c.var.now,
      data: { params: Object.fromEntries(form), jkt, expiresAt: c.var.now + PAR_TTL_MS },
    });
    c.header("DPoP-Nonce", await currentNonce(c.var.now));
    return c.json({ request_uri: requestUri, expires_in: PAR_TTL_MS / 1000 }, 201);
  });

  mountConsent(app, "/oauth/authorize", {
    platform: PLATFORM,
    brand: "Bluesky",
    subject: accounts[0]!.did,
    choices: accounts.map((a) => ({ id: a.did, label: `@${a.handle}`, detail: a.displayName })),
    multiple: false,
    codeTtlMs: CODE_TTL_MS,
    required: ["request_uri", "code_challenge"],
    pushed: pushedRequest,
    issuer: ISSUER,
    deny: { error: "access_denied", error_description: "Access denied" },
  });

  app.post("/oauth/token", async (c) => {
    const req = await clientRequest(c);
    if (req instanceof Response) return req;
    const { jkt, form, clientId } = req;
    if (form.get("grant_type") === "authorization_code") {
      const row = await redeemCode(c.var.db, {
        platform: PLATFORM,
        code: form.get("code") ?? "",
        clientId,
        redirectUri: form.get("redirect_uri") ?? "",
        now: c.var.now,
      });
      if (!row) return oauthError(c, "invalid_grant", "Invalid code");
      const verifier = form.get("code_verifier");
      if (!verifier || (await s256(verifier)) !== row.codeChallenge)
        return oauthError(c, "invalid_grant", "Invalid code_verifier");
      // The code is bound to the key the pushed request was signed with.
      const par = row.grant.request ? await getObject(c.var.db, PLATFORM, `par:${row.grant.request}`) : null;
      if ((par?.data as { jkt?: string } | undefined)?.jkt !== jkt)
        return oauthError(c, "invalid_dpop_proof", "DPoP proof does not match the key of the authorization request");
      return issueOAuthTokens(c, { did: row.grant.selected[0]!, jkt, clientId, scope: row.scopes });
    }
    if (form.get("grant_type") === "refresh_token") {
      const row = await consumeToken(c.var.db, PLATFORM, "oauth-refresh", form.get("refresh_token"), c.var.now);
      if (!row || row.grant.clientId !== clientId) return oauthError(c, "invalid_grant", "Invalid refresh token");
      if (row.grant.dpopJkt !== jkt) return oauthError(c, "invalid_dpop_proof", "DPoP key mismatch");
      return issueOAuthTokens(c, { did: row.grant.subject, jkt, clientId, scope: row.scopes });
    }
    return oauthError(c, "invalid_request", "Unsupported grant_type");
  });

  // RFC 7009: a token of this client, revoked with a proof of the key it is bound to, ends its whole session (every
  // token bound to that key: the provider keeps one record per session); any other token is answered 200 all the same.
  app.post("/oauth/revoke", async (c) => {
    const req = await clientRequest(c);
    if (req instanceof Response) return req;
    const { jkt, form, clientId } = req;
    const token = form.get("token");
    if (!token) return oauthError(c, "invalid_request", 'Missing "token" parameter');
    const row = await c.var.db
      .select()
      .from(emuTokens)
      .where(and(eq(emuTokens.token, token), eq(emuTokens.platform, PLATFORM)))
      .get();
    if (row?.grant.dpopJkt === jkt && row.grant.clientId === clientId)
      await c.var.db
        .update(emuTokens)
        .set({ revokedAt: c.var.now })
        .where(
          and(
            eq(emuTokens.platform, PLATFORM),
            sql`json_extract(${emuTokens.grant}, '$.dpopJkt') = ${row.grant.dpopJkt}`,
            sql`${emuTokens.revokedAt} is null`,
          ),
        );
    c.header("DPoP-Nonce", await currentNonce(c.var.now));
    return c.json({});
  });
}

/**
 * The PDS's side of a request with an access token: a DPoP-bound token is taken only as `Authorization: DPoP`
 * with a proof of its key (and the PDS's nonce); an app-password session's only as Bearer. Null when it passes.
 */
export async function refuseTokenUse(c: Ctx, scheme: "DPoP" | "Bearer", token: string, jkt: string | undefined) {
  if (!jkt)
    return scheme === "Bearer" ? null : c.json({ error: "InvalidToken", message: "Token could not be verified" }, 401);
  if (scheme !== "DPoP")
    return c.json({ error: "InvalidToken", message: "DPoP-bound token used as a Bearer token" }, 401);
  const proof = await checkProof(c, { host: HOST, accessToken: token });
  c.header("DPoP-Nonce", await currentNonce(c.var.now));
  if (proof.ok && proof.jkt === jkt) return null;
  const [error, message] =
    !proof.ok && proof.nonce
      ? ["use_dpop_nonce", "Resource server requires nonce in DPoP proof"]
      : ["invalid_dpop_proof", proof.ok ? "DPoP key does not match the token's" : proof.message];
  c.header("WWW-Authenticate", `DPoP error="${error}", error_description="${message}"`);
  return c.json({ error, message }, 401);
}
