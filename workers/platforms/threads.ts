import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import type { HttpClient } from "./http";
import { containerStaging, expiresAt, GraphAnswer, graphHttp, parseGraphTime, waitUntilReady } from "./meta";
import { type ClientDeps, credentialsFor } from "./registry";
import {
  type AccountCredentials,
  type AccountMetrics,
  needing,
  type PlatformClient,
  PlatformError,
  type PostMetrics,
  type PublishMedia,
  type PublishRequest,
  type PublishResult,
  type RemoteAccount,
  type RemoteComment,
  type StagingSupport,
  type TokenSet,
} from "./types";

/**
 * Threads (PLATFORMS.md §10): threads.net consent, short → long-lived token, refresh; containers
 * (TEXT, IMAGE, VIDEO, CAROUSEL of 2–20) polled until FINISHED, then threads_publish.
 */
const POLL_INTERVAL_MS = 5_000;
const POLL_MAX = 12;
const FIND_SKEW_MS = 5 * 60_000;
/** What publishing needs; a refusal names it. */
const PUBLISH_PERMISSION = "threads_content_publish";

/** A container's parameters for one item: alone or as a carousel child. */
const itemParams = (m: PublishMedia, child: boolean) => ({
  media_type: m.kind === "video" ? "VIDEO" : "IMAGE",
  [m.kind === "video" ? "video_url" : "image_url"]: m.url,
  is_carousel_item: child ? "true" : undefined,
  alt_text: m.altText ?? undefined,
});

export class ThreadsClient implements PlatformClient {
  readonly platform = "threads" as const;
  readonly staging: StagingSupport;
  private readonly http: HttpClient;

  constructor(private readonly deps: ClientDeps) {
    this.http = graphHttp(deps, "threads");
    this.staging = containerStaging("threads", deps, {
      permission: () => PUBLISH_PERMISSION,
      create: (account, request) => this.createContainers(account, request),
      status: (account, id) => this.status(account, id),
      waitReady: (account, id) => this.waitFor(account, id),
      publish: (account, creationId) => this.publishContainer(account, creationId),
      findPublished: (account, since, request) => this.findPublished(account, "", since, request.text),
    });
  }

  private get host() {
    return this.deps.endpoints.THREADS_GRAPH_BASE;
  }

  private get api() {
    return `${this.host}/v1.0`;
  }

  authorizeUrl(input: { state: string; redirectUri: string }): URL {
    const url = new URL(`${this.deps.endpoints.THREADS_AUTHORIZE_BASE}/oauth/authorize`);
    url.searchParams.set("client_id", credentialsFor(this.deps, "threads").clientId);
    url.searchParams.set("redirect_uri", input.redirectUri);
    url.searchParams.set("scope", OAUTH_SCOPES.threads.join(","));
    url.searchParams.set("response_type", "code");
    url.searchParams.set("state", input.state);
    return url;
  }

  async exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenSet> {
    const { clientId, clientSecret } = credentialsFor(this.deps, "threads");
    // user_id may exceed 2^53 as a JSON number; it is read from /me instead.
    const short = await this.http.request<{ access_token: string }>(`${this.host}/oauth/access_token`, {
      form: {
        client_id: clientId,
        client_secret: clientSecret,
        code: input.code.replace(/#_$/, ""),
        grant_type: "authorization_code",
        redirect_uri: input.redirectUri,
      },
    });
    const long = await this.http.answer(`${this.host}/access_token`, GraphAnswer.token, {
      query: { grant_type: "th_exchange_token", client_secret: clientSecret, access_token: short.data.access_token },
    });
    return {
      accessToken: long.data.access_token,
      expiresAt: expiresAt(this.deps, long.data.expires_in),
      refreshToken: null,
    };
  }

  async refresh(tokens: TokenSet): Promise<TokenSet> {
    const res = await this.http.answer(`${this.host}/refresh_access_token`, GraphAnswer.token, {
      query: { grant_type: "th_refresh_token", access_token: tokens.accessToken },
    });
    return {
      accessToken: res.data.access_token,
      expiresAt: expiresAt(this.deps, res.data.expires_in),
      refreshToken: null,
    };
  }

  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const me = await this.http.request<{
      id: string;
      username: string;
      name?: string;
      threads_profile_picture_url?: string;
    }>(`${this.api}/me`, {
      query: { fields: "id,username,name,threads_profile_picture_url", access_token: tokens.accessToken },
    });
    // Follower count is not a /me field (§10.2).
    const ins = await this.http.request<{ data: Array<{ name: string; total_value?: { value: number } }> }>(
      `${this.api}/${me.data.id}/threads_insights`,
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
  }

  /** A permission refusal names what publishing needs. */
  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing(PUBLISH_PERMISSION, () => this.publishNow(account, request));
  }

  private async publishNow(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    const quota = await this.http.answer(
      `${this.api}/${account.platformUserId}/threads_publishing_limit`,
      GraphAnswer.quota,
      { query: { fields: "quota_usage,config", access_token: account.accessToken } },
    );
    const q = quota.data.data[0];
    if (q?.config?.quota_total !== undefined && q.quota_usage >= q.config.quota_total) {
      throw new PlatformError("retryable", `Threads' limit of ${q.config.quota_total} posts per 24 hours is reached.`, {
        platform: "threads",
        retryAfterMs: 60 * 60_000,
      });
    }
    const creationId = await this.createContainers(account, request);
    await this.waitFor(account, creationId);
    return { remoteId: await this.publishContainer(account, creationId), permalink: null };
  }

