/**
 * A loopback client_id, as atproto.com/specs/oauth ("Localhost Client Development") defines it: exactly the origin
 * `http://localhost` (no port, no path), whose metadata the server derives from the client_id itself instead of
 * fetching a document: `redirect_uri` query parameters (each http on 127.0.0.1 or [::1]; by default both, at "/"),
 * `scope` (by default "atproto"), a public client (`none`) with DPoP-bound tokens.
 */

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]"]);

export interface ClientMetadata {
  client_id: string;
  redirect_uris: string[];
  scope: string;
  token_endpoint_auth_method: "none";
  application_type: "native";
  dpop_bound_access_tokens: true;
}

/** The derived metadata of a loopback client_id; null when the client_id is not one (or breaks its rules). */
export function loopbackClientMetadata(clientId: string): ClientMetadata | null {
  const origin = "http://localhost";
  if (!clientId.startsWith(origin)) return null;
  const rest = clientId.slice(origin.length).replace(/^\//, "");
  if (rest !== "" && !rest.startsWith("?")) return null;
  const query = new URLSearchParams(rest.slice(1));
  const redirects = query.getAll("redirect_uri");
  const scopes = query.getAll("scope");
  if (scopes.length > 1 || [...query.keys()].some((k) => k !== "redirect_uri" && k !== "scope")) return null;
  const redirectUris = redirects.length ? redirects : ["http://127.0.0.1/", "http://[::1]/"];
  if (!redirectUris.every(isLoopbackRedirect)) return null;
  return {
    client_id: clientId,
    redirect_uris: redirectUris,
    scope: scopes[0] ?? "atproto",
    token_endpoint_auth_method: "none",
    application_type: "native",
    dpop_bound_access_tokens: true,
  };
}

function isLoopbackRedirect(uri: string): boolean {
  const url = URL.canParse(uri) ? new URL(uri) : null;
  return url?.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname) && !url.hash;
}

/**
 * Whether a request's redirect_uri is one the client declared. A loopback redirect matches whatever its port
 * (RFC 8252 §7.3: a native app binds the port it gets when it asks).
 */
export function redirectAllowed(declared: string[], given: string): boolean {
  if (declared.includes(given)) return true;
  if (!isLoopbackRedirect(given)) return false;
  const withoutPort = (uri: string) => {
    const url = new URL(uri);
    url.port = "";
    return url.href;
  };
  return declared.some((d) => isLoopbackRedirect(d) && withoutPort(d) === withoutPort(given));
}
