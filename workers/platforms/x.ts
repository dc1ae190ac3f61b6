import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import { byteChunks } from "./byte-chunks";
import { createHttp, type HttpClient, type PlatformResponse, parseAnswer } from "./http";
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

/** A created post or media answer: `data.id` is a numeric string (§6.2, §6.3). */
const Created = z.object({ data: z.object({ id: z.string().regex(/^\d+$/) }) });

/** Append segments stay under the ~4-5 MB a request may carry (§6.3). */
export const APPEND_CHUNK = 4 * 1024 * 1024;
const MAX_STATUS_POLLS = 10;

type XProblem = { title?: string; detail?: string; errors?: { message?: string; code?: number }[] };

/** §6.4: v2 problem objects (and the older `errors[]`), rate-limit reset in unix seconds. */
export function classifyXError({ status, data, headers }: PlatformResponse, now: number): PlatformError {
  const b = (data && typeof data === "object" ? data : {}) as XProblem;
  const message = b.errors?.[0]?.message ?? b.detail ?? b.title ?? `X answered HTTP ${status}`;
  const details = { platform: "twitter" as const, status, code: b.errors?.[0]?.code ?? b.title };
  if (status === 401) return new PlatformError("auth", message, details);
  if (status === 429) {
    const daily =
      headers.get("x-user-limit-24hour-remaining") === "0" ? headers.get("x-user-limit-24hour-reset") : null;
    const reset = Number(daily ?? headers.get("x-rate-limit-reset"));
    return new PlatformError("retryable", message, {
      ...details,
      ...(reset > 0 ? { retryAfterMs: Math.max(0, reset * 1000 - now) } : {}),
    });
  }
  if (status >= 500) return new PlatformError("retryable", message, details);
  // A 403 for the token's scopes (not the post's content) is fixed by a consent that grants them.
  if (status === 403 && /not permitted|scope/i.test(message))
    return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  // 400 (e.g. text over 280) and 403 (duplicate content, policy) will fail the same way again.
  return new PlatformError("permanent", message, details);
}

