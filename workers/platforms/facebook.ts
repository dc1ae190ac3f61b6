import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import { FacebookFormats, isFormatHandle } from "./facebook-formats";
import { FacebookLogin } from "./facebook-login";
import type { HttpClient } from "./http";
import { GraphAnswer, graphHttp, metricCount, parseGraphTime, sharesOf } from "./meta";
import { GraphEngagement } from "./meta-engagement";
import { GraphMessaging, messengerTarget } from "./meta-messaging";
import type { ClientDeps } from "./registry";
import {
  type AccountCredentials,
  type AccountMetrics,
  needing,
  type PlatformClient,
  PlatformError,
  type PostMetrics,
  type PublishOptions,
  type PublishRequest,
  type PublishResult,
  type RemoteAccount,
  type RemoteComment,
  type StagingSupport,
  type TokenSet,
} from "./types";

/**
 * Facebook Pages (PLATFORMS.md §3). Connect is Facebook Login; each Page publishes with its own Page token
 * (which does not expire). Text → /feed; one photo → /photos; several → unpublished photos attached to a
 * /feed post; one video → /videos with file_url.
 */
const FIND_SKEW_MS = 5 * 60_000;
/** What publishing on a Page needs; a refusal names it. */
const PUBLISH_PERMISSION = "pages_manage_posts";
/** A staged handle of unpublished photos (ADR 033) is their ids after this prefix; a staged video is its own id. */
const PHOTOS = "photos:";
const VideoState = z.object({
  published: z.boolean().optional(),
  status: z.object({ video_status: z.string() }).optional(),
});

/** One video, or photos: what a post may carry. */
function mediaOf(request: PublishRequest) {
  const videos = request.media.filter((m) => m.kind === "video");
  const images = request.media.filter((m) => m.kind === "image");
  if (videos.length > 1 || (videos.length === 1 && images.length > 0))
    throw new PlatformError("permanent", "A Facebook post takes one video, or photos, not both.", {
      platform: "facebook",
    });
  return { video: videos[0] ?? null, images };
}

/** A Reel or a Story rather than a feed post (ADR 066). */
const isFormat = (request: PublishRequest) => request.options?.format === "reel" || request.options?.format === "story";

const stagedPhotos = (remoteId: string) => remoteId.slice(PHOTOS.length).split(",");

export class FacebookClient implements PlatformClient {
  readonly platform = "facebook" as const;
  private readonly http: HttpClient;
  private readonly login: FacebookLogin;
  /** Reels and Stories (ADR 066). */
  private readonly formats: FacebookFormats;
  /** The inbox's calls on a comment (ADR 083). */
  readonly engagement: GraphEngagement;
  readonly messaging: GraphMessaging;

  constructor(private readonly deps: ClientDeps) {
    this.http = graphHttp(deps, "facebook");
    this.login = new FacebookLogin(deps, this.http);
    this.formats = new FacebookFormats(deps, this.http);
    this.engagement = new GraphEngagement(
      this.http,
      () => this.graph,
      "facebook",
      () => "pages_manage_engagement",
    );
    this.messaging = new GraphMessaging(this.http, (account) => messengerTarget(this.graph, account));
  }

  private get graph() {
    return `${this.deps.endpoints.META_GRAPH_BASE}/${this.deps.endpoints.META_GRAPH_VERSION}`;
  }

  authorizeUrl(input: { state: string; redirectUri: string; reconnect?: { missing: string[] } }): URL {
    return this.login.authorizeUrl(input, OAUTH_SCOPES.facebook);
  }

  exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenSet> {
    return this.login.exchangeCode(input.code, input.redirectUri);
  }

