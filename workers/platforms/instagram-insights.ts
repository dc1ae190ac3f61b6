import type { HttpClient } from "./http";
import { sharesOf } from "./meta";
import type { AccountCredentials, AccountMetrics, AudienceInsights, PostMetrics } from "./types";

type Breakdown = {
  data: Array<{
    total_value?: { breakdowns?: Array<{ results?: Array<{ dimension_values: string[]; value: number }> }> };
  }>;
};

/**
 * Instagram's insights reads (PLATFORMS.md §2.4): a post's metrics, the account's reach and views, and its
 * follower demographics. `graph` is the account's Graph host and version (each login variant has its own).
 */
export class InstagramInsights {
  constructor(
    private readonly http: HttpClient,
    private readonly graph: (account: AccountCredentials) => string,
  ) {}

  /**
   * A post's metrics by its product type (§2.4): a Story has no likes, comments or saves but `replies` (counted as
   * its comments) and `navigation`; its insights end with its 24 hours, after which the last sync's numbers stand.
   */
  async post(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const media = await this.http.request<{ media_product_type?: string }>(`${this.graph(account)}/${remoteId}`, {
      query: { fields: "media_product_type", access_token: account.accessToken },
    });
    const story = media.data.media_product_type === "STORY";
    const res = await this.http.request<{ data: Array<{ name: string; values?: Array<{ value: number }> }> }>(
      `${this.graph(account)}/${remoteId}/insights`,
      {
        query: {
          metric: story ? "reach,replies,shares,views" : "reach,likes,comments,shares,saved,views",
          access_token: account.accessToken,
        },
      },
    );
    const v = (name: string) => res.data.data.find((d) => d.name === name)?.values?.[0]?.value ?? 0;
    if (story)
      return {
        impressions: v("views"),
        reach: v("reach"),
        likes: 0,
        comments: v("replies"),
        shares: v("shares"),
        saves: 0,
        clicks: 0,
        videoViews: v("views"),
      };
    // `impressions` is gone since 2025-04-21; `views` is its replacement.
    return {
      impressions: v("views"),
      reach: v("reach"),
      likes: v("likes"),
      comments: v("comments"),
      shares: v("shares"),
      saves: v("saved"),
      clicks: 0,
      videoViews: v("views"),
    };
  }

  async account(account: AccountCredentials): Promise<AccountMetrics> {
    const me = await this.http.request<{ followers_count?: number }>(
      `${this.graph(account)}/${account.platformUserId}`,
      { query: { fields: "followers_count,media_count", access_token: account.accessToken } },
    );
    const ins = await this.http.request<{ data: Array<{ name: string; total_value?: { value: number } }> }>(
      `${this.graph(account)}/${account.platformUserId}/insights`,
      {
        query: {
          metric: "reach,views",
          period: "day",
          metric_type: "total_value",
          access_token: account.accessToken,
        },
      },
    );
    const v = (name: string) => ins.data.data.find((d) => d.name === name)?.total_value?.value;
    return {
      followers: me.data.followers_count ?? 0,
      reach: v("reach"),
      impressions: v("views"),
      audience: await this.audience(account),
    };
  }

  /** Follower demographics (one breakdown per call) and followers online per hour (§2.4). */
  private async audience(account: AccountCredentials): Promise<AudienceInsights> {
    const [age, gender, country, online] = await Promise.all([
      this.demographics(account, "age"),
      this.demographics(account, "gender"),
      this.demographics(account, "country"),
      this.http.request<{ data: Array<{ values?: Array<{ value: Record<string, number> }> }> }>(
        `${this.graph(account)}/${account.platformUserId}/insights`,
        {
          query: { metric: "online_followers", period: "lifetime", access_token: account.accessToken },
        },
      ),
    ]);
    const hours = online.data.data[0]?.values?.[0]?.value ?? {};
    return {
      age: age.map((a) => ({ range: a.key, percentage: a.percentage })).sort((a, b) => a.range.localeCompare(b.range)),
      gender: gender.map((g) => ({ type: g.key, percentage: g.percentage })),
      locations: country.map((c) => ({ country: c.key, percentage: c.percentage })),
      activeHours: Object.entries(hours)
        .map(([hour, activity]) => ({ hour: Number(hour), activity }))
        .sort((a, b) => a.hour - b.hour),
    };
  }

  private async demographics(account: AccountCredentials, breakdown: "age" | "gender" | "country") {
    const res = await this.http.request<Breakdown>(`${this.graph(account)}/${account.platformUserId}/insights`, {
      query: {
        metric: "follower_demographics",
        period: "lifetime",
        metric_type: "total_value",
        breakdown,
        access_token: account.accessToken,
      },
    });
    const results = res.data.data[0]?.total_value?.breakdowns?.[0]?.results ?? [];
    return sharesOf(Object.fromEntries(results.map((r) => [r.dimension_values[0] ?? "", r.value])));
  }
}
