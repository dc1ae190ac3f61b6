import { CodeChallengeMethod, OAuth2Client } from "arctic";
import type { Platform } from "../platform-profile";
import { requestTokens } from "./oauth-token";
import { type ClientDeps, credentialsFor } from "./registry";
import { PlatformError, type TokenSet } from "./types";

/**
 * Google sign-in as every Google client does it (PLATFORMS.md §5.1): PKCE, offline access with a forced consent
 * (else Google issues no refresh token), incremental authorization, tokens on oauth2.googleapis.com. YouTube and
 * Business Profile each use it with their own scopes and their own app credentials.
 */
export class GoogleOAuth {
  constructor(
    private readonly deps: ClientDeps,
    private readonly platform: Platform,
    private readonly scopes: string[],
  ) {}

  /**
   * With `include_granted_scopes=true` Google's new token also covers what the person granted before
   * (incremental authorization), so a reconnect for a known missing scope asks for that scope alone.
   */
  authorizeUrl(input: {
    state: string;
    redirectUri: string;
    codeVerifier?: string;
    reconnect?: { missing: string[] };
  }): URL {
    if (!input.codeVerifier) throw new TypeError("Google sign-in needs a PKCE code verifier");
    const creds = credentialsFor(this.deps, this.platform);
    const oauth = new OAuth2Client(creds.clientId, creds.clientSecret, input.redirectUri);
    const missing = input.reconnect?.missing.filter((s) => this.scopes.includes(s)) ?? [];
    const url = oauth.createAuthorizationURLWithPKCE(
      `${this.deps.endpoints.GOOGLE_AUTH_BASE}/o/oauth2/v2/auth`,
      input.state,
      CodeChallengeMethod.S256,
      input.codeVerifier,
      missing.length ? missing : this.scopes,
    );
    url.searchParams.set("access_type", "offline");
    url.searchParams.set("prompt", "consent");
    url.searchParams.set("include_granted_scopes", "true");
    return url;
  }

  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet> {
    if (!input.codeVerifier) throw new TypeError("Google sign-in needs the PKCE code verifier");
    return this.token({
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    if (!tokens.refreshToken)
      throw new PlatformError("auth", "Google granted no refresh token; reconnect the account.", {
        platform: this.platform,
      });
    return this.token({ grant_type: "refresh_token", refresh_token: tokens.refreshToken }, tokens);
  }

  private token(params: Record<string, string>, previous?: TokenSet) {
    const endpoint = `${this.deps.endpoints.GOOGLE_TOKEN_BASE}/token`;
    return requestTokens(
      this.deps.fetch,
      {
        platform: this.platform,
        endpoint,
        params,
        client: credentialsFor(this.deps, this.platform),
        clientAuth: "basic",
      },
      this.deps.now(),
      previous,
    );
  }
}
