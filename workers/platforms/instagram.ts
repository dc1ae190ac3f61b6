import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import {
  containerStaging,
  expiresAt,
  facebookLogin,
  GraphAnswer,
  graphHttp,
  parseGraphTime,
  sharesOf,
  waitUntilReady,
} from "./meta";
import { type ClientDeps, credentialsFor } from "./registry";
import {
  type AccountCredentials,
  type AudienceInsights,
  needing,
  type PlatformClient,
  PlatformError,
  type PublishMedia,
  type PublishRequest,
  type PublishResult,
  publishNeeding,
  type RemoteAccount,
} from "./types";

/**
 * Instagram (PLATFORMS.md §2), both variants:
 *  - "facebook": Instagram API with Facebook Login on graph.facebook.com, publishing with the Page token;
 *    one consent also yields the Pages themselves (platform facebook).
 *  - "instagram-only": Instagram API with Instagram Login on graph.instagram.com; long-lived token, refreshed.
 * Publishing: one container per item (carousel children first), poll status, media_publish, read permalink.
 */
/** One Facebook Login consent yields the Instagram accounts and their Pages: both platforms' scopes. */
const FB_LOGIN_SCOPES = [...OAUTH_SCOPES.instagram, ...OAUTH_SCOPES.facebook];
const POLL_INTERVAL_MS = 5_000;
const POLL_MAX = 12;
const CAROUSEL_MAX = 10;
/** findPublished looks this far before the attempt started, for clock skew between us and Meta. */
const FIND_SKEW_MS = 5 * 60_000;

