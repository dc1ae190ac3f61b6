import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import { FacebookLogin, type GrantedPage } from "./facebook-login";
import type { HttpClient } from "./http";
import { InstagramInsights } from "./instagram-insights";
import { InstagramLogin } from "./instagram-login";
import { containerStaging, GraphAnswer, graphHttp, parseGraphTime, waitUntilReady } from "./meta";
import { GraphEngagement } from "./meta-engagement";
import { GraphMessaging } from "./meta-messaging";
import type { ClientDeps } from "./registry";
import {
  type AccountCredentials,
  type AccountMetrics,
  needing,
  type PlatformClient,
  PlatformError,
  type PostMetrics,
  type PublishMedia,
  type PublishOptions,
  type PublishRequest,
  type PublishResult,
  type RemoteAccount,
  type RemoteComment,
  type StagingSupport,
  type TokenSet,
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

const invalid = (message: string) => new PlatformError("permanent", message, { platform: "instagram" });
const viaInstagramLogin = (account: AccountCredentials) => account.metadata.loginVariant === "instagram";

/** What publishing needs on this account, named in a refusal. */
const publishPermission = (account: AccountCredentials) =>
  viaInstagramLogin(account) ? "instagram_business_content_publish" : "instagram_content_publish";

/**
 * A post alone in its container, by format (§2.2): a Story (`STORIES`, image or video, no caption shown), a
 * Reel (`REELS`, also shown in the feed), or a feed post: an image, or a video, which Instagram publishes as a Reel.
 */
function singleParams(media: PublishMedia, request: PublishRequest): Record<string, string | undefined> {
  const format = request.options?.format ?? "feed";
  if (format === "story")
    return media.kind === "video"
      ? { media_type: "STORIES", video_url: media.url }
      : { media_type: "STORIES", image_url: media.url };
  if (format === "reel" && media.kind !== "video") throw invalid("An Instagram Reel is a video.");
  if (media.kind === "video") return { ...itemParams(media, false), share_to_feed: "true", caption: request.text };
  return { ...itemParams(media, false), caption: request.text };
}

/** A container's parameters for one item: alone (a post or a reel) or as a carousel child. */
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

export class InstagramClient implements PlatformClient {
  readonly platform = "instagram" as const;
  readonly variants: readonly string[] = ["facebook", "instagram-only"];
  readonly staging: StagingSupport;
  private readonly http: HttpClient;
  private readonly facebookLogin: FacebookLogin;
  private readonly instagramLogin: InstagramLogin;
  private readonly insights: InstagramInsights;
  /** The inbox's calls on a comment (ADR 083). */
  readonly engagement: GraphEngagement;
  /** The inbox's direct messages (ADR 092): the account's own node, or its Page's under Facebook Login. */
  readonly messaging: GraphMessaging;

  constructor(private readonly deps: ClientDeps) {
    this.http = graphHttp(deps, "instagram");
    this.engagement = new GraphEngagement(
      this.http,
      (account) => this.graph(account),
      "instagram",
      (account) => (viaInstagramLogin(account) ? "instagram_business_manage_comments" : "instagram_manage_comments"),
    );
    this.messaging = new GraphMessaging(this.http, (account) =>
      viaInstagramLogin(account)
        ? {
            node: `${this.graph(account)}/${account.platformUserId}`,
            platform: "instagram",
            permission: "instagram_business_manage_messages",
          }
        : {
            node: `${this.facebookGraph}/${String(account.metadata.pageId ?? "")}`,
            platform: "instagram",
            permission: "instagram_manage_messages",
          },
    );
    this.facebookLogin = new FacebookLogin(deps, this.http);
    this.instagramLogin = new InstagramLogin(deps, this.http);
    this.insights = new InstagramInsights(this.http, (account) => this.graph(account));
    this.staging = containerStaging("instagram", deps, {
      permission: publishPermission,
      create: (account, request) => this.createContainers(account, request),
      status: (account, id) => this.status(account, id),
      waitReady: (account, id) => this.waitFor(account, id),
      publish: (account, creationId) => this.publishContainer(account, creationId),
      findPublished: (account, since, request) => this.findPublished(account, "", since, request.text, request.options),
    });
  }

  private get facebookGraph() {
    return `${this.deps.endpoints.META_GRAPH_BASE}/${this.deps.endpoints.META_GRAPH_VERSION}`;
  }

  /** The account's Graph: graph.instagram.com for Instagram Login, graph.facebook.com for Facebook Login. */
  private graph(account: AccountCredentials) {
    if (!viaInstagramLogin(account)) return this.facebookGraph;
    return `${this.deps.endpoints.IG_GRAPH_BASE}/${this.deps.endpoints.META_GRAPH_VERSION}`;
  }

  authorizeUrl(input: {
    state: string;
    redirectUri: string;
    variant?: string;
    reconnect?: { missing: string[] };
  }): URL {
    const { state, redirectUri, variant, reconnect } = input;
    if (variant !== "instagram-only")
      return this.facebookLogin.authorizeUrl({ state, redirectUri, reconnect }, FB_LOGIN_SCOPES);
    return this.instagramLogin.authorizeUrl({ state, redirectUri });
  }

  async exchangeCode(input: { code: string; redirectUri: string; variant?: string }): Promise<TokenSet> {
    if (input.variant !== "instagram-only") return this.facebookLogin.exchangeCode(input.code, input.redirectUri);
    return this.instagramLogin.exchangeCode(input.code, input.redirectUri);
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    return this.instagramLogin.refresh(tokens);
  }

  async accounts(tokens: TokenSet, variant?: string): Promise<RemoteAccount[]> {
    if (variant === "instagram-only") return this.instagramLogin.accounts(tokens);
    const user = await this.facebookLogin.me(tokens.accessToken);
    const pages = await this.facebookLogin.pages(tokens.accessToken);
    const out: RemoteAccount[] = [];
    for (const page of pages) {
      const pageTokens = { accessToken: page.access_token, expiresAt: null, refreshToken: null };
      const ig = page.instagram_business_account ? await this.businessAccount(page, pageTokens, user.id) : null;
      if (ig) out.push(ig);
      out.push({
        platform: "facebook",
        platformUserId: page.id,
        username: page.name,
        displayName: page.name,
        profilePicture: page.picture?.data?.url ?? null,
        followerCount: page.followers_count ?? null,
        accountType: "page",
        tokens: pageTokens,
        metadata: {
          loginVariant: "facebook",
          connectionType: "standard",
          fbUserId: user.id,
          connectedTo: ig?.platformUserId ?? null,
        },
      });
    }
    return out;
  }

  /** The Instagram professional account a granted Page is linked to, published to with the Page token. */
  private async businessAccount(page: GrantedPage, tokens: TokenSet, fbUserId: string): Promise<RemoteAccount> {
    const res = await this.http.request<{
      id: string;
      username: string;
      name?: string;
      profile_picture_url?: string;
      followers_count?: number;
    }>(`${this.facebookGraph}/${page.instagram_business_account!.id}`, {
      query: { fields: "id,username,name,profile_picture_url,followers_count", access_token: page.access_token },
    });
    const ig = res.data;
    return {
      platform: "instagram",
      platformUserId: ig.id,
      username: ig.username,
      displayName: ig.name || ig.username,
      profilePicture: ig.profile_picture_url ?? null,
      followerCount: ig.followers_count ?? null,
      accountType: "business",
      tokens,
      metadata: {
        loginVariant: "facebook",
        connectionType: "standard",
        fullAccess: true,
        pageId: page.id,
        connectedTo: page.id,
        fbUserId,
        fbUsername: page.name,
        fbProfilePicture: page.picture?.data?.url ?? null,
        fbFollowerCount: page.followers_count ?? null,
      },
    };
  }

  /** A permission refusal names what publishing needs on this account. */
  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing(publishPermission(account), () => this.publishNow(account, request));
  }

  private async publishNow(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    await this.checkQuota(account);
    const creationId = await this.createContainers(account, request);
    await this.waitFor(account, creationId);
    return { remoteId: await this.publishContainer(account, creationId), permalink: null };
  }

  private async checkQuota(account: AccountCredentials) {
    const res = await this.http.answer(
      `${this.graph(account)}/${account.platformUserId}/content_publishing_limit`,
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

  /** One container per item, carousel children first (each FINISHED before the parent); returns the one to publish. */
  private async createContainers(account: AccountCredentials, request: PublishRequest): Promise<string> {
    const media = request.media;
    if (media.length === 0) throw invalid("Instagram posts need at least one image or video.");
    if (media.length > CAROUSEL_MAX) throw invalid(`Instagram carousels take at most ${CAROUSEL_MAX} items.`);
    const format = request.options?.format ?? "feed";
    if (format !== "feed" && media.length > 1)
      throw invalid(
        `An Instagram ${format === "story" ? "Story" : "Reel"} takes one ${format === "story" ? "image or video" : "video"}.`,
      );
    if (media.length === 1) return this.container(account, singleParams(media[0]!, request));
    const children: string[] = [];
    for (const item of media) children.push(await this.container(account, itemParams(item, true)));
    for (const child of children) await this.waitFor(account, child);
    return this.container(account, { media_type: "CAROUSEL", children: children.join(","), caption: request.text });
  }

  private async container(account: AccountCredentials, params: Record<string, string | undefined>): Promise<string> {
    const res = await this.http.answer(`${this.graph(account)}/${account.platformUserId}/media`, GraphAnswer.id, {
      form: { ...params, access_token: account.accessToken },
    });
    return res.data.id;
  }

  private async status(account: AccountCredentials, id: string) {
    const res = await this.http.answer(
      `${this.graph(account)}/${id}`,
      z.object({ status_code: z.string().min(1), status: z.string().optional() }),
      { query: { fields: "status_code,status", access_token: account.accessToken } },
    );
    return { status: res.data.status_code, detail: res.data.status };
  }

  private async waitFor(account: AccountCredentials, id: string) {
    await waitUntilReady(this.deps, "instagram", () => this.status(account, id), {
      intervalMs: POLL_INTERVAL_MS,
      maxPolls: POLL_MAX,
      ready: ["FINISHED"],
    });
  }

  private async publishContainer(account: AccountCredentials, creationId: string): Promise<string> {
    const published = await this.http.answer(
      `${this.graph(account)}/${account.platformUserId}/media_publish`,
      GraphAnswer.id,
      { form: { creation_id: creationId, access_token: account.accessToken }, creates: true },
    );
    return published.data.id;
  }

  async permalink(account: AccountCredentials, id: string): Promise<string | null> {
    const res = await this.http.answer(`${this.graph(account)}/${id}`, GraphAnswer.permalink, {
      query: { fields: "permalink", access_token: account.accessToken },
    });
    return res.data.permalink ?? null;
  }

  /**
   * Instagram has no field we control on a post and an invisible marker would change the caption the
   * user wrote (and count against its limit), so an unknown outcome is settled by the exact caption among
   * the account's media published since the attempt began. Identical captions in that window are
   * indistinguishable; the newest is taken, which beats posting a duplicate.
   */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
    options?: PublishOptions,
  ): Promise<PublishResult | null> {
    if (options?.format === "story") return this.findStory(account, since);
    if (text === undefined) return null;
    const res = await this.http.request<{
      data: Array<{ id: string; caption?: string; permalink?: string; timestamp?: string }>;
    }>(`${this.graph(account)}/${account.platformUserId}/media`, {
      query: { fields: "id,caption,permalink,timestamp", limit: 25, access_token: account.accessToken },
    });
    const hit = res.data.data.find(
      (m) => (m.caption ?? "") === text && parseGraphTime(m.timestamp) >= since - FIND_SKEW_MS,
    );
    return hit ? { remoteId: hit.id, permalink: hit.permalink ?? null } : null;
  }

  /**
   * A Story has no caption to match and is not on the media edge: the account's newest Story since the attempt
   * began is taken (a Story the user posts by hand in that same minute is indistinguishable; ADR 066).
   */
  private async findStory(account: AccountCredentials, since: number): Promise<PublishResult | null> {
    const res = await this.http.request<{ data: Array<{ id: string; permalink?: string; timestamp?: string }> }>(
      `${this.graph(account)}/${account.platformUserId}/stories`,
      { query: { fields: "id,permalink,timestamp", access_token: account.accessToken } },
    );
    const hit = res.data.data
      .filter((m) => parseGraphTime(m.timestamp) >= since - FIND_SKEW_MS)
      .sort((a, b) => parseGraphTime(b.timestamp) - parseGraphTime(a.timestamp))[0];
    return hit ? { remoteId: hit.id, permalink: hit.permalink ?? null } : null;
  }

  async deletePost(_account?: AccountCredentials, _remoteId?: string): Promise<void> {
    throw invalid("Instagram's API does not allow deleting posts. Delete it in the Instagram app.");
  }

  postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    return this.insights.post(account, remoteId);
  }

  accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    return this.insights.account(account);
  }

  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.http.answer(`${this.graph(account)}/${account.platformUserId}`, GraphAnswer.id, {
      query: { fields: "id", access_token: account.accessToken },
    });
  }

  /** IG Comments: POST /{ig-media-id}/comments?message=… → {id}. */
  async reply(account: AccountCredentials, remoteId: string, text: string): Promise<{ remoteId: string }> {
    const res = await needing(
      viaInstagramLogin(account) ? "instagram_business_manage_comments" : "instagram_manage_comments",
      () =>
        this.http.answer(`${this.graph(account)}/${remoteId}/comments`, GraphAnswer.id, {
          form: { message: text, access_token: account.accessToken },
        }),
    );
    return { remoteId: res.data.id };
  }

  async comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const res = await this.http.request<{
      data: Array<{ id: string; text: string; username?: string; timestamp: string }>;
    }>(`${this.graph(account)}/${remoteId}/comments`, {
      query: { fields: "id,text,username,timestamp", access_token: account.accessToken },
    });
    return res.data.data.map((c) => ({
      id: c.id,
      author: c.username ?? "",
      text: c.text,
      createdAt: new Date(parseGraphTime(c.timestamp)).toISOString(),
    }));
  }
}
