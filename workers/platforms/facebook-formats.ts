import { z } from "zod";
import type { HttpClient } from "./http";
import { metricCount, parseGraphTime, waitUntilReady } from "./meta";
import type { ClientDeps } from "./registry";
import {
  type AccountCredentials,
  PlatformError,
  type PostMetrics,
  type PublishRequest,
  type PublishResult,
  type StagedMedia,
} from "./types";

/**
 * Facebook Page Reels and Stories (Video API's Reels Publishing guide and Page Stories, PLATFORMS.md §3): an upload
 * session is started on `/{page-id}/video_reels` (or `/video_stories`), Meta pulls the file from our signed link
 * (`file_url` on rupload.facebook.com), and `upload_phase=finish` publishes. A photo Story publishes an unpublished
 * Page photo by `photo_id`. Everything before the finish is staging (ADR 029): only the finish can double a post.
 */
const POLL_INTERVAL_MS = 5_000;
const POLL_MAX = 12;
const FIND_SKEW_MS = 5 * 60_000;
/** Staged handles: the session's video id, or the unpublished photo's id, after its kind. */
const PREFIX = { reel: "reel:", story: "story:", photoStory: "photostory:" } as const;

const Start = z.object({ video_id: z.string().min(1), upload_url: z.string().optional() });
const Finish = z.object({ success: z.boolean(), post_id: z.string().optional() });
const Status = z.object({
  status: z
    .object({
      video_status: z.string(),
      publishing_phase: z.object({ status: z.string() }).optional(),
      processing_phase: z
        .object({ status: z.string(), errors: z.array(z.object({ message: z.string() })).optional() })
        .optional(),
    })
    .optional(),
  post_id: z.string().optional(),
});

/** The Reels metrics of the Video API's video_insights (Reels Publishing guide, "Insights"). */
const REEL_METRICS = [
  "blue_reels_play_count",
  "post_impressions_unique",
  "post_video_likes_by_reaction_type",
  "post_video_social_actions",
];
/** A Page Story's insights (Stories insights; the names Graph v25 gave its views and reach). */
const STORY_METRICS = [
  "story_media_view",
  "story_total_media_view_unique",
  "pages_fb_story_replies",
  "pages_fb_story_shares",
  "pages_fb_story_thread_lightweight_reactions",
];
const Insights = z.object({
  data: z.array(z.object({ name: z.string(), values: z.array(z.object({ value: z.unknown() })).optional() })),
});

const invalid = (message: string) => new PlatformError("permanent", message, { platform: "facebook" });

/** True when `remoteId` is a staged Reel or Story (the client's other staged handles are photos and videos). */
export const isFormatHandle = (remoteId: string) => Object.values(PREFIX).some((p) => remoteId.startsWith(p));

export class FacebookFormats {
  constructor(
    private readonly deps: ClientDeps,
    private readonly http: HttpClient,
  ) {}

  private get graph() {
    return `${this.deps.endpoints.META_GRAPH_BASE}/${this.deps.endpoints.META_GRAPH_VERSION}`;
  }

  /** The one item a Reel (a video) or a Story (an image or a video) carries. */
  private item(request: PublishRequest) {
    const format = request.options?.format;
    const label = format === "reel" ? "Reel" : "Story";
    if (request.media.length !== 1)
      throw invalid(`A Facebook ${label} takes ${format === "reel" ? "one video" : "one image or video"}.`);
    const item = request.media[0]!;
    if (format === "reel" && item.kind !== "video") throw invalid("A Facebook Reel is a video.");
    return item;
  }

