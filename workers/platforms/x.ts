import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { OAUTH_SCOPES } from "../platform-profile";
import { parseAnswer } from "./http";
import { requestTokens } from "./oauth-token";
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
  type StagedMedia,
  type StagingSupport,
  type TokenSet,
} from "./types";
import { XApi } from "./x-api";
import { XDirectMessages } from "./x-dms";
import { Created, type ProcessingInfo, processingFailed, XMedia } from "./x-media";
import { XModeration } from "./x-moderation";

export function validateMedia(media: PublishMedia[]): void {
  const single = media.filter((m) => m.kind === "video" || m.mimeType === "image/gif");
  if ((single.length > 0 && media.length > 1) || media.length > 4) {
    throw new PlatformError("permanent", "A post on X takes up to 4 images, or one video or GIF.", {
      platform: "twitter",
    });
  }
}

export function statusUrl(id: string): string {
  return `https://x.com/i/web/status/${id}`;
}

export class XClient implements PlatformClient {
  readonly platform = "twitter" as const;
  private readonly api: XApi;
  private readonly media: XMedia;
  /** The inbox's direct messages (ADR 092). */
  readonly dms: XDirectMessages;
  /** The inbox's hides and likes (ADR 083). */
  readonly moderation: XModeration;

  constructor(private readonly deps: ClientDeps) {
    this.api = new XApi(deps);
    this.media = new XMedia(this.api, deps);
    this.dms = new XDirectMessages(this.api);
    this.moderation = new XModeration(this.api);
  }

  private get credentials() {
    return credentialsFor(this.deps, "twitter");
  }

  authorizeUrl(input: { state: string; redirectUri: string; codeVerifier?: string }): URL {
    if (!input.codeVerifier) throw new TypeError("X sign-in needs a PKCE code verifier");
    const oauth = new OAuth2Client(this.credentials.clientId, this.credentials.clientSecret, input.redirectUri);
    return oauth.createAuthorizationURLWithPKCE(
      `${this.deps.endpoints.X_AUTHORIZE_BASE}/i/oauth2/authorize`,
      input.state,
      CodeChallengeMethod.S256,
      input.codeVerifier,
      OAUTH_SCOPES.twitter,
    );
  }

  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet> {
    if (!input.codeVerifier) throw new TypeError("X sign-in needs the PKCE code verifier");
    return this.token({
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
  }

  /** Refresh tokens rotate: the answer's refresh token replaces the old one, which is now dead. */
  refresh(tokens: TokenSet): Promise<TokenSet> {
    if (!tokens.refreshToken)
      throw new PlatformError("auth", "X granted no refresh token; reconnect the account.", { platform: "twitter" });
    return this.token({ grant_type: "refresh_token", refresh_token: tokens.refreshToken });
  }

  private token(params: Record<string, string>) {
    const endpoint = `${this.api.base}/2/oauth2/token`;
    return requestTokens(
      this.deps.fetch,
      { platform: "twitter", endpoint, params, client: this.credentials, clientAuth: "basic" },
      this.deps.now(),
    );
  }

  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const me = await this.me(tokens.accessToken);
    return [
      {
        platformUserId: me.id,
        username: me.username,
        displayName: me.name,
        profilePicture: me.profile_image_url ?? null,
        followerCount: me.public_metrics?.followers_count ?? 0,
        accountType: "user",
      },
    ];
  }

  /** A permission refusal names what publishing needs on this account. */
  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing("tweet.write", () => this.publishNow(account, request));
  }

  private async publishNow(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    validateMedia(request.media);
    const mediaIds: string[] = [];
    for (const m of request.media)
      mediaIds.push(await needing("media.write", () => this.media.upload(account.accessToken, m)));
    return this.createPost(account.accessToken, request.text, mediaIds);
  }

  /** A reply is a post with reply.in_reply_to_tweet_id (§6.2): the first comment and each part of a thread. */
  reply(account: AccountCredentials, parentRemoteId: string, text: string): Promise<{ remoteId: string }> {
    return needing("tweet.write", async () => {
      const res = await this.api.call(
        account.accessToken,
        "POST",
        `${this.api.base}/2/tweets`,
        { text, reply: { in_reply_to_tweet_id: parentRemoteId } },
        { creates: true },
      );
      return { remoteId: parseAnswer("twitter", Created, res.data, true).data.id };
    });
  }

