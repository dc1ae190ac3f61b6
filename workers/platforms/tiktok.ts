import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import { type ClientDeps, credentialsFor } from "./registry";
import { TikTokApi } from "./tiktok-api";
import { TikTokPublisher, videoUrl } from "./tiktok-publish";
import { forDeployment, type TikTokCreator, tiktokSettingProblems } from "./tiktok-settings";
import {
  type AccountCredentials,
  type AccountMetrics,
  type PlatformClient,
  PlatformError,
  type PostMetrics,
  type PublishRequest,
  type PublishResult,
  type RemoteAccount,
  type RemoteComment,
  type StagingSupport,
  type TokenSet,
} from "./types";

/**
 * TikTok (PLATFORMS.md §11.3): Login Kit OAuth v2 with PKCE, the Content Posting API's Direct Post (video by
 * FILE_UPLOAD chunks, photos by PULL_FROM_URL) after creator_info, and the Display API's counts. A post is made in
 * steps: init answers a `publish_id` that is recorded before the upload, so a retry resumes that publish (ADR 064).
 */

const USER_FIELDS = "open_id,union_id,avatar_url,display_name,username,follower_count,video_count";
const VIDEO_FIELDS = "id,title,video_description,create_time,share_url,view_count,like_count,comment_count,share_count";

const User = z.object({
  user: z.object({
    open_id: z.string().min(1),
    display_name: z.string().default(""),
    username: z.string().optional(),
    avatar_url: z.string().optional(),
    follower_count: z.number().optional(),
  }),
});

const Creator = z.object({
  creator_username: z.string(),
  creator_nickname: z.string().default(""),
  privacy_level_options: z.array(z.string()),
  comment_disabled: z.boolean(),
  duet_disabled: z.boolean(),
  stitch_disabled: z.boolean(),
  max_video_post_duration_sec: z.number(),
});

export const Video = z.object({
  id: z.string(),
  title: z.string().optional(),
  video_description: z.string().optional(),
  create_time: z.number().optional(),
  share_url: z.string().optional(),
  view_count: z.number().optional(),
  like_count: z.number().optional(),
  comment_count: z.number().optional(),
  share_count: z.number().optional(),
});
const Videos = z.object({ videos: z.array(Video), cursor: z.number().optional(), has_more: z.boolean().optional() });

/** How long after a claim a public post may still be in processing and review, so not yet listed (ADR 095). */
const REVIEW_WINDOW_MS = 15 * 60_000;

/** Login Kit's PKCE challenge for web and desktop: the SHA-256 of the verifier, hex-encoded (not base64url). */
export const hexChallenge = (verifier: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(verifier)));

export class TikTokClient implements PlatformClient {
  readonly platform = "tiktok" as const;
  private readonly api: TikTokApi;
  private readonly publisher: TikTokPublisher;
  readonly staging: StagingSupport;

  constructor(private readonly deps: ClientDeps) {
    this.api = new TikTokApi(deps);
    this.publisher = new TikTokPublisher(this.api, deps, (account, request) => this.publish(account, request));
    this.staging = this.publisher.resumption;
  }

  private get credentials() {
    return credentialsFor(this.deps, "tiktok");
  }

  authorizeUrl(input: { state: string; redirectUri: string; codeVerifier?: string }): URL {
    if (!input.codeVerifier) throw new TypeError("TikTok sign-in needs a PKCE code verifier");
    const url = new URL(`${this.deps.endpoints.TIKTOK_AUTHORIZE_BASE}/v2/auth/authorize/`);
    url.search = new URLSearchParams({
      client_key: this.credentials.clientId,
      scope: OAUTH_SCOPES.tiktok.join(","),
      response_type: "code",
      redirect_uri: input.redirectUri,
      state: input.state,
      code_challenge: hexChallenge(input.codeVerifier),
      code_challenge_method: "S256",
    }).toString();
    return url;
  }

  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet> {
    if (!input.codeVerifier) throw new TypeError("TikTok sign-in needs the PKCE code verifier");
    return this.api.token(
      {
        code: input.code,
        grant_type: "authorization_code",
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      },
      this.credentials,
    );
  }