  /** Starts the session and has Meta pull the file; a photo Story's photo goes up unpublished. */
  async stage(account: AccountCredentials, request: PublishRequest): Promise<StagedMedia> {
    const item = this.item(request);
    const page = account.platformUserId;
    if (item.kind === "image") {
      const res = await this.http.answer(`${this.graph}/${page}/photos`, z.object({ id: z.string() }), {
        form: { url: item.url, published: "false", access_token: account.accessToken },
      });
      return { remoteId: PREFIX.photoStory + res.data.id, ready: true, expiresAt: null };
    }
    const reel = request.options?.format === "reel";
    const edge = reel ? "video_reels" : "video_stories";
    const start = await this.http.answer(`${this.graph}/${page}/${edge}`, Start, {
      form: { upload_phase: "start", access_token: account.accessToken },
    });
    const videoId = start.data.video_id;
    const { META_RUPLOAD_BASE, META_GRAPH_VERSION } = this.deps.endpoints;
    await this.http.request(`${META_RUPLOAD_BASE}/video-upload/${META_GRAPH_VERSION}/${videoId}`, {
      method: "POST",
      headers: { Authorization: `OAuth ${account.accessToken}`, file_url: item.url },
    });
    return { remoteId: (reel ? PREFIX.reel : PREFIX.story) + videoId, ready: false, expiresAt: null };
  }

  private async status(account: AccountCredentials, videoId: string) {
    const res = await this.http.answer(`${this.graph}/${videoId}`, Status, {
      query: { fields: "status,post_id", access_token: account.accessToken },
    });
    const s = res.data.status;
    const detail = s?.processing_phase?.errors?.[0]?.message;
    return {
      status: s?.video_status === "error" ? "ERROR" : (s?.video_status ?? "processing"),
      detail,
      published: s?.publishing_phase?.status === "complete",
      postId: res.data.post_id,
    };
  }

  async check(account: AccountCredentials, staged: StagedMedia): Promise<StagedMedia> {
    if (staged.remoteId.startsWith(PREFIX.photoStory)) return staged;
    const { status, detail } = await this.status(account, videoIdOf(staged.remoteId));
    if (status === "ERROR") throw invalid(`Facebook could not process the video (${detail ?? "error"}).`);
    return { ...staged, ready: status === "ready" };
  }

  /** The finish call: the one whose lost answer is an unknown outcome. */
  async publish(account: AccountCredentials, request: PublishRequest, staged: StagedMedia): Promise<PublishResult> {
    const page = account.platformUserId;
    if (staged.remoteId.startsWith(PREFIX.photoStory)) {
      const res = await this.http.answer(`${this.graph}/${page}/photo_stories`, Finish, {
        form: { photo_id: staged.remoteId.slice(PREFIX.photoStory.length), access_token: account.accessToken },
        creates: true,
      });
      return { remoteId: res.data.post_id ?? staged.remoteId, permalink: null };
    }
    const videoId = videoIdOf(staged.remoteId);
    if (!staged.ready)
      await waitUntilReady(this.deps, "facebook", () => this.status(account, videoId), {
        intervalMs: POLL_INTERVAL_MS,
        maxPolls: POLL_MAX,
        ready: ["ready"],
      });
    const reel = staged.remoteId.startsWith(PREFIX.reel);
    const res = await this.http.answer(`${this.graph}/${page}/${reel ? "video_reels" : "video_stories"}`, Finish, {
      form: {
        upload_phase: "finish",
        video_id: videoId,
        video_state: reel ? "PUBLISHED" : undefined,
        description: reel ? request.text : undefined,
        access_token: account.accessToken,
      },
      creates: true,
    });
    // A Reel is its video id; a Story answers the post it made.
    return { remoteId: reel ? videoId : (res.data.post_id ?? videoId), permalink: null };
  }

  /** A staged Reel or Story is out when its session says published, or the Page's stories hold its photo. */
  async find(account: AccountCredentials, staged: StagedMedia): Promise<PublishResult | null> {
    if (staged.remoteId.startsWith(PREFIX.photoStory)) {
      const mediaId = staged.remoteId.slice(PREFIX.photoStory.length);
      const story = (await this.stories(account)).find((s) => s.media_id === mediaId);
      return story ? { remoteId: story.post_id, permalink: story.url ?? null } : null;
    }
    const videoId = videoIdOf(staged.remoteId);
    const state = await this.status(account, videoId);
    if (!state.published) return null;
    return { remoteId: staged.remoteId.startsWith(PREFIX.reel) ? videoId : (state.postId ?? videoId), permalink: null };
  }

