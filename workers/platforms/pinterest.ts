import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import { createHttp, parseAnswer } from "./http";
import { tokenRequestParts, tokenSetFromResponse } from "./oauth-token";
import { classifyPinterestError, PinterestApi } from "./pinterest-api";
import {
  CAROUSEL_MAX,
  carouselSource,
  imageSource,
  type MediaSource,
  PinMediaMessages,
  pinMediaProblems,
  processingFailed,
  uploadVideo,
  videoPin,
  videoProcessed,
  videoSource,
  videoState,
} from "./pinterest-media";
import { type ClientDeps, credentialsFor } from "./registry";
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
  type RemoteBoard,
  type RemoteComment,
  type StagingSupport,
  type TokenSet,
} from "./types";

/**
 * Pinterest API v5 (PLATFORMS.md §11.4; ADR 063): OAuth with continuous refresh (a 30-day access token, a
 * 60-day refresh token renewed by every refresh), the account's boards, pins with one image or video on a
 * board chosen per channel, pin analytics, delete. Pinterest keeps no idempotency key: a lost answer is
 * settled by finding the pin among the account's newest (`findPublished`) before anything is sent again.
 */
const DAY = 86_400_000;
/** query_start_date: analytics reach at most 90 days back. */
const ANALYTICS_DAYS = 89;
/** How many of the account's newest pins a lookup reads (100 per page). */
const FIND_PAGES = 3;
/** VIDEO_MRC_VIEW: a video pin's views (2 s at half on screen, the MRC standard); an image pin's stay 0. */
const METRICS = [
  "IMPRESSION",
  "OUTBOUND_CLICK",
  "PIN_CLICK",
  "SAVE",
  "TOTAL_COMMENTS",
  "TOTAL_REACTIONS",
  "VIDEO_MRC_VIEW",
];

const Account = z.object({
  id: z.string().min(1),
  username: z.string(),
  account_type: z.string().optional(),
  business_name: z.string().nullish(),
  profile_image: z.string().nullish(),
  follower_count: z.number().nullish(),
  monthly_views: z.number().nullish(),
});
const Board = z.object({ id: z.string().min(1), name: z.string(), privacy: z.string().default("PUBLIC") });
const Page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), bookmark: z.string().nullish() });
const Section = z.object({ id: z.string().min(1), name: z.string() });
const Pin = z.object({
  id: z.string().min(1),
  created_at: z.string().optional(),
  description: z.string().nullish(),
  board_id: z.string().nullish(),
});
const Analytics = z.record(
  z.string(),
  z.object({
    summary_metrics: z.record(z.string(), z.number()).default({}),
    lifetime_metrics: z.record(z.string(), z.number()).default({}),
  }),
);

/** The channel's board: a pin cannot be made without one (ADR 063). */
function boardOf(request: PublishRequest): string {
  const board = request.options?.board;
  if (!board) throw new PlatformError("permanent", "Choose a board for this Pinterest pin.", { platform: "pinterest" });
  return board;
}

export const pinUrl = (id: string) => `https://www.pinterest.com/pin/${id}/`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Pinterest writes `created_at` without a zone (UTC); an offset, when given, is kept. */
const createdAt = (s: string) => Date.parse(/(z|[+-]\d\d:?\d\d)$/i.test(s) ? s : `${s}Z`);

export class PinterestClient implements PlatformClient {
  readonly platform = "pinterest" as const;
  private readonly api: PinterestApi;

  constructor(private readonly deps: ClientDeps) {
    this.api = new PinterestApi(deps);
  }

  authorizeUrl(input: { state: string; redirectUri: string }): URL {
    const url = new URL(`${this.deps.endpoints.PINTEREST_AUTHORIZE_BASE}/oauth/`);
    url.search = new URLSearchParams({
      client_id: credentialsFor(this.deps, "pinterest").clientId,
      redirect_uri: input.redirectUri,
      response_type: "code",
      // Pinterest's authorize page takes the scopes comma-separated.
      scope: OAUTH_SCOPES.pinterest.join(","),
      state: input.state,
    }).toString();
    return url;
  }

  exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenSet> {
    // continuous_refresh: apps made before 2025-09-25 get the 60-day renewable refresh token only when asking.
    return this.token(
      {
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: input.redirectUri,
        continuous_refresh: "true",
      },
      undefined,
    );
  }