  /** The refresh token may rotate: the answer's pair replaces the stored one, lifetimes as TikTok gives them. */
  refresh(tokens: TokenSet): Promise<TokenSet> {
    if (!tokens.refreshToken)
      throw new PlatformError("auth", "TikTok granted no refresh token; reconnect the account.", {
        platform: "tiktok",
      });
    return this.api.token({ grant_type: "refresh_token", refresh_token: tokens.refreshToken }, this.credentials);
  }

  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const { user } = await this.user(tokens.accessToken);
    const creator = await this.creator(tokens.accessToken);
    return [
      {
        platformUserId: user.open_id,
        username: user.username ?? creator.username,
        displayName: user.display_name || creator.nickname,
        profilePicture: user.avatar_url ?? null,
        followerCount: user.follower_count ?? 0,
        accountType: "creator",
        metadata: { username: user.username ?? creator.username, creator },
      },
    ];
  }

  /** The creator's options change in the TikTok app: the daily check re-reads them onto the account. */
  async accountFacts(account: AccountCredentials): Promise<Record<string, unknown>> {
    return { creator: await this.creator(account.accessToken) };
  }

  /**
   * creator_info/query (20 per minute): what this creator may post now, read before every post as TikTok requires,
   * narrowed to "Only me" while this server's app is unaudited (so the composer offers nothing TikTok would refuse).
   */
  async creator(token: string): Promise<TikTokCreator> {
    const c = await this.api.call(token, "/v2/post/publish/creator_info/query/", Creator);
    return forDeployment(this.creatorFacts(c), this.deps.tiktok);
  }

  private creatorFacts(c: z.output<typeof Creator>): TikTokCreator {
    return {
      username: c.creator_username,
      nickname: c.creator_nickname,
      privacyLevelOptions: c.privacy_level_options,
      commentDisabled: c.comment_disabled,
      duetDisabled: c.duet_disabled,
      stitchDisabled: c.stitch_disabled,
      maxVideoPostDurationSec: c.max_video_post_duration_sec,
    };
  }

  async publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    const creator = await this.creator(account.accessToken);
    const video = request.media.find((m) => m.kind === "video");
    const problems = tiktokSettingProblems(request.options ?? {}, creator, video ? (video.durationSec ?? 0) : null);
    if (problems.length) throw new PlatformError("permanent", problems.join(". "), { platform: "tiktok" });
    return this.publisher.publish(account, request, creator);
  }

  async permalink(account: AccountCredentials, remoteId: string): Promise<string | null> {
    const username = String(account.metadata.username ?? "");
    if (!username) return null;
    if (/^\d+$/.test(remoteId)) return videoUrl(username, remoteId);
    const postId = await this.publisher.publicPostId(account.accessToken, remoteId);
    return postId ? videoUrl(username, postId) : null;
  }

  /**
   * A post whose init answer was lost has no publish_id to ask about: the account's videos since then are matched
   * on the exact caption instead (Display API video.list). That list shows only public posts once TikTok has
   * processed and reviewed them, so a missing post is no answer while that may still be under way, and a private
   * post can never be found: both are said rather than answered "not there", which would send it again.
   */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
    options?: PublishRequest["options"],
  ): Promise<PublishResult | null> {
    if (options?.tiktokPrivacy === "SELF_ONLY")
      throw new PlatformError(
        "permanent",
        "TikTok does not list private posts to apps: check the TikTok app for this post before retrying.",
        { platform: "tiktok" },
      );
    const found = await this.listed(account, since, text);
    if (found || this.deps.now() - since > REVIEW_WINDOW_MS) return found;
    throw new PlatformError("retryable", "TikTok may still be processing this post; Postline looks again shortly.", {
      platform: "tiktok",
      retryAfterMs: 60_000,
    });
  }

  private async listed(account: AccountCredentials, since: number, text?: string): Promise<PublishResult | null> {
    const { videos } = await this.api.call(account.accessToken, "/v2/video/list/", Videos, {
      query: { fields: VIDEO_FIELDS },
      json: { max_count: 20 },
    });
    const found = videos.find(
      (v) =>
        (v.create_time ?? 0) * 1000 >= since &&
        text !== undefined &&
        (v.title === text || v.video_description === text),
    );
    if (!found) return null;
    const username = String(account.metadata.username ?? "");
    return { remoteId: found.id, permalink: found.share_url ?? (username ? videoUrl(username, found.id) : null) };
  }

  async deletePost(): Promise<void> {
    throw new PlatformError("permanent", "TikTok's API cannot delete a post: delete it in the TikTok app.", {
      platform: "tiktok",
    });
  }

  /** Display API video/query: views, likes, comments and shares of a published video (a private one has none). */
  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const empty = { impressions: 0, reach: 0, likes: 0, comments: 0, shares: 0, saves: 0, clicks: 0, videoViews: 0 };
    if (!/^\d+$/.test(remoteId)) return empty;
    const { videos } = await this.api.call(account.accessToken, "/v2/video/query/", Videos, {
      query: { fields: VIDEO_FIELDS },
      json: { filters: { video_ids: [remoteId] } },
    });
    const v = videos[0];
    if (!v) return empty;
    const views = v.view_count ?? 0;
    return {
      ...empty,
      impressions: views,
      videoViews: views,
      likes: v.like_count ?? 0,
      comments: v.comment_count ?? 0,
      shares: v.share_count ?? 0,
    };
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    const { user } = await this.user(account.accessToken);
    return { followers: user.follower_count ?? 0 };
  }

  /** The Display API has no comment reads. */
  async comments(): Promise<RemoteComment[]> {
    return [];
  }

  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.user(account.accessToken);
  }

  private user(token: string) {
    return this.api.call(token, "/v2/user/info/", User, { method: "GET", query: { fields: USER_FIELDS } });
  }
}
