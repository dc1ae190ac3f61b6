import { OAUTH_SCOPES } from "../platform-profile";
import { BUSINESS_SCOPE, BusinessApi } from "./google-business-api";
import { localPostBody } from "./google-business-post";
import { BusinessReviews } from "./google-business-reviews";
import { GoogleOAuth } from "./google-oauth";
import type { ClientDeps } from "./registry";
import {
  type AccountCredentials,
  type AccountMetrics,
  needing,
  type PlatformClient,
  PlatformError,
  type PostMetrics,
  type PublishRequest,
  type PublishResult,
  type RemoteAccount,
  type RemoteComment,
  type TokenSet,
} from "./types";

const P = "google_business" as const;
const DAY = 86_400_000;
/** The Performance API's impression metrics: a location's views on Search and Maps, phone and desktop. */
const IMPRESSIONS = [
  "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
  "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
  "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
  "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
];
const ACTIONS = ["WEBSITE_CLICKS", "CALL_CLICKS", "BUSINESS_DIRECTION_REQUESTS"];

interface LocalPost {
  name: string;
  summary?: string;
  state?: "LIVE" | "PROCESSING" | "REJECTED" | "LOCAL_POST_STATE_UNSPECIFIED";
  createTime?: string;
  searchUrl?: string;
}

interface Location {
  name: string;
  title?: string;
  storefrontAddress?: { addressLines?: string[]; locality?: string };
}

/**
 * Google Business Profile: one Postline channel per location. Accounts come from the Account Management API,
 * locations from the Business Information API, posts are the My Business v4 localPosts of the location, and
 * metrics are the location's own (the Performance API): local posts have none of their own.
 * Google takes no idempotency key, so a lost answer is settled by listing the location's posts (ADR 065).
 */
export class GoogleBusinessClient implements PlatformClient {
  readonly platform = P;
  private readonly api: BusinessApi;
  private readonly oauth: GoogleOAuth;
  /** The location's reviews, for the inbox (ADR 098). */
  readonly reviews: BusinessReviews;

  constructor(private readonly deps: ClientDeps) {
    this.api = new BusinessApi(deps);
    this.reviews = new BusinessReviews(this.api, deps.endpoints.GBP_POSTS_BASE, (a) => this.parentOf(a));
    this.oauth = new GoogleOAuth(deps, P, OAUTH_SCOPES.google_business);
  }

  authorizeUrl(input: {
    state: string;
    redirectUri: string;
    codeVerifier?: string;
    reconnect?: { missing: string[] };
  }) {
    return this.oauth.authorizeUrl(input);
  }

  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet> {
    return this.oauth.exchangeCode(input);
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    return this.oauth.refresh(tokens);
  }

