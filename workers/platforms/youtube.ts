import { OAUTH_SCOPES } from "../platform-profile";
import { GoogleOAuth } from "./google-oauth";
import { parseAnswer } from "./http";
import type { ClientDeps } from "./registry";
import {
  type AccountCredentials,
  type AccountMetrics,
  needing,
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
import { YouTubeApi } from "./youtube-api";
import { ResumableUpload, UPLOAD_CHUNK, UploadedVideo, type VideoResource } from "./youtube-upload";

export function markerTag(marker: string): string {
  return `postline-${marker}`;
}

/** A staged (private, not yet published) upload's tag: distinct, so `findPublished` never takes it for the post. */
export function stagedTag(marker: string): string {
  return `postline-staged-${marker}`;
}

/** §5.3 metadata: the title is required and ≤ 100 characters; without one the first line of the text serves. */
export function buildVideoResource(request: PublishRequest): VideoResource {
  const title = (request.title?.trim() || request.text.split("\n")[0]!.trim() || "Untitled").slice(0, 100);
  return {
    snippet: {
      title,
      description: request.text,
      tags: [...(request.options?.tags ?? []), markerTag(request.marker)],
      categoryId: "22",
    },
    status: { privacyStatus: request.options?.privacy ?? "public", selfDeclaredMadeForKids: false },
  };
}

export function watchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

export class YouTubeClient implements PlatformClient {
  readonly platform = "youtube" as const;
  private readonly api: YouTubeApi;
  private readonly uploads: ResumableUpload;
  private readonly oauth: GoogleOAuth;

  constructor(
    private readonly deps: ClientDeps,
    /** Bytes per resumable PUT; tests pass 256 KiB to exercise 308 Resume Incomplete with small files. */
    chunkSize = UPLOAD_CHUNK,
  ) {
    this.api = new YouTubeApi(deps);
    this.uploads = new ResumableUpload(this.api, chunkSize);
    this.oauth = new GoogleOAuth(deps, "youtube", OAUTH_SCOPES.youtube);
  }

  authorizeUrl(input: {
    state: string;
    redirectUri: string;
    codeVerifier?: string;
    reconnect?: { missing: string[] };
  }) {
    return this.oauth.authorizeUrl(input);
  }

  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet> {
    return this.oauth.exchangeCode(input);
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    return this.oauth.refresh(tokens);
  }

  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const channel = await this.channel(tokens.accessToken, "id,snippet,statistics,contentDetails");
    return [
      {
        platformUserId: channel.id,
        username: channel.snippet?.customUrl ?? channel.id,
        displayName: channel.snippet?.title ?? channel.id,
        profilePicture: channel.snippet?.thumbnails?.default?.url ?? null,
        followerCount: Number(channel.statistics?.subscriberCount ?? 0),
        accountType: "channel",
        metadata: { uploadsPlaylistId: channel.contentDetails?.relatedPlaylists?.uploads ?? null },
      },
    ];
  }

  /** A permission refusal names what publishing needs on this account. */
  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing("https://www.googleapis.com/auth/youtube.upload", () => this.publishNow(account, request));
  }

  private async publishNow(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    const uploaded = await this.uploads.upload(account, request, buildVideoResource(request));
    return { remoteId: uploaded.id, permalink: watchUrl(uploaded.id) };
  }

  /**
   * Staging (ADR 029): the video goes up private, tagged so the marker lookup cannot mistake it for the post;
   * at the due second one videos.update gives it the post's privacy, metadata and marker.
   */
  readonly staging: StagingSupport = {
    stage: (account, request) =>
      needing("https://www.googleapis.com/auth/youtube.upload", async () => {
        const resource = buildVideoResource(request);
        resource.snippet.tags = [...(request.options?.tags ?? []), stagedTag(request.marker)];
        resource.status.privacyStatus = "private";
        const uploaded = await this.uploads.upload(account, request, resource);
        return { remoteId: uploaded.id, ready: uploaded.status?.uploadStatus === "processed", expiresAt: null };
      }),
    check: async (account, staged) => {
      const video = await this.video(account.accessToken, staged.remoteId);
      if (!video) return null;
      const status = video.status?.uploadStatus;
      if (status === "failed" || status === "rejected")
        throw new PlatformError(
          "permanent",
          `YouTube could not process the video (${video.status?.failureReason ?? video.status?.rejectionReason ?? status}).`,
          { platform: "youtube", code: status },
        );
      return { ...staged, ready: status === "processed" };
    },
    publish: async (account, request, staged) => {
      const updated = await this.api.call(
        account.accessToken,
        "PUT",
        `${this.api.base}/youtube/v3/videos?part=snippet,status`,
        JSON.stringify({ id: staged.remoteId, ...buildVideoResource(request) }),
        { "Content-Type": "application/json; charset=UTF-8" },
        true,
      );
      const { id } = parseAnswer("youtube", UploadedVideo, updated.data, true);
      return { remoteId: id, permalink: watchUrl(id) };
    },
    find: async (account, request, staged) => {
      const video = await this.video(account.accessToken, staged.remoteId);
      const wanted = buildVideoResource(request).status.privacyStatus;
      const done = video?.status?.privacyStatus === wanted && video.snippet?.tags?.includes(markerTag(request.marker));
      return done ? { remoteId: staged.remoteId, permalink: watchUrl(staged.remoteId) } : null;
    },
    discard: async (account, staged) => {
      try {
        await this.deletePost(account, staged.remoteId);
      } catch (err) {
        if (!(err instanceof PlatformError && err.details.status === 404)) throw err;
      }
    },
  };

  private async video(token: string, id: string) {
    const res = await this.api.json<{
      items?: {
        id: string;
        snippet?: { tags?: string[] };
        status?: { uploadStatus?: string; privacyStatus?: string; failureReason?: string; rejectionReason?: string };
      }[];
    }>(token, `${this.api.base}/youtube/v3/videos?part=snippet,status&id=${encodeURIComponent(id)}`);
    return res.items?.[0] ?? null;
  }

  async findPublished(account: AccountCredentials, marker: string, since: number): Promise<PublishResult | null> {
    const uploads =
      (account.metadata.uploadsPlaylistId as string | undefined) ??
      (await this.channel(account.accessToken, "contentDetails")).contentDetails?.relatedPlaylists?.uploads;
    if (!uploads) return null;
    const items = await this.api.json<{
      items?: { snippet?: { publishedAt?: string }; contentDetails?: { videoId: string } }[];
    }>(
      account.accessToken,
      `${this.api.base}/youtube/v3/playlistItems?part=snippet,contentDetails&playlistId=${encodeURIComponent(uploads)}&maxResults=50`,
    );
    const ids = (items.items ?? [])
      .filter((i) => Date.parse(i.snippet?.publishedAt ?? "") >= since - 60_000)
      .map((i) => i.contentDetails?.videoId)
      .filter(Boolean);
    if (ids.length === 0) return null;
    const videos = await this.api.json<{ items?: { id: string; snippet?: { tags?: string[] } }[] }>(
      account.accessToken,
      `${this.api.base}/youtube/v3/videos?part=snippet&id=${ids.join(",")}`,
    );
    const hit = videos.items?.find((v) => v.snippet?.tags?.includes(markerTag(marker)));
    return hit ? { remoteId: hit.id, permalink: watchUrl(hit.id) } : null;
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.api.call(
      account.accessToken,
      "DELETE",
      `${this.api.base}/youtube/v3/videos?id=${encodeURIComponent(remoteId)}`,
    );
  }

  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const res = await this.api.json<{
      items?: { snippet?: { publishedAt?: string }; statistics?: Record<string, string> }[];
    }>(
      account.accessToken,
      `${this.api.base}/youtube/v3/videos?part=snippet,statistics&id=${encodeURIComponent(remoteId)}`,
    );
    const video = res.items?.[0];
    if (!video)
      throw new PlatformError("permanent", "The video no longer exists on YouTube.", {
        platform: "youtube",
        status: 404,
      });
    const stats = video.statistics ?? {};
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const report = await this.api.json<{ rows?: number[][] }>(
      account.accessToken,
      `${this.deps.endpoints.YT_ANALYTICS_BASE}/v2/reports?ids=channel==MINE&startDate=${day(Date.parse(video.snippet?.publishedAt ?? "") || this.deps.now())}` +
        `&endDate=${day(this.deps.now())}&metrics=shares&filters=video==${encodeURIComponent(remoteId)}`,
    );
    const views = Number(stats.viewCount ?? 0);
    return {
      impressions: views,
      reach: views,
      likes: Number(stats.likeCount ?? 0),
      comments: Number(stats.commentCount ?? 0),
      shares: Number(report.rows?.[0]?.[0] ?? 0),
      saves: Number(stats.favoriteCount ?? 0),
      clicks: 0,
      videoViews: views,
    };
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    const channel = await this.channel(account.accessToken, "statistics");
    return { followers: Number(channel.statistics?.subscriberCount ?? 0) };
  }

  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.channel(account.accessToken, "id");
  }

  async comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const res = await this.api.json<{
      items?: {
        id: string;
        snippet: {
          topLevelComment: {
            snippet: { authorDisplayName: string; textOriginal?: string; textDisplay?: string; publishedAt: string };
          };
        };
      }[];
    }>(
      account.accessToken,
      `${this.api.base}/youtube/v3/commentThreads?part=snippet&videoId=${encodeURIComponent(remoteId)}&maxResults=50`,
    );
    return (res.items ?? []).map((t) => {
      const c = t.snippet.topLevelComment.snippet;
      return {
        id: t.id,
        author: c.authorDisplayName,
        text: c.textOriginal ?? c.textDisplay ?? "",
        createdAt: c.publishedAt,
      };
    });
  }

  /**
   * The channel owner's moderation of someone's comment (`comments.setModerationStatus`, youtube.force-ssl):
   * `heldForReview` hides it, `published` shows it again, `rejected` removes it for good. `comments.delete` is
   * only for the account's own comments, so it is not how the inbox deletes.
   */
  async moderate(
    account: AccountCredentials,
    commentId: string,
    status: "heldForReview" | "published" | "rejected",
  ): Promise<void> {
    const query = new URLSearchParams({ id: commentId, moderationStatus: status });
    await this.api.call(
      account.accessToken,
      "POST",
      `${this.api.base}/youtube/v3/comments/setModerationStatus?${query}`,
    );
  }

  private async channel(token: string, part: string) {
    const res = await this.api.json<{
      items?: {
        id: string;
        snippet?: { title?: string; customUrl?: string; thumbnails?: { default?: { url?: string } } };
        statistics?: { subscriberCount?: string };
        contentDetails?: { relatedPlaylists?: { uploads?: string } };
      }[];
    }>(token, `${this.api.base}/youtube/v3/channels?part=${part}&mine=true`);
    const channel = res.items?.[0];
    if (!channel)
      throw new PlatformError("permanent", "This Google account has no YouTube channel.", { platform: "youtube" });
    return channel;
  }
}
