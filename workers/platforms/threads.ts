import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import { containerStaging, expiresAt, GraphAnswer, graphHttp, parseGraphTime, waitUntilReady } from "./meta";
import { type ClientDeps, credentialsFor } from "./registry";
import {
  type AccountCredentials,
  type PlatformClient,
  PlatformError,
  type PublishMedia,
  type PublishRequest,
  publishNeeding,
} from "./types";

/**
 * Threads (PLATFORMS.md §10): threads.net consent, short → long-lived token, refresh; containers
 * (TEXT, IMAGE, VIDEO, CAROUSEL of 2–20) polled until FINISHED, then threads_publish.
 */
const POLL_INTERVAL_MS = 5_000;
const POLL_MAX = 12;
const FIND_SKEW_MS = 5 * 60_000;

export function createThreadsClient(deps: ClientDeps): PlatformClient {
  const http = graphHttp(deps, "threads");
  const host = deps.endpoints.THREADS_GRAPH_BASE;
  const api = `${host}/v1.0`;
  const err = (message: string) => new PlatformError("permanent", message, { platform: "threads" });

  async function container(account: AccountCredentials, params: Record<string, string | undefined>) {
    const res = await http.answer(`${api}/${account.platformUserId}/threads`, GraphAnswer.id, {
      form: { ...params, access_token: account.accessToken },
    });
    return res.data.id;
  }

  async function status(account: AccountCredentials, id: string) {
    const res = await http.answer(
      `${api}/${id}`,
      z.object({ status: z.string().min(1), error_message: z.string().optional() }),
      { query: { fields: "id,status,error_message", access_token: account.accessToken } },
    );
    return { status: res.data.status, detail: res.data.error_message };
  }

  async function waitFor(account: AccountCredentials, id: string) {
    await waitUntilReady(deps, "threads", () => status(account, id), {
      intervalMs: POLL_INTERVAL_MS,
      maxPolls: POLL_MAX,
      ready: ["FINISHED"],
    });
  }

  /** The post's containers (carousel children first, each FINISHED before the parent); returns the one to publish. */
  async function createContainers(account: AccountCredentials, request: PublishRequest): Promise<string> {
    const media = request.media;
    if (media.length > 20) throw err("A Threads carousel takes at most 20 items.");
    if (media.length === 0) return container(account, { media_type: "TEXT", text: request.text });
    if (media.length === 1) return container(account, { ...item(media[0]!, false), text: request.text });
    const children: string[] = [];
    for (const m of media) children.push(await container(account, item(m, true)));
    for (const child of children) await waitFor(account, child);
    return container(account, { media_type: "CAROUSEL", children: children.join(","), text: request.text });
  }

  async function publishContainer(account: AccountCredentials, creationId: string): Promise<string> {
    const res = await http.answer(`${api}/${account.platformUserId}/threads_publish`, GraphAnswer.id, {
      form: { creation_id: creationId, access_token: account.accessToken },
      creates: true,
    });
    return res.data.id;
  }

  const item = (m: PublishMedia, child: boolean) => ({
    media_type: m.kind === "video" ? "VIDEO" : "IMAGE",
    [m.kind === "video" ? "video_url" : "image_url"]: m.url,
    is_carousel_item: child ? "true" : undefined,
    alt_text: m.altText ?? undefined,
  });

  const client: PlatformClient = {
    platform: "threads",

    authorizeUrl({ state, redirectUri }) {
      const url = new URL(`${deps.endpoints.THREADS_AUTHORIZE_BASE}/oauth/authorize`);
      url.searchParams.set("client_id", credentialsFor(deps, "threads").clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", OAUTH_SCOPES.threads.join(","));
      url.searchParams.set("response_type", "code");
      url.searchParams.set("state", state);
      return url;
    },

    async exchangeCode({ code, redirectUri }) {
      const { clientId, clientSecret } = credentialsFor(deps, "threads");
      // user_id may exceed 2^53 as a JSON number; it is read from /me instead.
      const short = await http.request<{ access_token: string }>(`${host}/oauth/access_token`, {
        form: {
          client_id: clientId,
          client_secret: clientSecret,
          code: code.replace(/#_$/, ""),
          grant_type: "authorization_code",
          redirect_uri: redirectUri,
        },
      });
      const long = await http.answer(`${host}/access_token`, GraphAnswer.token, {
        query: { grant_type: "th_exchange_token", client_secret: clientSecret, access_token: short.data.access_token },
      });
      return {
        accessToken: long.data.access_token,
        expiresAt: expiresAt(deps, long.data.expires_in),
        refreshToken: null,
      };
    },

    async refresh(tokens) {
      const res = await http.answer(`${host}/refresh_access_token`, GraphAnswer.token, {
        query: { grant_type: "th_refresh_token", access_token: tokens.accessToken },
      });
      return {
        accessToken: res.data.access_token,
        expiresAt: expiresAt(deps, res.data.expires_in),
        refreshToken: null,
      };
    },

    async accounts(tokens) {
      const me = await http.request<{
        id: string;
        username: string;
        name?: string;
        threads_profile_picture_url?: string;
      }>(`${api}/me`, {
        query: { fields: "id,username,name,threads_profile_picture_url", access_token: tokens.accessToken },
      });
      // Follower count is not a /me field (§10.2).
      const ins = await http.request<{ data: Array<{ name: string; total_value?: { value: number } }> }>(
        `${api}/${me.data.id}/threads_insights`,
        {
          query: { metric: "followers_count", access_token: tokens.accessToken },
        },
      );
      return [
        {
          platformUserId: String(me.data.id),
          username: me.data.username,
          displayName: me.data.name || me.data.username,
          profilePicture: me.data.threads_profile_picture_url ?? null,
          followerCount: ins.data.data.find((d) => d.name === "followers_count")?.total_value?.value ?? null,
          accountType: "person",
          metadata: { connectionType: "direct" },
        },
      ];
    },

    async publish(account, request) {
      const quota = await http.answer(`${api}/${account.platformUserId}/threads_publishing_limit`, GraphAnswer.quota, {
        query: { fields: "quota_usage,config", access_token: account.accessToken },
      });
      const q = quota.data.data[0];
      if (q?.config?.quota_total !== undefined && q.quota_usage >= q.config.quota_total) {
        throw new PlatformError(
          "retryable",
          `Threads' limit of ${q.config.quota_total} posts per 24 hours is reached.`,
          { platform: "threads", retryAfterMs: 60 * 60_000 },
        );
      }
      const creationId = await createContainers(account, request);
      await waitFor(account, creationId);
      return { remoteId: await publishContainer(account, creationId), permalink: null };
    },

    /** A reply is a TEXT container with reply_to_id, published like a post (§10.3 Replies). */
    async reply(account, parentRemoteId, text) {
      const creationId = await container(account, { media_type: "TEXT", text, reply_to_id: parentRemoteId });
      await waitFor(account, creationId);
      return { remoteId: await publishContainer(account, creationId) };
    },

    /** The account's own replies (§10.4 `/{user-id}/replies`), matched on the parent and the exact text. */
    async findReply(account, parentRemoteId, text, since) {
      const res = await http.request<{
        data: Array<{ id: string; text?: string; replied_to?: { id: string } }>;
      }>(`${api}/${account.platformUserId}/replies`, {
        query: {
          fields: "id,text,timestamp,replied_to",
          since: Math.floor((since - FIND_SKEW_MS) / 1000),
          limit: 100,
          access_token: account.accessToken,
        },
      });
      const hit = res.data.data.find((r) => r.replied_to?.id === parentRemoteId && (r.text ?? "") === text);
      return hit ? { remoteId: hit.id } : null;
    },

    async permalink(account, remoteId) {
      const link = await http.answer(`${api}/${remoteId}`, GraphAnswer.permalink, {
        query: { fields: "permalink", access_token: account.accessToken },
      });
      return link.data.permalink ?? null;
    },

    /** Threads posts carry no field of ours either: the exact text published since the attempt began decides. */
    async findPublished(account, _marker, since, text) {
      if (text === undefined) return null;
      const res = await http.request<{
        data: Array<{ id: string; text?: string; permalink?: string; timestamp?: string }>;
      }>(`${api}/${account.platformUserId}/threads`, {
        query: {
          fields: "id,text,permalink,timestamp",
          since: Math.floor((since - FIND_SKEW_MS) / 1000),
          limit: 25,
          access_token: account.accessToken,
        },
      });
      const hit = res.data.data.find(
        (t) => (t.text ?? "") === text && parseGraphTime(t.timestamp) >= since - FIND_SKEW_MS,
      );
      return hit ? { remoteId: hit.id, permalink: hit.permalink ?? null } : null;
    },

    async deletePost(account, remoteId) {
      await http.request(`${api}/${remoteId}`, { method: "DELETE", query: { access_token: account.accessToken } });
    },

    async postMetrics(account, remoteId) {
      const res = await http.request<{ data: Array<{ name: string; values?: Array<{ value: number }> }> }>(
        `${api}/${remoteId}/insights`,
        {
          query: { metric: "views,likes,replies,reposts,quotes,shares", access_token: account.accessToken },
        },
      );
      const v = (name: string) => res.data.data.find((d) => d.name === name)?.values?.[0]?.value ?? 0;
      return {
        impressions: v("views"),
        reach: v("views"),
        likes: v("likes"),
        comments: v("replies"),
        shares: v("reposts") + v("quotes") + v("shares"),
        saves: 0,
        clicks: 0,
        videoViews: v("views"),
      };
    },

    async accountMetrics(account) {
      const res = await http.request<{
        data: Array<{ name: string; total_value?: { value: number }; values?: Array<{ value: number }> }>;
      }>(`${api}/${account.platformUserId}/threads_insights`, {
        query: { metric: "followers_count,views", access_token: account.accessToken },
      });
      const followers = res.data.data.find((d) => d.name === "followers_count")?.total_value?.value ?? 0;
      const views = res.data.data.find((d) => d.name === "views")?.values?.reduce((a, x) => a + x.value, 0);
      return { followers, profileViews: views };
    },

    async checkAccess(account) {
      await http.answer(`${api}/me`, GraphAnswer.id, { query: { fields: "id", access_token: account.accessToken } });
    },

    async comments(account, remoteId) {
      const res = await http.request<{
        data: Array<{ id: string; text?: string; username?: string; timestamp: string }>;
      }>(`${api}/${remoteId}/replies`, {
        query: { fields: "id,text,username,timestamp", access_token: account.accessToken },
      });
      return res.data.data.map((c) => ({
        id: c.id,
        author: c.username ?? "",
        text: c.text ?? "",
        createdAt: new Date(parseGraphTime(c.timestamp)).toISOString(),
      }));
    },
  };
  const staging = containerStaging("threads", deps, {
    permission: () => "threads_content_publish",
    create: createContainers,
    status,
    waitReady: waitFor,
    publish: publishContainer,
    findPublished: (account, since, text) => client.findPublished(account, "", since, text),
  });
  return publishNeeding({ ...client, staging }, () => "threads_content_publish");
}