  async discard(account: AccountCredentials, staged: StagedMedia): Promise<void> {
    const id = staged.remoteId.slice(staged.remoteId.indexOf(":") + 1);
    await this.http
      .request(`${this.graph}/${id}`, { method: "DELETE", query: { access_token: account.accessToken } })
      .catch((e) => {
        if (!(e instanceof PlatformError && (e.details.code === 100 || e.details.status === 404))) throw e;
      });
  }

  /**
   * An unknown outcome without a staged handle: a Reel by its exact description among the Page's reels, a Story
   * as the Page's newest since the attempt began (a Story has no text of ours; ADR 066).
   */
  async findPublished(
    account: AccountCredentials,
    since: number,
    request: { text?: string; format: "reel" | "story" },
  ): Promise<PublishResult | null> {
    if (request.format === "story") {
      const hit = (await this.stories(account))
        .filter((s) => Number(s.creation_time) * 1000 >= since - FIND_SKEW_MS)
        .sort((a, b) => Number(b.creation_time) - Number(a.creation_time))[0];
      return hit ? { remoteId: hit.post_id, permalink: hit.url ?? null } : null;
    }
    const res = await this.http.request<{ data: Array<{ id: string; description?: string; created_time?: string }> }>(
      `${this.graph}/${account.platformUserId}/video_reels`,
      { query: { fields: "id,description,created_time", access_token: account.accessToken } },
    );
    const hit = res.data.data.find(
      (r) => (r.description ?? "") === (request.text ?? "") && parseGraphTime(r.created_time) >= since - FIND_SKEW_MS,
    );
    return hit ? { remoteId: hit.id, permalink: null } : null;
  }

  /** A Story's numbers: views, accounts reached, replies (as comments), shares and reactions. */
  async storyMetrics(account: AccountCredentials, postId: string): Promise<PostMetrics> {
    const value = await this.insights(account, `${postId}/insights`, STORY_METRICS);
    const views = metricCount(value("story_media_view"));
    return {
      impressions: views,
      reach: metricCount(value("story_total_media_view_unique")),
      likes: metricCount(value("pages_fb_story_thread_lightweight_reactions")),
      comments: metricCount(value("pages_fb_story_replies")),
      shares: metricCount(value("pages_fb_story_shares")),
      saves: 0,
      clicks: 0,
      videoViews: 0,
    };
  }

  private async insights(account: AccountCredentials, path: string, metrics: string[]) {
    const res = await this.http.answer(`${this.graph}/${path}`, Insights, {
      query: { metric: metrics.join(","), access_token: account.accessToken },
    });
    return (name: string) => res.data.data.find((d) => d.name === name)?.values?.[0]?.value;
  }

  /** A Reel's lifetime numbers: plays, accounts reached, reactions, and comments and shares (by action type). */
  async reelMetrics(account: AccountCredentials, videoId: string): Promise<PostMetrics> {
    const value = await this.insights(account, `${videoId}/video_insights`, REEL_METRICS);
    const actions = (value("post_video_social_actions") ?? {}) as Record<string, unknown>;
    const plays = metricCount(value("blue_reels_play_count"));
    return {
      impressions: plays,
      reach: metricCount(value("post_impressions_unique")),
      likes: metricCount(value("post_video_likes_by_reaction_type")),
      comments: metricCount(actions.COMMENT),
      shares: metricCount(actions.SHARE),
      saves: 0,
      clicks: 0,
      videoViews: plays,
    };
  }

  private async stories(account: AccountCredentials) {
    const res = await this.http.request<{
      data: Array<{ post_id: string; media_id?: string; creation_time?: string; url?: string }>;
    }>(`${this.graph}/${account.platformUserId}/stories`, { query: { access_token: account.accessToken } });
    return res.data.data;
  }
}

const videoIdOf = (remoteId: string) => remoteId.slice(remoteId.indexOf(":") + 1);