export function createInstagramClient(deps: ClientDeps): PlatformClient {
  const http = graphHttp(deps, "instagram");
  const ver = deps.endpoints.META_GRAPH_VERSION;
  const fbGraph = `${deps.endpoints.META_GRAPH_BASE}/${ver}`;
  const igGraph = `${deps.endpoints.IG_GRAPH_BASE}/${ver}`;
  const base = (account: AccountCredentials) => (account.metadata.loginVariant === "instagram" ? igGraph : fbGraph);
  const err = (kind: "permanent" | "retryable", message: string) =>
    new PlatformError(kind, message, { platform: "instagram" });

  async function container(account: AccountCredentials, params: Record<string, string | undefined>): Promise<string> {
    const res = await http.answer(`${base(account)}/${account.platformUserId}/media`, GraphAnswer.id, {
      form: { ...params, access_token: account.accessToken },
    });
    return res.data.id;
  }

  async function status(account: AccountCredentials, id: string) {
    const res = await http.answer(
      `${base(account)}/${id}`,
      z.object({ status_code: z.string().min(1), status: z.string().optional() }),
      { query: { fields: "status_code,status", access_token: account.accessToken } },
    );
    return { status: res.data.status_code, detail: res.data.status };
  }

  async function waitFor(account: AccountCredentials, id: string) {
    await waitUntilReady(deps, "instagram", () => status(account, id), {
      intervalMs: POLL_INTERVAL_MS,
      maxPolls: POLL_MAX,
      ready: ["FINISHED"],
    });
  }

  /** One container per item, carousel children first (each FINISHED before the parent); returns the one to publish. */
  async function createContainers(account: AccountCredentials, request: PublishRequest): Promise<string> {
    const media = request.media;
    if (media.length === 0) throw err("permanent", "Instagram posts need at least one image or video.");
    if (media.length > CAROUSEL_MAX) throw err("permanent", `Instagram carousels take at most ${CAROUSEL_MAX} items.`);
    if (media.length === 1) return container(account, { ...itemParams(media[0]!, false), caption: request.text });
    const children: string[] = [];
    for (const item of media) children.push(await container(account, itemParams(item, true)));
    for (const child of children) await waitFor(account, child);
    return container(account, { media_type: "CAROUSEL", children: children.join(","), caption: request.text });
  }

  async function publishContainer(account: AccountCredentials, creationId: string): Promise<string> {
    const published = await http.answer(`${base(account)}/${account.platformUserId}/media_publish`, GraphAnswer.id, {
      form: { creation_id: creationId, access_token: account.accessToken },
      creates: true,
    });
    return published.data.id;
  }

  function itemParams(media: PublishMedia, child: boolean): Record<string, string | undefined> {
    if (media.kind === "video")
      return {
        media_type: child ? "VIDEO" : "REELS",
        video_url: media.url,
        is_carousel_item: child ? "true" : undefined,
      };
    return {
      image_url: media.url,
      is_carousel_item: child ? "true" : undefined,
      alt_text: child ? undefined : (media.altText ?? undefined),
    };
  }

  async function permalink(account: AccountCredentials, id: string): Promise<string | null> {
    const res = await http.answer(`${base(account)}/${id}`, GraphAnswer.permalink, {
      query: { fields: "permalink", access_token: account.accessToken },
    });
    return res.data.permalink ?? null;
  }

  async function checkQuota(account: AccountCredentials) {
    const res = await http.answer(
      `${base(account)}/${account.platformUserId}/content_publishing_limit`,
      GraphAnswer.quota,
      { query: { fields: "quota_usage,config", access_token: account.accessToken } },
    );
    const row = res.data.data[0];
    if (row?.config?.quota_total !== undefined && row.quota_usage >= row.config.quota_total) {
      throw new PlatformError(
        "retryable",
        `Instagram's limit of ${row.config.quota_total} posts per 24 hours is reached.`,
        {
          platform: "instagram",
          retryAfterMs: 60 * 60_000,
        },
      );
    }
  }

  type Breakdown = {
    data: Array<{
      total_value?: { breakdowns?: Array<{ results?: Array<{ dimension_values: string[]; value: number }> }> };
    }>;
  };
  /** Follower demographics (one breakdown per call) and followers online per hour (§2.4). */
  async function audience(account: AccountCredentials): Promise<AudienceInsights> {
    const by = async (breakdown: "age" | "gender" | "country") => {
      const res = await http.request<Breakdown>(`${base(account)}/${account.platformUserId}/insights`, {
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
    };
    const [age, gender, country, online] = await Promise.all([
      by("age"),
      by("gender"),
      by("country"),
      http.request<{ data: Array<{ values?: Array<{ value: Record<string, number> }> }> }>(
        `${base(account)}/${account.platformUserId}/insights`,
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

  const client: PlatformClient = {
    platform: "instagram",
    variants: ["facebook", "instagram-only"],

    // Instagram Login has no incremental consent: a reconnect asks for the full list again.
    authorizeUrl({ state, redirectUri, variant, reconnect }) {
      if (variant !== "instagram-only")
        return facebookLogin.authorizeUrl(deps, { state, redirectUri, reconnect }, FB_LOGIN_SCOPES);
      const url = new URL(`${deps.endpoints.IG_AUTHORIZE_BASE}/oauth/authorize`);
      url.searchParams.set("client_id", credentialsFor(deps, "instagram").clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", OAUTH_SCOPES.instagramLogin.join(","));
      url.searchParams.set("state", state);
      return url;
    },

    async exchangeCode({ code, redirectUri, variant }) {
      if (variant !== "instagram-only") return facebookLogin.exchangeCode(deps, http, code, redirectUri);
      const { clientId, clientSecret } = credentialsFor(deps, "instagram");
      // Documented shape is {data:[{access_token,…}]}; some apps get it flat. Accept both.
      const res = await http.request<{ data?: Array<{ access_token: string }>; access_token?: string }>(
        `${deps.endpoints.IG_OAUTH_BASE}/oauth/access_token`,
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
      if (!short) throw err("permanent", "Instagram returned no access token.");
      const long = await http.answer(`${deps.endpoints.IG_GRAPH_BASE}/access_token`, GraphAnswer.token, {
        query: { grant_type: "ig_exchange_token", client_secret: clientSecret, access_token: short },
      });
      return {
        accessToken: long.data.access_token,
        expiresAt: expiresAt(deps, long.data.expires_in),
        refreshToken: null,
      };
    },

    async refresh(tokens) {
      // Only Instagram Login tokens expire; the long-lived token refreshes itself (≥24 h old, unexpired).
      const res = await http.answer(`${deps.endpoints.IG_GRAPH_BASE}/refresh_access_token`, GraphAnswer.token, {
        query: { grant_type: "ig_refresh_token", access_token: tokens.accessToken },
      });
      return {
        accessToken: res.data.access_token,
        expiresAt: expiresAt(deps, res.data.expires_in),
        refreshToken: null,
      };
    },

    async accounts(tokens, variant) {
      if (variant === "instagram-only") {
        const me = await http.request<{
          user_id: string;
          username: string;
          name?: string;
          account_type?: string;
          profile_picture_url?: string;
          followers_count?: number;
        }>(`${igGraph}/me`, {
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
      const user = await facebookLogin.me(deps, http, tokens.accessToken);
      const pages = await facebookLogin.pages(deps, http, tokens.accessToken);
      const out: RemoteAccount[] = [];
      for (const page of pages) {
        const pageTokens = { accessToken: page.access_token, expiresAt: null, refreshToken: null };
        const pagePicture = page.picture?.data?.url ?? null;
        let igId: string | null = null;
        if (page.instagram_business_account) {
          const igRes = await http.request<{
            id: string;
            username: string;
            name?: string;
            profile_picture_url?: string;
            followers_count?: number;
          }>(`${fbGraph}/${page.instagram_business_account.id}`, {
            query: { fields: "id,username,name,profile_picture_url,followers_count", access_token: page.access_token },
          });
          const ig = igRes.data;
          igId = ig.id;
          out.push({
            platform: "instagram",
            platformUserId: ig.id,
            username: ig.username,
            displayName: ig.name || ig.username,
            profilePicture: ig.profile_picture_url ?? null,
            followerCount: ig.followers_count ?? null,
            accountType: "business",
            tokens: pageTokens,
            metadata: {
              loginVariant: "facebook",
              connectionType: "standard",
              fullAccess: true,
              pageId: page.id,
              connectedTo: page.id,
              fbUserId: user.id,
              fbUsername: page.name,
              fbProfilePicture: pagePicture,
              fbFollowerCount: page.followers_count ?? null,
            },
          });
        }
        out.push({
          platform: "facebook",
          platformUserId: page.id,
          username: page.name,
          displayName: page.name,
          profilePicture: pagePicture,
          followerCount: page.followers_count ?? null,
          accountType: "page",
          tokens: pageTokens,
          metadata: { loginVariant: "facebook", connectionType: "standard", fbUserId: user.id, connectedTo: igId },
        });
      }
      return out;
    },

    async publish(account, request: PublishRequest): Promise<PublishResult> {
      await checkQuota(account);
      const creationId = await createContainers(account, request);
      await waitFor(account, creationId);
      return { remoteId: await publishContainer(account, creationId), permalink: null };
    },

    permalink,

    /**
     * Instagram has no field we control on a post and an invisible marker would change the caption the
     * user wrote (and count against its limit), so an unknown outcome is settled by the exact caption among
     * the account's media published since the attempt began. Identical captions in that window are
     * indistinguishable; the newest is taken, which beats posting a duplicate.
     */
    async findPublished(account, _marker, since, text) {
      if (text === undefined) return null;
      const res = await http.request<{
        data: Array<{ id: string; caption?: string; permalink?: string; timestamp?: string }>;
      }>(`${base(account)}/${account.platformUserId}/media`, {
        query: { fields: "id,caption,permalink,timestamp", limit: 25, access_token: account.accessToken },
      });
      const hit = res.data.data.find(
        (m) => (m.caption ?? "") === text && parseGraphTime(m.timestamp) >= since - FIND_SKEW_MS,
      );
      return hit ? { remoteId: hit.id, permalink: hit.permalink ?? null } : null;
    },

    async deletePost() {
      throw err("permanent", "Instagram's API does not allow deleting posts. Delete it in the Instagram app.");
    },

    async postMetrics(account, remoteId) {
      const res = await http.request<{ data: Array<{ name: string; values?: Array<{ value: number }> }> }>(
        `${base(account)}/${remoteId}/insights`,
        {
          query: { metric: "reach,likes,comments,shares,saved,views", access_token: account.accessToken },
        },
      );
      const v = (name: string) => res.data.data.find((d) => d.name === name)?.values?.[0]?.value ?? 0;
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
    },

    async accountMetrics(account) {
      const me = await http.request<{ followers_count?: number }>(`${base(account)}/${account.platformUserId}`, {
        query: { fields: "followers_count,media_count", access_token: account.accessToken },
      });
      const ins = await http.request<{ data: Array<{ name: string; total_value?: { value: number } }> }>(
        `${base(account)}/${account.platformUserId}/insights`,
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
        audience: await audience(account),
      };
    },

    async checkAccess(account) {
      await http.answer(`${base(account)}/${account.platformUserId}`, GraphAnswer.id, {
        query: { fields: "id", access_token: account.accessToken },
      });
    },

    /** IG Comments: POST /{ig-media-id}/comments?message=… → {id}. */
    async reply(account, remoteId, text) {
      const res = await needing(
        account.metadata.loginVariant === "instagram"
          ? "instagram_business_manage_comments"
          : "instagram_manage_comments",
        () =>
          http.answer(`${base(account)}/${remoteId}/comments`, GraphAnswer.id, {
            form: { message: text, access_token: account.accessToken },
          }),
      );
      return { remoteId: res.data.id };
    },

    async comments(account, remoteId) {
      const res = await http.request<{
        data: Array<{ id: string; text: string; username?: string; timestamp: string }>;
      }>(`${base(account)}/${remoteId}/comments`, {
        query: { fields: "id,text,username,timestamp", access_token: account.accessToken },
      });
      return res.data.data.map((c) => ({
        id: c.id,
        author: c.username ?? "",
        text: c.text,
        createdAt: new Date(parseGraphTime(c.timestamp)).toISOString(),
      }));
    },
  };
  const permission = (account: AccountCredentials) =>
    account.metadata.loginVariant === "instagram" ? "instagram_business_content_publish" : "instagram_content_publish";
  const staging = containerStaging("instagram", deps, {
    permission,
    create: createContainers,
    status,
    waitReady: waitFor,
    publish: publishContainer,
    findPublished: (account, since, text) => client.findPublished(account, "", since, text),
  });
  return publishNeeding({ ...client, staging }, permission);
}