  /** The post's containers (carousel children first, each FINISHED before the parent); returns the one to publish. */
  private async createContainers(account: AccountCredentials, request: PublishRequest): Promise<string> {
    const media = request.media;
    if (media.length > 20)
      throw new PlatformError("permanent", "A Threads carousel takes at most 20 items.", { platform: "threads" });
    if (media.length === 0) return this.container(account, { media_type: "TEXT", text: request.text });
    if (media.length === 1) return this.container(account, { ...itemParams(media[0]!, false), text: request.text });
    const children: string[] = [];
    for (const m of media) children.push(await this.container(account, itemParams(m, true)));
    for (const child of children) await this.waitFor(account, child);
    return this.container(account, { media_type: "CAROUSEL", children: children.join(","), text: request.text });
  }

  private async container(account: AccountCredentials, params: Record<string, string | undefined>) {
    const res = await this.http.answer(`${this.api}/${account.platformUserId}/threads`, GraphAnswer.id, {
      form: { ...params, access_token: account.accessToken },
    });
    return res.data.id;
  }

  private async status(account: AccountCredentials, id: string) {
    const res = await this.http.answer(
      `${this.api}/${id}`,
      z.object({ status: z.string().min(1), error_message: z.string().optional() }),
      { query: { fields: "id,status,error_message", access_token: account.accessToken } },
    );
    return { status: res.data.status, detail: res.data.error_message };
  }

  private async waitFor(account: AccountCredentials, id: string) {
    await waitUntilReady(this.deps, "threads", () => this.status(account, id), {
      intervalMs: POLL_INTERVAL_MS,
      maxPolls: POLL_MAX,
      ready: ["FINISHED"],
    });
  }

  private async publishContainer(account: AccountCredentials, creationId: string): Promise<string> {
    const res = await this.http.answer(`${this.api}/${account.platformUserId}/threads_publish`, GraphAnswer.id, {
      form: { creation_id: creationId, access_token: account.accessToken },
      creates: true,
    });
    return res.data.id;
  }

  /** A reply is a TEXT container with reply_to_id, published like a post (§10.3 Replies). */
  async reply(account: AccountCredentials, parentRemoteId: string, text: string): Promise<{ remoteId: string }> {
    const creationId = await this.container(account, { media_type: "TEXT", text, reply_to_id: parentRemoteId });
    await this.waitFor(account, creationId);
    return { remoteId: await this.publishContainer(account, creationId) };
  }

  /**
   * Hides a top-level reply to the account's post, with the replies under it, or shows it again (Reply Management
   * `POST /{reply-id}/manage_reply`, `threads_manage_replies`). Threads offers apps no like and no delete of
   * someone else's reply.
   */
  async setHidden(account: AccountCredentials, replyId: string, hidden: boolean): Promise<void> {
    await needing("threads_manage_replies", () =>
      this.http.answer(`${this.api}/${replyId}/manage_reply`, GraphAnswer.success, {
        form: { hide: String(hidden), access_token: account.accessToken },
      }),
    );
  }

  /** The account's own replies (§10.4 `/{user-id}/replies`), matched on the parent and the exact text. */
  async findReply(
    account: AccountCredentials,
    parentRemoteId: string,
    text: string,
    since: number,
  ): Promise<{ remoteId: string } | null> {
    const res = await this.http.request<{
      data: Array<{ id: string; text?: string; replied_to?: { id: string } }>;
    }>(`${this.api}/${account.platformUserId}/replies`, {
      query: {
        fields: "id,text,timestamp,replied_to",
        since: Math.floor((since - FIND_SKEW_MS) / 1000),
        limit: 100,
        access_token: account.accessToken,
      },
    });
    const hit = res.data.data.find((r) => r.replied_to?.id === parentRemoteId && (r.text ?? "") === text);
    return hit ? { remoteId: hit.id } : null;
  }

  async permalink(account: AccountCredentials, remoteId: string): Promise<string | null> {
    const link = await this.http.answer(`${this.api}/${remoteId}`, GraphAnswer.permalink, {
      query: { fields: "permalink", access_token: account.accessToken },
    });
    return link.data.permalink ?? null;
  }

  /** Threads posts carry no field of ours either: the exact text published since the attempt began decides. */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
  ): Promise<PublishResult | null> {
    if (text === undefined) return null;
    const res = await this.http.request<{
      data: Array<{ id: string; text?: string; permalink?: string; timestamp?: string }>;
    }>(`${this.api}/${account.platformUserId}/threads`, {
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
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.http.request(`${this.api}/${remoteId}`, {
      method: "DELETE",
      query: { access_token: account.accessToken },
    });
  }

  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const res = await this.http.request<{ data: Array<{ name: string; values?: Array<{ value: number }> }> }>(
      `${this.api}/${remoteId}/insights`,
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
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    const res = await this.http.request<{
      data: Array<{ name: string; total_value?: { value: number }; values?: Array<{ value: number }> }>;
    }>(`${this.api}/${account.platformUserId}/threads_insights`, {
      query: { metric: "followers_count,views", access_token: account.accessToken },
    });
    const followers = res.data.data.find((d) => d.name === "followers_count")?.total_value?.value ?? 0;
    const views = res.data.data.find((d) => d.name === "views")?.values?.reduce((a, x) => a + x.value, 0);
    return { followers, profileViews: views };
  }

  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.http.answer(`${this.api}/me`, GraphAnswer.id, {
      query: { fields: "id", access_token: account.accessToken },
    });
  }

  async comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const res = await this.http.request<{
      data: Array<{ id: string; text?: string; username?: string; timestamp: string }>;
    }>(`${this.api}/${remoteId}/replies`, {
      query: { fields: "id,text,username,timestamp", access_token: account.accessToken },
    });
    return res.data.data.map((c) => ({
      id: c.id,
      author: c.username ?? "",
      text: c.text ?? "",
      createdAt: new Date(parseGraphTime(c.timestamp)).toISOString(),
    }));
  }
}
