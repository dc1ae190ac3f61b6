/**
 * DPoP (RFC 9449) as AT Protocol OAuth requires it (atproto.com/specs/oauth): every call to the authorization
 * server and to the PDS carries a proof signed with the session's own ES256 key; a call with a DPoP-bound access
 * token also proves the token (`ath`). Both servers hand out nonces (`DPoP-Nonce`) and refuse a proof without the
 * latest one (`use_dpop_nonce`): the call is then sent once more with it, as @atproto/oauth-client does.
 */

const ES256 = { name: "ECDSA", namedCurve: "P-256" } as const;

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

const fromBase64Url = (value: string) =>
  Uint8Array.from(atob(value.replaceAll("-", "+").replaceAll("_", "/")), (ch) => ch.charCodeAt(0));
const encoder = new TextEncoder();

export interface DpopKey {
  privateKey: CryptoKey;
  /** The public half, as the proof's header carries it. */
  jwk: { kty: string; crv: string; x: string; y: string };
}

/** A new session key, as a private JWK (what is stored, encrypted, with the tokens). */
export async function newDpopJwk(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey(ES256, true, ["sign", "verify"])) as CryptoKeyPair;
  return (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
}

export async function importDpopKey(jwk: JsonWebKey): Promise<DpopKey> {
  const { kty, crv, x, y } = jwk;
  if (kty !== "EC" || crv !== "P-256" || !x || !y || !jwk.d) throw new TypeError("Not an ES256 DPoP key");
  const privateKey = await crypto.subtle.importKey("jwk", { kty, crv, x, y, d: jwk.d }, ES256, false, ["sign"]);
  return { privateKey, jwk: { kty, crv, x, y } };
}

const b64json = (value: unknown) => toBase64Url(encoder.encode(JSON.stringify(value)));

export async function sha256B64(value: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value))));
}

/** A proof for one request: its method and URL (without query or fragment), when, and the nonce and token. */
export async function dpopProof(
  key: DpopKey,
  input: { htm: string; htu: string; now: number; nonce?: string; accessToken?: string },
): Promise<string> {
  const url = new URL(input.htu);
  const payload = {
    jti: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
    htm: input.htm,
    htu: `${url.origin}${url.pathname}`,
    iat: Math.floor(input.now / 1000),
    ...(input.nonce && { nonce: input.nonce }),
    ...(input.accessToken && { ath: await sha256B64(input.accessToken) }),
  };
  const signingInput = `${b64json({ typ: "dpop+jwt", alg: "ES256", jwk: key.jwk })}.${b64json(payload)}`;
  // WebCrypto's ECDSA signature is r‖s, the form JWS wants.
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    key.privateKey,
    encoder.encode(signingInput),
  );
  return `${signingInput}.${toBase64Url(new Uint8Array(signature))}`;
}

/** Did the server refuse the proof for want of its current nonce? (AS: 400 JSON; resource server: 401 header.) */
async function wantsNonce(res: Response): Promise<boolean> {
  if (res.status === 401) return /error="use_dpop_nonce"/.test(res.headers.get("WWW-Authenticate") ?? "");
  if (res.status !== 400) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  return body?.error === "use_dpop_nonce";
}

/** The latest nonce each server gave, by origin; shared by every call of one client. */
export type NonceCache = Map<string, string>;

/**
 * A fetch that signs each request with `key` (and binds it to the `Authorization: DPoP` token when there is one),
 * remembers the nonces servers send and, when one refuses a proof for its nonce, sends the request once more.
 */
export function dpopFetch(fetcher: typeof fetch, key: DpopKey, nonces: NonceCache, now: () => number): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const origin = new URL(url).origin;
    const headers = new Headers(init?.headers);
    const auth = headers.get("Authorization");
    const accessToken = auth?.startsWith("DPoP ") ? auth.slice(5) : undefined;
    const htm = (init?.method ?? "GET").toUpperCase();
    const send = async () => {
      headers.set("DPoP", await dpopProof(key, { htm, htu: url, now: now(), nonce: nonces.get(origin), accessToken }));
      const res = await fetcher(url, { ...init, headers });
      const nonce = res.headers.get("DPoP-Nonce");
      if (nonce) nonces.set(origin, nonce);
      return { res, fresh: nonce !== null };
    };
    const first = await send();
    if (!first.fresh || !(await wantsNonce(first.res))) return first.res;
    await first.res.body?.cancel();
    return (await send()).res;
  };
}

/**
 * A DPoP-bound token as Postline stores it: the token and the key it is bound to travel together (one encrypted
 * secret), since neither is of use without the other. Anything else is an app-password session's bearer token.
 */
export interface BoundToken {
  token: string;
  key: JsonWebKey;
  /** The authorization server's token endpoint and Postline's client_id there, for refreshing. */
  tokenEndpoint: string;
  clientId: string;
}

const PREFIX = "dpop.";

export function bindToken(bound: BoundToken): string {
  return `${PREFIX}${b64json({ k: bound.key, t: bound.tokenEndpoint, c: bound.clientId })}.${bound.token}`;
}

export function unbindToken(stored: string): BoundToken | null {
  if (!stored.startsWith(PREFIX)) return null;
  const dot = stored.indexOf(".", PREFIX.length);
  if (dot < 0) return null;
  const binding = JSON.parse(new TextDecoder().decode(fromBase64Url(stored.slice(PREFIX.length, dot)))) as {
    k: JsonWebKey;
    t: string;
    c: string;
  };
  return { key: binding.k, tokenEndpoint: binding.t, clientId: binding.c, token: stored.slice(dot + 1) };
}
