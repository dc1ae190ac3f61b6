import type { Platform } from "../platform-profile";
import type { HttpClient } from "./http";
import { expiresAt, GraphAnswer } from "./meta";
import { type ClientDeps, credentialsFor } from "./registry";
import { PlatformError, type TokenSet } from "./types";

/** A Facebook Page the user granted, with its never-expiring Page token (§1.2, §3). */
export interface GrantedPage {
  id: string;
  name: string;
  access_token: string;
  followers_count?: number;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id: string };
}

/**
 * Facebook Login (§1.2), which the Facebook and Instagram clients share: the dialog, code → short-lived →
 * long-lived user token (no refresh token exists). Each client passes its own Graph http, so a failure is
 * classified as its platform's.
 */
export class FacebookLogin {
  constructor(
    private readonly deps: ClientDeps,
    private readonly http: HttpClient,
  ) {}

  private get graph() {
    return `${this.deps.endpoints.META_GRAPH_BASE}/${this.deps.endpoints.META_GRAPH_VERSION}`;
  }

  /**
   * A reconnect asks again with `auth_type=rerequest`: the Login dialog never re-offers a permission the person
   * declined without it. A token carries every permission the person granted the app, so a reconnect for a
   * known missing permission asks for that one alone.
   */
  authorizeUrl(
    input: { state: string; redirectUri: string; reconnect?: { missing: string[] } },
    scopes: string[],
  ): URL {
    const url = new URL(
      `${this.deps.endpoints.META_DIALOG_BASE}/${this.deps.endpoints.META_GRAPH_VERSION}/dialog/oauth`,
    );
    url.searchParams.set("client_id", credentialsFor(this.deps, "facebook").clientId);
    url.searchParams.set("redirect_uri", input.redirectUri);
    url.searchParams.set("state", input.state);
    url.searchParams.set("response_type", "code");
    const missing = input.reconnect?.missing.filter((s) => scopes.includes(s)) ?? [];
    url.searchParams.set("scope", (missing.length ? missing : scopes).join(","));
    if (input.reconnect) url.searchParams.set("auth_type", "rerequest");
    return url;
  }

  async exchangeCode(code: string, redirectUri: string): Promise<TokenSet> {
    const { clientId, clientSecret } = credentialsFor(this.deps, "facebook");
    const short = await this.http.answer(`${this.graph}/oauth/access_token`, GraphAnswer.token, {
      query: { client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri, code },
    });
    const long = await this.http.answer(`${this.graph}/oauth/access_token`, GraphAnswer.token, {
      query: {
        grant_type: "fb_exchange_token",
        client_id: clientId,
        client_secret: clientSecret,
        fb_exchange_token: short.data.access_token,
      },
    });
    return {
      accessToken: long.data.access_token,
      expiresAt: expiresAt(this.deps, long.data.expires_in),
      refreshToken: null,
    };
  }

  async me(userToken: string) {
    const res = await this.http.request<{ id: string; name: string }>(`${this.graph}/me`, {
      query: { fields: "id,name", access_token: userToken },
    });
    return res.data;
  }

  /** The Pages the user granted, with their never-expiring Page tokens, following `paging.next` verbatim. */
  async pages(userToken: string): Promise<GrantedPage[]> {
    const out: GrantedPage[] = [];
    let next: string | null = `${this.graph}/me/accounts?${new URLSearchParams({
      fields: "id,name,access_token,instagram_business_account,picture,followers_count",
      limit: "100",
      access_token: userToken,
    })}`;
    for (let i = 0; next && i < 10; i++) {
      const res: { data: { data: GrantedPage[]; paging?: { next?: string } } } = await this.http.request(next);
      out.push(...res.data.data);
      next = res.data.paging?.next ?? null;
    }
    return out;
  }

  refreshUnsupported(platform: Platform): never {
    throw new PlatformError("auth", "Facebook Login access cannot be refreshed; please reconnect.", { platform });
  }
}
