import type { LinkedInApi } from "./linkedin-api";
import { authorUrn } from "./linkedin-posts";
import type { AccountCredentials, PostMetrics } from "./types";

/**
 * LinkedIn's analytics reads: a post's social actions, then an organization's share statistics or a member's
 * creator analytics, and an organization's follower count.
 */
export class LinkedInAnalytics {
  constructor(private readonly api: LinkedInApi) {}

  async post(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const social = await this.api.json<{
      likesSummary?: { totalLikes?: number };
      commentsSummary?: { aggregatedTotalComments?: number };
    }>(account.accessToken, "GET", `${this.api.base}/rest/socialActions/${encodeURIComponent(remoteId)}`);
    const metrics: PostMetrics = {
      impressions: 0,
      reach: 0,
      likes: social.likesSummary?.totalLikes ?? 0,
      comments: social.commentsSummary?.aggregatedTotalComments ?? 0,
      shares: 0,
      saves: 0,
      clicks: 0,
      videoViews: 0,
    };
    if (account.accountType === "organization") {
      const kind = remoteId.startsWith("urn:li:ugcPost:") ? "ugcPosts" : "shares";
      const stats = await this.api.json<{ elements?: { totalShareStatistics?: Record<string, number> }[] }>(
        account.accessToken,
        "GET",
        `${this.api.base}/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(authorUrn(account))}&${kind}=List(${encodeURIComponent(remoteId)})`,
      );
      const t = stats.elements?.[0]?.totalShareStatistics ?? {};
      metrics.impressions = t.impressionCount ?? 0;
      metrics.reach = t.uniqueImpressionsCount ?? 0;
      metrics.clicks = t.clickCount ?? 0;
      metrics.shares = t.shareCount ?? 0;
    } else {
      const entity = `(${remoteId.startsWith("urn:li:ugcPost:") ? "ugc" : "share"}:${encodeURIComponent(remoteId)})`;
      const count = async (queryType: string) => {
        const r = await this.api.json<{ elements?: { count?: number }[] }>(
          account.accessToken,
          "GET",
          `${this.api.base}/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`,
        );
        return r.elements?.[0]?.count ?? 0;
      };
      metrics.impressions = await count("IMPRESSION");
      metrics.reach = await count("MEMBERS_REACHED");
      metrics.shares = await count("RESHARE");
    }
    return metrics;
  }

  async followers(token: string, orgUrn: string): Promise<number> {
    const size = await this.api.json<{ firstDegreeSize?: number }>(
      token,
      "GET",
      `${this.api.base}/rest/networkSizes/${encodeURIComponent(orgUrn)}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
    );
    return size.firstDegreeSize ?? 0;
  }
}