  async refresh(): Promise<TokenSet> {
    return this.login.refreshUnsupported("facebook");
  }

  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const user = await this.login.me(tokens.accessToken);
    const pages = await this.login.pages(tokens.accessToken);
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
  }

  /** A permission refusal names what publishing needs on a Page. */
  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing(PUBLISH_PERMISSION, () => this.publishNow(account, request));
  }

  private async publishNow(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    if (isFormat(request)) {
      const staged = await this.formats.stage(account, request);
      return this.formats.publish(account, request, staged);
    }
    const { video, images } = mediaOf(request);
    if (video) {
      const res = await this.http.answer(`${this.graph}/${account.platformUserId}/videos`, GraphAnswer.id, {
        form: {
          file_url: video.url,
          description: request.text,
          title: request.title ?? undefined,
          access_token: account.accessToken,
        },
        creates: true,
      });
      return { remoteId: res.data.id, permalink: null };
    }
    if (images.length === 1) {
      const res = await this.http.answer(`${this.graph}/${account.platformUserId}/photos`, GraphAnswer.photo, {
        form: { url: images[0]!.url, caption: request.text, access_token: account.accessToken },
        creates: true,
      });
      return { remoteId: res.data.post_id ?? res.data.id, permalink: null };
    }
    return this.feedPost(account, request.text, await this.unpublishedPhotos(account, images));
  }

  /** Unpublished photos: kept off the Page until a post attaches them. */
  private async unpublishedPhotos(account: AccountCredentials, images: PublishRequest["media"]) {
    const ids: string[] = [];
    for (const image of images) {
      const res = await this.http.answer(`${this.graph}/${account.platformUserId}/photos`, GraphAnswer.id, {
        form: { url: image.url, published: "false", access_token: account.accessToken },
      });
      ids.push(res.data.id);
    }
    return ids;
  }

  /** The post with `message` and the photos attached: the call that publishes. */
  private async feedPost(account: AccountCredentials, message: string, photoIds: string[]): Promise<PublishResult> {
    const res = await this.http.answer(`${this.graph}/${account.platformUserId}/feed`, GraphAnswer.id, {
      form: {
        message,
        attached_media: photoIds.length ? JSON.stringify(photoIds.map((id) => ({ media_fbid: id }))) : undefined,
        access_token: account.accessToken,
      },
      creates: true,
    });
    return { remoteId: res.data.id, permalink: null };
  }

  /**
   * Staging (ADR 033): a video goes up unpublished and is published at the due second by setting
   * `published` on it; photos go up unpublished and a feed post attaches them at the due second.
   */
  readonly staging: StagingSupport = {
    stage: (account, request) =>
      needing(PUBLISH_PERMISSION, async () => {
        if (isFormat(request)) return this.formats.stage(account, request);
        const { video, images } = mediaOf(request);
        if (!video)
          return {
            remoteId: PHOTOS + (await this.unpublishedPhotos(account, images)).join(","),
            ready: true,
            expiresAt: null,
          };
        const res = await this.http.answer(`${this.graph}/${account.platformUserId}/videos`, GraphAnswer.id, {
          form: {
            file_url: video.url,
            description: request.text,
            title: request.title ?? undefined,
            published: "false",
            access_token: account.accessToken,
          },
        });
        return { remoteId: res.data.id, ready: false, expiresAt: null };
      }),
    check: async (account, staged) => {
      if (isFormatHandle(staged.remoteId)) return this.formats.check(account, staged);
      const res = await this.http.answer(`${this.graph}/${staged.remoteId}`, VideoState, {
        query: { fields: "status", access_token: account.accessToken },
      });
      const status = res.data.status?.video_status;
      if (status === "error")
        throw new PlatformError("permanent", "Facebook could not process the video.", {
          platform: "facebook",
          code: status,
        });
      return { ...staged, ready: status === "ready" };
    },
    publish: (account, request, staged) =>
      needing(PUBLISH_PERMISSION, async () => {
        if (isFormatHandle(staged.remoteId)) return this.formats.publish(account, request, staged);
        if (staged.remoteId.startsWith(PHOTOS))
          return this.feedPost(account, request.text, stagedPhotos(staged.remoteId));
        // Setting a state, so a resent call cannot publish the video twice.
        await this.http.request(`${this.graph}/${staged.remoteId}`, {
          form: {
            published: "true",
            description: request.text,
            name: request.title ?? undefined,
            access_token: account.accessToken,
          },
          creates: true,
        });
        return { remoteId: staged.remoteId, permalink: null };
      }),
    find: async (account, _request, staged) => {
      if (isFormatHandle(staged.remoteId)) return this.formats.find(account, staged);
      if (staged.remoteId.startsWith(PHOTOS)) {
        const first = stagedPhotos(staged.remoteId)[0]!;
        const story = (await this.read(account, first, "page_story_id")).data.page_story_id;
        return typeof story === "string" ? { remoteId: story, permalink: null } : null;
      }
      const video = await this.http.answer(`${this.graph}/${staged.remoteId}`, VideoState, {
        query: { fields: "published", access_token: account.accessToken },
      });
      return video.data.published ? { remoteId: staged.remoteId, permalink: null } : null;
    },
    // A photo a published post carries stays (the post would lose it); any other staged node is deleted.
    discard: async (account, staged) => {
      if (isFormatHandle(staged.remoteId)) return this.formats.discard(account, staged);
      if (!staged.remoteId.startsWith(PHOTOS)) return this.remove(account, staged.remoteId);
      for (const id of stagedPhotos(staged.remoteId)) {
        const story = await this.read(account, id, "page_story_id").catch((e) => {
          if (e instanceof PlatformError && e.details.code === 100) return null;
          throw e;
        });
        if (story && typeof story.data.page_story_id !== "string") await this.remove(account, id);
      }
    },
  };

  private read(account: AccountCredentials, id: string, fields: string) {
    return this.http.request<Record<string, unknown>>(`${this.graph}/${id}`, {
      query: { fields, access_token: account.accessToken },
    });
  }

  /** Deletes a node; one already gone (Graph's #100 "does not exist") is fine. */
  private async remove(account: AccountCredentials, id: string) {
    try {
      await this.http.request(`${this.graph}/${id}`, {
        method: "DELETE",
        query: { access_token: account.accessToken },
      });
    } catch (e) {
      if (!(e instanceof PlatformError && (e.details.code === 100 || e.details.status === 404))) throw e;
    }
  }

  async permalink(account: AccountCredentials, id: string): Promise<string | null> {
    const res = await this.http.answer(`${this.graph}/${id}`, GraphAnswer.permalinkUrl, {
      query: { fields: "permalink_url", access_token: account.accessToken },
    });
    const url = res.data.permalink_url ?? null;
    return url?.startsWith("/") ? `https://www.facebook.com${url}` : url;
  }

  /** Same rule as Instagram: Pages posts carry no field of ours, so the exact message in the window decides. */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
    options?: PublishOptions,
  ): Promise<PublishResult | null> {
    const format = options?.format;
    if (format === "reel" || format === "story") return this.formats.findPublished(account, since, { text, format });
    if (text === undefined) return null;
    const res = await this.http.request<{
      data: Array<{ id: string; message?: string; created_time?: string; permalink_url?: string }>;
    }>(`${this.graph}/${account.platformUserId}/posts`, {
      query: { fields: "id,message,created_time,permalink_url", limit: 25, access_token: account.accessToken },
    });
    const hit = res.data.data.find(
      (p) => (p.message ?? "") === text && parseGraphTime(p.created_time) >= since - FIND_SKEW_MS,
    );
    return hit ? { remoteId: hit.id, permalink: hit.permalink_url ?? null } : null;
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.http.request(`${this.graph}/${remoteId}`, {
      method: "DELETE",
      query: { access_token: account.accessToken },
    });
  }

  async postMetrics(account: AccountCredentials, remoteId: string, options?: PublishOptions): Promise<PostMetrics> {
    // A Reel is a video (the Video API's video_insights); a Story has metrics of its own (ADR 095).
    if (options?.format === "reel") return this.formats.reelMetrics(account, remoteId);
    if (options?.format === "story") return this.formats.storyMetrics(account, remoteId);
    const ins = await this.http.request<{ data: Array<{ name: string; values?: Array<{ value: unknown }> }> }>(
      `${this.graph}/${remoteId}/insights`,
      {
        query: {
          metric: "post_total_media_view_unique,post_media_view,post_reactions_by_type_total,post_clicks",
          access_token: account.accessToken,
        },
      },
    );
    const metric = (name: string) => metricCount(ins.data.data.find((d) => d.name === name)?.values?.[0]?.value);
    const post = await this.http.request<{
      shares?: { count: number };
      comments?: { summary?: { total_count: number } };
    }>(`${this.graph}/${remoteId}`, {
      query: { fields: "shares,comments.limit(0).summary(true)", access_token: account.accessToken },
    });
    return {
      impressions: metric("post_media_view"),
      reach: metric("post_total_media_view_unique"),
      likes: metric("post_reactions_by_type_total"),
      comments: post.data.comments?.summary?.total_count ?? 0,
      shares: post.data.shares?.count ?? 0,
      saves: 0,
      clicks: metric("post_clicks"),
      videoViews: 0,
    };
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    const res = await this.http.request<{ followers_count?: number; fan_count?: number }>(
      `${this.graph}/${account.platformUserId}`,
      { query: { fields: "followers_count,fan_count", access_token: account.accessToken } },
    );
    // Pages give follower locations only (age/gender breakdowns were retired with page_fans*, §3).
    const countries = await this.http.request<{ data: Array<{ values?: Array<{ value: Record<string, number> }> }> }>(
      `${this.graph}/${account.platformUserId}/insights`,
      { query: { metric: "page_follows_country", period: "lifetime", access_token: account.accessToken } },
    );
    const locations = sharesOf(countries.data.data[0]?.values?.[0]?.value ?? {}).map((c) => ({
      country: c.key,
      percentage: c.percentage,
    }));
    return {
      followers: res.data.followers_count ?? res.data.fan_count ?? 0,
      audience: { age: [], gender: [], locations, activeHours: [] },
    };
  }

  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.http.answer(`${this.graph}/${account.platformUserId}`, GraphAnswer.id, {
      query: { fields: "id", access_token: account.accessToken },
    });
  }

  /** A comment on the Page post, as the Page: POST /{post-id}/comments message=… → {id}. */
  async reply(account: AccountCredentials, remoteId: string, text: string): Promise<{ remoteId: string }> {
    const res = await needing("pages_manage_engagement", () =>
      this.http.answer(`${this.graph}/${remoteId}/comments`, GraphAnswer.id, {
        form: { message: text, access_token: account.accessToken },
      }),
    );
    return { remoteId: res.data.id };
  }

  async comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const res = await this.http.request<{
      data: Array<{ id: string; message: string; from?: { name?: string }; created_time: string }>;
    }>(`${this.graph}/${remoteId}/comments`, {
      query: { fields: "id,message,from,created_time", access_token: account.accessToken },
    });
    return res.data.data.map((c) => ({
      id: c.id,
      author: c.from?.name ?? "",
      text: c.message,
      createdAt: new Date(parseGraphTime(c.created_time)).toISOString(),
    }));
  }
}
