import { facebookLogin, GraphAnswer, graphHttp, PAGE_SCOPES, parseGraphTime, sharesOf } from "./meta";
import type { ClientDeps } from "./registry";
import { type AccountCredentials, needing, type PlatformClient, PlatformError, publishNeeding } from "./types";

/**
 * Facebook Pages (PLATFORMS.md §3). Connect is Facebook Login; each Page publishes with its own Page token
 * (which does not expire). Text → /feed; one photo → /photos; several → unpublished photos attached to a
 * /feed post; one video → /videos with file_url.
 */
const FIND_SKEW_MS = 5 * 60_000;

export function createFacebookClient(deps: ClientDeps): PlatformClient {
  const http = graphHttp(deps, "facebook");
  const graph = `${deps.endpoints.META_GRAPH_BASE}/${deps.endpoints.META_GRAPH_VERSION}`;
  const err = (message: string) => new PlatformError("permanent", message, { platform: "facebook" });

  async function permalink(account: AccountCredentials, id: string): Promise<string | null> {
    const res = await http.answer(`${graph}/${id}`, GraphAnswer.permalinkUrl, {
      query: { fields: "permalink_url", access_token: account.accessToken },
    });
    const url = res.data.permalink_url ?? null;
    return url?.startsWith("/") ? `https://www.facebook.com${url}` : url;
  }

  const client: PlatformClient = {
    platform: "facebook",

    authorizeUrl: (input) => facebookLogin.authorizeUrl(deps, input, PAGE_SCOPES),
    exchangeCode: ({ code, redirectUri }) => facebookLogin.exchangeCode(deps, http, code, redirectUri),
    refresh: async () => facebookLogin.refreshUnsupported("facebook"),

    async accounts(tokens) {
      const user = await facebookLogin.me(deps, http, tokens.accessToken);
      const pages = await facebookLogin.pages(deps, http, tokens.accessToken);
      return pages.map((page) => ({
        platformUserId: page.id,
        username: page.name,
        displayName: page.name,
        profilePicture: page.picture?.data?.url ?? null,
        followerCount: page.followers_count ?? null,
        accountType: "page",
        tokens: { accessToken: page.access_token, expiresAt: null, refreshToken: null },
        metadata: {
          loginVariant: "facebook",
          connectionType: "standard",
          fbUserId: user.id,
          connectedTo: page.instagram_business_account?.id ?? null,
        },
      }));
    },

    async publish(account, request) {
      const page = account.platformUserId;
      const token = account.accessToken;
      const videos = request.media.filter((m) => m.kind === "video");
      const images = request.media.filter((m) => m.kind === "image");
      if (videos.length > 1 || (videos.length === 1 && images.length > 0))
        throw err("A Facebook post takes one video, or photos, not both.");
      if (videos.length === 1) {
        const res = await http.answer(`${graph}/${page}/videos`, GraphAnswer.id, {
          form: {
            file_url: videos[0]!.url,
            description: request.text,
            title: request.title ?? undefined,
            access_token: token,
          },
          creates: true,
        });
        return { remoteId: res.data.id, permalink: null };
      }
      if (images.length === 1) {
        const res = await http.answer(`${graph}/${page}/photos`, GraphAnswer.photo, {
          form: { url: images[0]!.url, caption: request.text, access_token: token },
          creates: true,
        });
        return { remoteId: res.data.post_id ?? res.data.id, permalink: null };
      }
      const attached: Array<{ media_fbid: string }> = [];
      for (const image of images) {
        const res = await http.answer(`${graph}/${page}/photos`, GraphAnswer.id, {
          form: { url: image.url, published: "false", access_token: token },
        });
        attached.push({ media_fbid: res.data.id });
      }
      const res = await http.answer(`${graph}/${page}/feed`, GraphAnswer.id, {
        form: {
          message: request.text,
          attached_media: attached.length ? JSON.stringify(attached) : undefined,
          access_token: token,
        },
        creates: true,
      });
      return { remoteId: res.data.id, permalink: null };
    },

    permalink,

    /** Same rule as Instagram: Pages posts carry no field of ours, so the exact message in the window decides. */
    async findPublished(account, _marker, since, text) {
      if (text === undefined) return null;
      const res = await http.request<{
        data: Array<{ id: string; message?: string; created_time?: string; permalink_url?: string }>;
      }>(`${graph}/${account.platformUserId}/posts`, {
        query: { fields: "id,message,created_time,permalink_url", limit: 25, access_token: account.accessToken },
      });
      const hit = res.data.data.find(
        (p) => (p.message ?? "") === text && parseGraphTime(p.created_time) >= since - FIND_SKEW_MS,
      );
      return hit ? { remoteId: hit.id, permalink: hit.permalink_url ?? null } : null;
    },

    async deletePost(account, remoteId) {
      await http.request(`${graph}/${remoteId}`, { method: "DELETE", query: { access_token: account.accessToken } });
    },

    async postMetrics(account, remoteId) {
      const ins = await http.request<{ data: Array<{ name: string; values?: Array<{ value: unknown }> }> }>(
        `${graph}/${remoteId}/insights`,
        {
          query: {
            metric: "post_total_media_view_unique,post_media_view,post_reactions_by_type_total,post_clicks",
            access_token: account.accessToken,
          },
        },
      );
      const raw = (name: string) => ins.data.data.find((d) => d.name === name)?.values?.[0]?.value;
      // Object-valued metrics ({like: 3, love: 1}) are summed.
      const n = (v: unknown) =>
        typeof v === "number"
          ? v
          : v && typeof v === "object"
            ? Object.values(v).reduce((a: number, x) => a + (Number(x) || 0), 0)
            : 0;
      const post = await http.request<{ shares?: { count: number }; comments?: { summary?: { total_count: number } } }>(
        `${graph}/${remoteId}`,
        {
          query: { fields: "shares,comments.limit(0).summary(true)", access_token: account.accessToken },
        },
      );
      return {
        impressions: n(raw("post_media_view")),
        reach: n(raw("post_total_media_view_unique")),
        likes: n(raw("post_reactions_by_type_total")),
        comments: post.data.comments?.summary?.total_count ?? 0,
        shares: post.data.shares?.count ?? 0,
        saves: 0,
        clicks: n(raw("post_clicks")),
        videoViews: 0,
      };
    },

    async accountMetrics(account) {
      const res = await http.request<{ followers_count?: number; fan_count?: number }>(
        `${graph}/${account.platformUserId}`,
        {
          query: { fields: "followers_count,fan_count", access_token: account.accessToken },
        },
      );
      // Pages give follower locations only (age/gender breakdowns were retired with page_fans*, §3).
      const countries = await http.request<{ data: Array<{ values?: Array<{ value: Record<string, number> }> }> }>(
        `${graph}/${account.platformUserId}/insights`,
        {
          query: { metric: "page_follows_country", period: "lifetime", access_token: account.accessToken },
        },
      );
      const locations = sharesOf(countries.data.data[0]?.values?.[0]?.value ?? {}).map((c) => ({
        country: c.key,
        percentage: c.percentage,
      }));
      return {
        followers: res.data.followers_count ?? res.data.fan_count ?? 0,
        audience: { age: [], gender: [], locations, activeHours: [] },
      };
    },

    async checkAccess(account) {
      await http.answer(`${graph}/${account.platformUserId}`, GraphAnswer.id, {
        query: { fields: "id", access_token: account.accessToken },
      });
    },

    /** A comment on the Page post, as the Page: POST /{post-id}/comments message=… → {id}. */
    async reply(account, remoteId, text) {
      const res = await needing("pages_manage_engagement", () =>
        http.answer(`${graph}/${remoteId}/comments`, GraphAnswer.id, {
          form: { message: text, access_token: account.accessToken },
        }),
      );
      return { remoteId: res.data.id };
    },

    async comments(account, remoteId) {
      const res = await http.request<{
        data: Array<{ id: string; message: string; from?: { name?: string }; created_time: string }>;
      }>(`${graph}/${remoteId}/comments`, {
        query: { fields: "id,message,from,created_time", access_token: account.accessToken },
      });
      return res.data.data.map((c) => ({
        id: c.id,
        author: c.from?.name ?? "",
        text: c.message,
        createdAt: new Date(parseGraphTime(c.created_time)).toISOString(),
      }));
    },
  };
  return publishNeeding(client, () => "pages_manage_posts");
}