export function mediaCategory(media: Pick<PublishMedia, "kind" | "mimeType">): string {
  if (media.kind === "video") return "tweet_video";
  return media.mimeType === "image/gif" ? "tweet_gif" : "tweet_image";
}

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
  private readonly http: HttpClient;
  constructor(private readonly deps: ClientDeps) {
    this.http = createHttp({
      platform: "twitter",
      fetch: deps.fetch,
      now: deps.now,
      classify: (r) => classifyXError(r, deps.now()),
    });
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
    const endpoint = `${this.api}/2/oauth2/token`;
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
      mediaIds.push(await needing("media.write", () => this.upload(account.accessToken, m)));
    return this.createPost(account.accessToken, request.text, mediaIds);
  }

  /** A reply is a post with reply.in_reply_to_tweet_id (§6.2): the first comment and each part of a thread. */
  reply(account: AccountCredentials, parentRemoteId: string, text: string): Promise<{ remoteId: string }> {
    return needing("tweet.write", async () => {
      const res = await this.call(
        account.accessToken,
        "POST",
        `${this.api}/2/tweets`,
        { text, reply: { in_reply_to_tweet_id: parentRemoteId } },
        { creates: true },
      );
      return { remoteId: parseAnswer("twitter", Created, res.data, true).data.id };
    });
  }

  /** §6.3 media upload v2: initialize, append segments, finalize, then poll STATUS while processing. */
  private async upload(token: string, media: PublishMedia): Promise<string> {
    const sent = await this.sendMedia(token, media);
    await this.processed(token, sent.id, sent.info);
    return sent.id;
  }

  /**
   * Initialize, append, finalize and the alt text: the media exists on X from here, still processing when
   * `info` says so. It expires `expires_after_secs` after the finalize unless a post uses it (§6.3).
   */
  private async sendMedia(token: string, media: PublishMedia) {
    const init = parseAnswer(
      "twitter",
      Created,
      await this.json(token, "POST", `${this.api}/2/media/upload/initialize`, {
        media_type: media.mimeType,
        total_bytes: media.size,
        media_category: mediaCategory(media),
      }),
      false,
    );
    const id = init.data.id;
    let segment = 0;
    for await (const chunk of byteChunks(await media.open(), APPEND_CHUNK)) {
      const form = new FormData();
      form.set("segment_index", String(segment++));
      form.set("media", new Blob([chunk], { type: media.mimeType }));
      await this.call(token, "POST", `${this.api}/2/media/upload/${id}/append`, form);
    }
    const finalizedAt = this.deps.now();
    const fin = parseAnswer(
      "twitter",
      Finalized,
      await this.json(token, "POST", `${this.api}/2/media/upload/${id}/finalize`),
      false,
    );
    if (media.altText) {
      await this.call(token, "POST", `${this.api}/2/media/metadata`, {
        id,
        metadata: { alt_text: { text: media.altText.slice(0, 1000) } },
      });
    }
    const expiresAt = fin.data.expires_after_secs ? finalizedAt + fin.data.expires_after_secs * 1000 : null;
    return { id, info: fin.data.processing_info, expiresAt };
  }

  /** Polls STATUS until the media succeeded; a failed processing is permanent, a slow one retryable. */
  private async processed(token: string, id: string, first: ProcessingInfo | undefined): Promise<void> {
    let info = first;
    for (let poll = 0; info && info.state !== "succeeded"; poll++) {
      if (info.state === "failed") throw processingFailed(info);
      if (poll >= MAX_STATUS_POLLS)
        throw new PlatformError("retryable", "X is still processing the media.", {
          platform: "twitter",
          retryAfterMs: 60_000,
        });
      await this.deps.sleep((info.check_after_secs ?? 1) * 1000);
      info = await this.processingInfo(token, id);
    }
  }

  private async processingInfo(token: string, id: string): Promise<ProcessingInfo | undefined> {
    const res = await this.json<{ data: { processing_info?: ProcessingInfo } }>(
      token,
      "GET",
      `${this.api}/2/media/upload?command=STATUS&media_id=${id}`,
    );
    return res.data.processing_info;
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
        for (const m of request.media) sent.push(await this.sendMedia(account.accessToken, m));
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
          info = await this.processingInfo(account.accessToken, id);
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
            await this.processed(account.accessToken, id, await this.processingInfo(account.accessToken, id));
        return this.createPost(account.accessToken, request.text, ids);
      }),
    find: async (account, _request, staged) => {
      const ids = stagedIds(staged);
      const page = await this.json<{
        data?: { id: string; attachments?: { media_keys?: string[] } }[];
      }>(
        account.accessToken,
        "GET",
        `${this.api}/2/users/${account.platformUserId}/tweets?max_results=100&tweet.fields=attachments,created_at`,
      );
      // A media key is `<type>_<media id>`: the post carrying the staged media is the one published with it.
      const hit = page.data?.find((t) => t.attachments?.media_keys?.some((k) => ids.includes(k.split("_")[1] ?? "")));
      return hit ? { remoteId: hit.id, permalink: statusUrl(hit.id) } : null;
    },
    discard: async () => {},
  };

  private async createPost(token: string, text: string, mediaIds: string[]): Promise<PublishResult> {
    const res = await this.call(
      token,
      "POST",
      `${this.api}/2/tweets`,
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
    const page = await this.json<{ data?: { id: string; text: string }[] }>(
      account.accessToken,
      "GET",
      `${this.api}/2/users/${account.platformUserId}/tweets?start_time=${encodeURIComponent(start)}&max_results=100&tweet.fields=created_at`,
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
    const page = await this.json<{
      data?: { id: string; text: string; referenced_tweets?: { type: string; id: string }[] }[];
    }>(
      account.accessToken,
      "GET",
      `${this.api}/2/users/${account.platformUserId}/tweets?start_time=${encodeURIComponent(start)}&max_results=100&tweet.fields=created_at,referenced_tweets`,
    );
    const hit = page.data?.find(
      (t) => t.text === text && t.referenced_tweets?.some((r) => r.type === "replied_to" && r.id === parentRemoteId),
    );
    return hit ? { remoteId: hit.id } : null;
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.call(account.accessToken, "DELETE", `${this.api}/2/tweets/${remoteId}`);
  }

  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const res = await this.json<{
      data?: { public_metrics?: Record<string, number> }[];
      errors?: { detail?: string }[];
    }>(account.accessToken, "GET", `${this.api}/2/tweets?ids=${remoteId}&tweet.fields=public_metrics,created_at`);
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
    const res = await this.json<{
      data?: { id: string; text: string; author_id: string; created_at: string }[];
      includes?: { users?: { id: string; username: string }[] };
    }>(
      account.accessToken,
      "GET",
      `${this.api}/2/tweets/search/recent?query=${encodeURIComponent(`conversation_id:${remoteId}`)}&tweet.fields=author_id,created_at&expansions=author_id&user.fields=username`,
    );
    const users = new Map((res.includes?.users ?? []).map((u) => [u.id, u.username]));
    return (res.data ?? []).map((t) => ({
      id: t.id,
      author: users.get(t.author_id) ?? t.author_id,
      text: t.text,
      createdAt: t.created_at,
    }));
  }

  private me(token: string) {
    return this.json<{
      data: {
        id: string;
        name: string;
        username: string;
        profile_image_url?: string;
        public_metrics?: { followers_count?: number };
      };
    }>(token, "GET", `${this.api}/2/users/me?user.fields=profile_image_url,public_metrics,verified`).then(
      (r) => r.data,
    );
  }

  private get api() {
    return this.deps.endpoints.X_API_BASE;
  }

  private call(
    token: string,
    method: string,
    url: string,
    body?: unknown,
    opts: { creates?: boolean } = {},
  ): Promise<PlatformResponse> {
    const headers = { Authorization: `Bearer ${token}` };
    return this.http.request(
      url,
      body instanceof FormData ? { method, headers, body, ...opts } : { method, headers, json: body, ...opts },
    );
  }

  private async json<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
    return (await this.call(token, method, url, body)).data as T;
  }
}

const ProcessingInfoSchema = z.object({
  state: z.enum(["pending", "in_progress", "succeeded", "failed"]),
  check_after_secs: z.number().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
});
type ProcessingInfo = z.infer<typeof ProcessingInfoSchema>;

/** The finalize answer (§6.3): processing_info only for video and GIF; media expires after expires_after_secs. */
const Finalized = z.object({
  data: z.object({ expires_after_secs: z.number().optional(), processing_info: ProcessingInfoSchema.optional() }),
});

function processingFailed(info: ProcessingInfo): PlatformError {
  return new PlatformError("permanent", info.error?.message ?? "X could not process the media.", {
    platform: "twitter",
  });
}

function stagedIds(staged: StagedMedia): string[] {
  return staged.remoteId.split(",").filter(Boolean);
}