  /**
   * Staging (ADR 034): the media goes up ahead (its ids are the handle, comma-separated) and at the due second
   * one POST /2/tweets uses them. X offers no call to delete uploaded media: what a post never uses expires
   * on its own `expires_after_secs` after upload, so a discard only forgets it.
   */
  readonly staging: StagingSupport = {
    stage: (account, request) =>
      needing("media.write", async () => {
        validateMedia(request.media);
        const sent = [];
        for (const m of request.media) sent.push(await this.media.send(account.accessToken, m));
        const expiries = sent.map((s) => s.expiresAt).filter((e): e is number => e !== null);
        return {
          remoteId: sent.map((s) => s.id).join(","),
          ready: sent.every((s) => !s.info || s.info.state === "succeeded"),
          expiresAt: expiries.length ? Math.min(...expiries) : null,
        };
      }),
    check: async (account, staged) => {
      let ready = true;
      for (const id of stagedIds(staged)) {
        let info: ProcessingInfo | undefined;
        try {
          info = await this.media.processingInfo(account.accessToken, id);
        } catch (err) {
          // An expired or unknown media id is a 400 naming media_id: the staged media is gone.
          if (err instanceof PlatformError && err.details.status === 400) return null;
          throw err;
        }
        if (info?.state === "failed") throw processingFailed(info);
        ready &&= !info || info.state === "succeeded";
      }
      return { ...staged, ready };
    },
    publish: (account, request, staged) =>
      needing("tweet.write", async () => {
        const ids = stagedIds(staged);
        // Still processing at the due second: the post waits for it, as a post uploaded in one go would.
        if (!staged.ready)
          for (const id of ids)
            await this.media.processed(
              account.accessToken,
              id,
              await this.media.processingInfo(account.accessToken, id),
            );
        return this.createPost(account.accessToken, request.text, ids);
      }),
    find: async (account, _request, staged) => {
      const ids = stagedIds(staged);
      const page = await this.api.json<{
        data?: { id: string; attachments?: { media_keys?: string[] } }[];
      }>(
        account.accessToken,
        "GET",
        `${this.api.base}/2/users/${account.platformUserId}/tweets?max_results=100&tweet.fields=attachments,created_at`,
      );
      // A media key is `<type>_<media id>`: the post carrying the staged media is the one published with it.
      const hit = page.data?.find((t) => t.attachments?.media_keys?.some((k) => ids.includes(k.split("_")[1] ?? "")));
      return hit ? { remoteId: hit.id, permalink: statusUrl(hit.id) } : null;
    },
    discard: async () => {},
  };