  /** Every location of every account the person manages; each becomes its own channel. */
  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const { endpoints } = this.deps;
    const { accounts = [] } = await this.api.json<{ accounts?: { name: string; accountName?: string }[] }>(
      tokens.accessToken,
      `${endpoints.GBP_ACCOUNTS_BASE}/v1/accounts`,
    );
    const out: RemoteAccount[] = [];
    for (const account of accounts) {
      let pageToken: string | undefined;
      do {
        const page: { locations?: Location[]; nextPageToken?: string } = await this.api.json(
          tokens.accessToken,
          `${endpoints.GBP_INFO_BASE}/v1/${account.name}/locations`,
          { query: { readMask: "name,title,storefrontAddress", pageSize: 100, pageToken } },
        );
        for (const loc of page.locations ?? []) out.push(remoteLocation(account, loc));
        pageToken = page.nextPageToken;
      } while (pageToken);
    }
    return out;
  }

  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing(BUSINESS_SCOPE, async () => {
      const post = await this.api.json<LocalPost>(account.accessToken, this.postsUrl(account), {
        json: localPostBody(request),
        creates: true,
      });
      if (!post?.name)
        throw new PlatformError("retryable", "Google answered without the local post's name", {
          platform: P,
          outcomeUnknown: true,
        });
      if (post.state === "REJECTED") throw rejected();
      return { remoteId: post.name, permalink: post.searchUrl ?? null };
    });
  }

  /**
   * Settles a lost answer: the location's posts since the claim (newest first, up to 100) with exactly this text.
   * A local post has no field to carry our marker, so the text is the match, as on X and LinkedIn.
   */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
  ): Promise<PublishResult | null> {
    if (text === undefined) return null;
    const { localPosts = [] } = await this.api.json<{ localPosts?: LocalPost[] }>(
      account.accessToken,
      this.postsUrl(account),
      { query: { pageSize: 100 } },
    );
    const hit = localPosts.find((p) => p.summary === text && Date.parse(p.createTime ?? "") >= since - 60_000);
    return hit ? { remoteId: hit.name, permalink: hit.searchUrl ?? null } : null;
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.api.json(account.accessToken, `${this.deps.endpoints.GBP_POSTS_BASE}/v4/${remoteId}`, {
      method: "DELETE",
    });
  }

  /** Local posts have no metrics in any Business Profile API: the location's are in accountMetrics. */
  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const post = await this.api.json<LocalPost>(
      account.accessToken,
      `${this.deps.endpoints.GBP_POSTS_BASE}/v4/${remoteId}`,
    );
    if (post.state === "REJECTED") throw rejected();
    return { impressions: 0, reach: 0, likes: 0, comments: 0, shares: 0, saves: 0, clicks: 0, videoViews: 0 };
  }

  /**
   * The location's last 28 days from the Performance API: views on Search and Maps as impressions, and the
   * website, call and direction clicks as profile actions. A location has no followers.
   */
  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    const location = String(account.metadata.location ?? account.platformUserId);
    const end = new Date(this.deps.now() - DAY);
    const start = new Date(end.getTime() - 27 * DAY);
    const url = new URL(`${this.deps.endpoints.GBP_PERFORMANCE_BASE}/v1/${location}:fetchMultiDailyMetricsTimeSeries`);
    for (const m of [...IMPRESSIONS, ...ACTIONS]) url.searchParams.append("dailyMetrics", m);
    for (const [edge, d] of [
      ["start", start],
      ["end", end],
    ] as const) {
      url.searchParams.set(`dailyRange.${edge}Date.year`, String(d.getUTCFullYear()));
      url.searchParams.set(`dailyRange.${edge}Date.month`, String(d.getUTCMonth() + 1));
      url.searchParams.set(`dailyRange.${edge}Date.day`, String(d.getUTCDate()));
    }
    const res = await this.api.json<{
      multiDailyMetricTimeSeries?: {
        dailyMetricTimeSeries?: { dailyMetric: string; timeSeries?: { datedValues?: { value?: string }[] } }[];
      }[];
    }>(account.accessToken, url.toString());
    const totals = new Map<string, number>();
    for (const multi of res.multiDailyMetricTimeSeries ?? [])
      for (const series of multi.dailyMetricTimeSeries ?? []) {
        const sum = (series.timeSeries?.datedValues ?? []).reduce((s, v) => s + Number(v.value ?? 0), 0);
        totals.set(series.dailyMetric, (totals.get(series.dailyMetric) ?? 0) + sum);
      }
    const total = (names: string[]) => names.reduce((s, n) => s + (totals.get(n) ?? 0), 0);
    return { followers: 0, impressions: total(IMPRESSIONS), profileViews: total(ACTIONS) };
  }

  /** Local posts take no comments (reviews are the location's, not a post's). */
  async comments(): Promise<RemoteComment[]> {
    return [];
  }

  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.api.json(account.accessToken, `${this.deps.endpoints.GBP_ACCOUNTS_BASE}/v1/accounts`);
  }

  private postsUrl(account: AccountCredentials): string {
    return `${this.deps.endpoints.GBP_POSTS_BASE}/v4/${this.parentOf(account)}/localPosts`;
  }

  /** `accounts/{a}/locations/{l}`: where v4 keeps the location's posts and reviews. */
  private parentOf(account: AccountCredentials): string {
    const parent = String(account.metadata.parent ?? "");
    if (!parent)
      throw new PlatformError(
        "auth",
        "This Business Profile location was connected without its account; reconnect it.",
        {
          platform: P,
        },
      );
    return parent;
  }
}

function remoteLocation(account: { name: string; accountName?: string }, loc: Location): RemoteAccount {
  const address = [loc.storefrontAddress?.addressLines?.[0], loc.storefrontAddress?.locality]
    .filter(Boolean)
    .join(", ");
  const locationId = loc.name.split("/").pop()!;
  return {
    platformUserId: loc.name,
    username: address || loc.name,
    displayName: loc.title ?? loc.name,
    accountType: "location",
    followerCount: null,
    // v4 local posts live under the account: accounts/{a}/locations/{l}.
    metadata: { account: account.name, location: loc.name, parent: `${account.name}/locations/${locationId}` },
  };
}

function rejected() {
  return new PlatformError(
    "permanent",
    "Google rejected this local post under its content policy (a phone number in the text is the usual cause: use the Call button instead).",
    { platform: P, code: "REJECTED" },
  );
}
