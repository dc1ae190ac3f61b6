import { OAUTH_SCOPES } from "../platform-profile";
import type { HttpClient } from "./http";
import { expiresAt, GraphAnswer } from "./meta";
import { type ClientDeps, credentialsFor } from "./registry";
import { PlatformError, type RemoteAccount, type TokenSet } from "./types";

/**
 * Instagram Login (PLATFORMS.md §2, variant "instagram-only"): consent on instagram.com, code → short-lived →
 * long-lived token on graph.instagram.com, which refreshes itself; the account is the token's own.
 */
export class InstagramLogin {
  constructor(
    private readonly deps: ClientDeps,
    private readonly http: HttpClient,
  ) {}

  /** Instagram Login has no incremental consent: a reconnect asks for the full list again. */
  authorizeUrl(input: { state: string; redirectUri: string }): URL {
    const url = new URL(`${this.deps.endpoints.IG_AUTHORIZE_BASE}/oauth/authorize`);
    url.searchParams.set("client_id", credentialsFor(this.deps, "instagram").clientId);
    url.searchParams.set("redirect_uri", input.redirectUri);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", OAUTH_SCOPES.instagramLogin.join(","));
    url.searchParams.set("state", input.state);
    return url;
  }

  async exchangeCode(code: string, redirectUri: string): Promise<TokenSet> {
    const { clientId, clientSecret } = credentialsFor(this.deps, "instagram");
    // Documented shape is {data:[{access_token,…}]}; some apps get it flat. Accept both.
    const res = await this.http.request<{ data?: Array<{ access_token: string }>; access_token?: string }>(
      `${this.deps.endpoints.IG_OAUTH_BASE}/oauth/access_token`,
      {
        form: {
          client_id: clientId,
          client_secret: clientSecret,
          grant_type: "authorization_code",
          redirect_uri: redirectUri,
          code: code.replace(/#_$/, ""),
        },
      },
    );
    const short = res.data.data?.[0]?.access_token ?? res.data.access_token;
    if (!short) throw new PlatformError("permanent", "Instagram returned no access token.", { platform: "instagram" });
    const long = await this.http.answer(`${this.deps.endpoints.IG_GRAPH_BASE}/access_token`, GraphAnswer.token, {
      query: { grant_type: "ig_exchange_token", client_secret: clientSecret, access_token: short },
    });
    return {
      accessToken: long.data.access_token,
      expiresAt: expiresAt(this.deps, long.data.expires_in),
      refreshToken: null,
    };
  }

  /** Only Instagram Login tokens expire; the long-lived token refreshes itself (≥24 h old, unexpired). */
  async refresh(tokens: TokenSet): Promise<TokenSet> {
    const res = await this.http.answer(`${this.deps.endpoints.IG_GRAPH_BASE}/refresh_access_token`, GraphAnswer.token, {
      query: { grant_type: "ig_refresh_token", access_token: tokens.accessToken },
    });
    return {
      accessToken: res.data.access_token,
      expiresAt: expiresAt(this.deps, res.data.expires_in),
      refreshToken: null,
    };
  }

  /** The professional account the token belongs to. */
  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const me = await this.http.request<{
      user_id: string;
      username: string;
      name?: string;
      account_type?: string;
      profile_picture_url?: string;
      followers_count?: number;
    }>(`${this.deps.endpoints.IG_GRAPH_BASE}/${this.deps.endpoints.META_GRAPH_VERSION}/me`, {
      query: {
        fields: "user_id,username,name,account_type,profile_picture_url,followers_count",
        access_token: tokens.accessToken,
      },
    });
    const d = me.data;
    return [
      {
        platformUserId: String(d.user_id),
        username: d.username,
        displayName: d.name || d.username,
        profilePicture: d.profile_picture_url ?? null,
        followerCount: d.followers_count ?? null,
        accountType: (d.account_type ?? "business").toLowerCase(),
        metadata: {
          loginVariant: "instagram",
          connectionType: "direct",
          directConnection: true,
          instagramOnly: true,
        },
      },
    ];
  }
}