  private async createPost(token: string, text: string, mediaIds: string[]): Promise<PublishResult> {
    const res = await this.api.call(
      token,
      "POST",
      `${this.api.base}/2/tweets`,
      { text, ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}) },
      { creates: true },
    );
    const { data } = parseAnswer("twitter", Created, res.data, true);
    return { remoteId: data.id, permalink: statusUrl(data.id) };
  }

  /** X has no field to carry a marker; X refuses duplicate text, so the author's post with this text since `since` is the one. */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
  ): Promise<PublishResult | null> {
    if (text === undefined) return null;
    const start = new Date(since - 60_000).toISOString();
    const page = await this.api.json<{ data?: { id: string; text: string }[] }>(
      account.accessToken,
      "GET",
      `${this.api.base}/2/users/${account.platformUserId}/tweets?start_time=${encodeURIComponent(start)}&max_results=100&tweet.fields=created_at`,
    );
    const hit = page.data?.find((t) => t.text === text);
    return hit ? { remoteId: hit.id, permalink: statusUrl(hit.id) } : null;
  }

  /** The author's own post with this text that replies to the parent (`referenced_tweets` type `replied_to`). */
  async findReply(
    account: AccountCredentials,
    parentRemoteId: string,
    text: string,
    since: number,
  ): Promise<{ remoteId: string } | null> {
    const start = new Date(since - 60_000).toISOString();
    const page = await this.api.json<{
      data?: { id: string; text: string; referenced_tweets?: { type: string; id: string }[] }[];
    }>(
      account.accessToken,
      "GET",
      `${this.api.base}/2/users/${account.platformUserId}/tweets?start_time=${encodeURIComponent(start)}&max_results=100&tweet.fields=created_at,referenced_tweets`,
    );
    const hit = page.data?.find(
      (t) => t.text === text && t.referenced_tweets?.some((r) => r.type === "replied_to" && r.id === parentRemoteId),
    );
    return hit ? { remoteId: hit.id } : null;
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.api.call(account.accessToken, "DELETE", `${this.api.base}/2/tweets/${remoteId}`);
  }

  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const res = await this.api.json<{
      data?: { public_metrics?: Record<string, number> }[];
      errors?: { detail?: string }[];
    }>(account.accessToken, "GET", `${this.api.base}/2/tweets?ids=${remoteId}&tweet.fields=public_metrics,created_at`);
    const m = res.data?.[0]?.public_metrics;
    if (!m)
      throw new PlatformError("permanent", res.errors?.[0]?.detail ?? "The post no longer exists on X.", {
        platform: "twitter",
      });
    return {
      impressions: m.impression_count ?? 0,
      reach: m.impression_count ?? 0,
      likes: m.like_count ?? 0,
      comments: m.reply_count ?? 0,
      shares: (m.retweet_count ?? 0) + (m.quote_count ?? 0),
      saves: m.bookmark_count ?? 0,
      clicks: 0,
      videoViews: 0,
    };
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    const me = await this.me(account.accessToken);
    return { followers: me.public_metrics?.followers_count ?? 0 };
  }

  /** Replies are the posts in the conversation the post started (recent search, last 7 days). */
  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.me(account.accessToken);
  }

  async comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const res = await this.api.json<{
      data?: { id: string; text: string; author_id: string; created_at: string }[];
      includes?: { users?: { id: string; username: string }[] };
    }>(
      account.accessToken,
      "GET",
      `${this.api.base}/2/tweets/search/recent?query=${encodeURIComponent(`conversation_id:${remoteId}`)}&tweet.fields=author_id,created_at&expansions=author_id&user.fields=username`,
    );
    const users = new Map((res.includes?.users ?? []).map((u) => [u.id, u.username]));
    return (res.data ?? []).map((t) => ({
      id: t.id,
      author: users.get(t.author_id) ?? t.author_id,
      text: t.text,
      createdAt: t.created_at,
    }));
  }

  /**
   * The account's mentions timeline (`GET /2/users/:id/mentions`) from `since` on, newest first, each with the
   * conversation (our post, when it answers one) it belongs to.
   */
  async mentions(
    account: AccountCredentials,
    since: number,
  ): Promise<Array<RemoteComment & { conversationId: string | null }>> {
    const res = await this.api.json<{
      data?: { id: string; text: string; author_id: string; created_at: string; conversation_id?: string }[];
      includes?: { users?: { id: string; username: string }[] };
    }>(
      account.accessToken,
      "GET",
      `${this.api.base}/2/users/${account.platformUserId}/mentions?start_time=${encodeURIComponent(new Date(since).toISOString())}&max_results=100&tweet.fields=author_id,created_at,conversation_id&expansions=author_id&user.fields=username`,
    );
    const users = new Map((res.includes?.users ?? []).map((u) => [u.id, u.username]));
    return (res.data ?? []).map((t) => ({
      id: t.id,
      author: users.get(t.author_id) ?? t.author_id,
      text: t.text,
      createdAt: t.created_at,
      conversationId: t.conversation_id ?? null,
    }));
  }

  private me(token: string) {
    return this.api
      .json<{
        data: {
          id: string;
          name: string;
          username: string;
          profile_image_url?: string;
          public_metrics?: { followers_count?: number };
        };
      }>(token, "GET", `${this.api.base}/2/users/me?user.fields=profile_image_url,public_metrics,verified`)
      .then((r) => r.data);
  }
}

function stagedIds(staged: StagedMedia): string[] {
  return staged.remoteId.split(",").filter(Boolean);
}