  /** Each refresh answers a new refresh token (continuous refresh): the one stored is replaced. */
  refresh(tokens: TokenSet): Promise<TokenSet> {
    if (!tokens.refreshToken)
      throw new PlatformError("auth", "Pinterest granted no refresh token; reconnect the account.", {
        platform: "pinterest",
      });
    return this.token({ grant_type: "refresh_token", refresh_token: tokens.refreshToken }, tokens);
  }

  private async token(params: Record<string, string>, previous: TokenSet | undefined): Promise<TokenSet> {
    const http = createHttp({
      platform: "pinterest",
      fetch: this.deps.fetch,
      now: this.deps.now,
      // A refused code or refresh token (400/401) means the consent must be given again.
      classify: (r) => {
        const e = classifyPinterestError(r);
        return e.kind === "permanent" ? new PlatformError("auth", e.message, e.details) : e;
      },
    });
    const parts = tokenRequestParts({
      platform: "pinterest",
      endpoint: this.api.url("/oauth/token"),
      params,
      client: credentialsFor(this.deps, "pinterest"),
      clientAuth: "basic",
    });
    const res = await http.request(this.api.url("/oauth/token"), parts);
    return tokenSetFromResponse("pinterest", res.data, this.deps.now(), previous);
  }

  private async me(token: string) {
    return parseAnswer("pinterest", Account, await this.api.call(token, "/user_account"), false);
  }

  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const me = await this.me(tokens.accessToken);
    return [
      {
        platformUserId: me.id,
        username: me.username,
        displayName: me.business_name || me.username,
        profilePicture: me.profile_image ?? null,
        followerCount: me.follower_count ?? 0,
        accountType: (me.account_type ?? "business").toLowerCase(),
      },
    ];
  }

  async boards(account: AccountCredentials): Promise<RemoteBoard[]> {
    const boards = await this.pages(account.accessToken, "/boards", Board, 4);
    return Promise.all(
      boards.map(async (b) => ({
        ...b,
        sections: await this.pages(account.accessToken, `/boards/${b.id}/sections`, Section, 1),
      })),
    );
  }

  async createBoard(account: AccountCredentials, input: { name: string; privacy: "PUBLIC" | "SECRET" }) {
    const created = await needing("boards:write", () =>
      this.api.call(account.accessToken, "/boards", { json: { name: input.name, privacy: input.privacy } }),
    );
    return { ...parseAnswer("pinterest", Board, created, false), sections: [] };
  }

  /** Up to `max` pages of a bookmark-paginated list, 100 items each, in Pinterest's order. */
  private async pages<T extends z.ZodType>(token: string, path: string, item: T, max: number) {
    const out: z.output<T>[] = [];
    let bookmark: string | undefined;
    for (let n = 0; n < max; n++) {
      const data = await this.api.call(token, path, { query: { page_size: 100, bookmark } });
      const page = parseAnswer("pinterest", Page(item), data, false);
      out.push(...page.items);
      bookmark = page.bookmark ?? undefined;
      if (!bookmark) break;
    }
    return out;
  }

  /** A pin: its image, video or carousel on the channel's board, the post's text as its description. */
  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing("pins:write", async () => {
      boardOf(request);
      return this.createPin(account, request, await this.mediaSource(account, request));
    });
  }

  /**
   * Staging (ADR 100): a video pin's upload is registered, sent and processed ahead; its media id is the handle, and
   * at the due second one `POST /v5/pins` names it. Pinterest has no call to delete an upload: one no pin uses is
   * only forgotten. An upload found gone, failed or never completed at the due second is made again in one go.
   */
  readonly staging: StagingSupport = {
    stage: (account, request) =>
      needing("pins:write", async () => {
        boardOf(request);
        const [video] = request.media;
        if (request.media.length !== 1 || video?.kind !== "video")
          throw new PlatformError("permanent", PinMediaMessages.videoAlone, { platform: "pinterest" });
        return { remoteId: await uploadVideo(this.api, account.accessToken, video), ready: false, expiresAt: null };
      }),
    check: async (account, staged) => {
      const state = await videoState(this.api, account.accessToken, staged.remoteId);
      if (state === null) return null;
      if (state === "failed") throw processingFailed();
      return { ...staged, ready: state === "succeeded" };
    },
    publish: (account, request, staged) =>
      needing("pins:write", async () => {
        const state = await videoState(this.api, account.accessToken, staged.remoteId);
        if (state === null || state === "registered" || state === "failed") return this.publish(account, request);
        // Still processing at the due second: the pin waits for it, as a pin uploaded in one go would.
        if (state !== "succeeded") await videoProcessed(this.api, this.deps, account.accessToken, staged.remoteId);
        return this.createPin(account, request, videoPin(staged.remoteId));
      }),
    // A pin does not name its upload (PinMediaWithVideo): it is found by its text, as an unstaged pin is.
    find: (account, request, _staged, since) => this.findPublished(account, request.marker, since ?? 0, request.text),
    discard: async () => {},
  };

  /** `POST /v5/pins` on the channel's board: the one call that makes the pin. */
  private async createPin(account: AccountCredentials, request: PublishRequest, source: MediaSource) {
    const o = request.options ?? {};
    const [media] = request.media;
    const created = await this.api.call(account.accessToken, "/pins", {
      json: {
        board_id: boardOf(request),
        ...(o.boardSection ? { board_section_id: o.boardSection } : {}),
        ...(request.title ? { title: request.title } : {}),
        description: request.text,
        ...(o.link ? { link: o.link } : {}),
        ...(media?.altText ? { alt_text: media.altText } : {}),
        media_source: source,
      },
      creates: true,
    });
    const { id } = parseAnswer("pinterest", Pin, created, true);
    return { remoteId: id, permalink: pinUrl(id) };
  }

  /** One image or one video, or a carousel of 2–5 images (a video cannot be part of one). */
  private async mediaSource(account: AccountCredentials, request: PublishRequest): Promise<MediaSource> {
    const { media } = request;
    const refuse = (message: string) => new PlatformError("permanent", message, { platform: "pinterest" });
    const [first] = media;
    if (!first) throw refuse("A Pinterest pin needs an image or a video.");
    if (media.length === 1)
      return first.kind === "video"
        ? videoSource(this.api, this.deps, account.accessToken, first, request.recordHandle)
        : imageSource(first);
    const [problem] = pinMediaProblems(media.map((m) => m.kind));
    if (problem) throw refuse(problem);
    if (media.length > CAROUSEL_MAX) throw refuse(PinMediaMessages.carouselSize);
    return carouselSource(media);
  }

  /**
   * No field of a pin carries a marker of ours, and Pinterest keeps no idempotency key: the pin is the account's
   * own, made since the claim, whose description is exactly the text sent (ADR 063).
   */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
  ): Promise<PublishResult | null> {
    if (text === undefined) return null;
    let bookmark: string | undefined;
    for (let n = 0; n < FIND_PAGES; n++) {
      const data = await this.api.call(account.accessToken, "/pins", { query: { page_size: 100, bookmark } });
      const page = parseAnswer("pinterest", Page(Pin), data, false);
      const recent = page.items.filter((p) => !p.created_at || createdAt(p.created_at) >= since - 60_000);
      const hit = recent.find((p) => (p.description ?? "") === text);
      if (hit) return { remoteId: hit.id, permalink: pinUrl(hit.id) };
      // Pins come newest first: once a page reaches back past the claim, older pages cannot hold it.
      bookmark = page.bookmark ?? undefined;
      if (!bookmark || recent.length < page.items.length) return null;
    }
    return null;
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.api.call(account.accessToken, `/pins/${remoteId}`, { method: "DELETE" });
  }

  /** The last 90 days' sums (the furthest analytics reach) and the lifetime reactions and comments. */
  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const now = this.deps.now();
    const data = await this.api.call(account.accessToken, `/pins/${remoteId}/analytics`, {
      query: { start_date: day(now - ANALYTICS_DAYS * DAY), end_date: day(now), metric_types: METRICS.join(",") },
    });
    const all = Object.values(parseAnswer("pinterest", Analytics, data, false))[0];
    const m = all?.summary_metrics ?? {};
    const life = all?.lifetime_metrics ?? {};
    return {
      impressions: m.IMPRESSION ?? 0,
      reach: m.IMPRESSION ?? 0,
      likes: life.TOTAL_REACTIONS ?? 0,
      comments: life.TOTAL_COMMENTS ?? 0,
      shares: 0,
      saves: m.SAVE ?? 0,
      clicks: (m.OUTBOUND_CLICK ?? 0) + (m.PIN_CLICK ?? 0),
      videoViews: m.VIDEO_MRC_VIEW ?? 0,
    };
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    const me = await this.me(account.accessToken);
    return { followers: me.follower_count ?? 0 };
  }

  /** API v5 offers no read of a pin's comments. */
  async comments(): Promise<RemoteComment[]> {
    return [];
  }

  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.me(account.accessToken);
  }
}
