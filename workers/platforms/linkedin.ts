import { OAuth2Client } from "arctic";
import { OAUTH_SCOPES } from "../platform-profile";
import { byteChunks, readAll } from "./byte-chunks";
import { createHttp, type HttpClient, type PlatformResponse } from "./http";
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

const MAX_VIDEO_POLLS = 10;

type AuthorPost = { id: string; commentary?: string; createdAt?: number; content?: PostContent };
type PostContent = { media?: { id?: string }; multiImage?: { images?: { id?: string }[] } };

/** The media URNs a post carries (§4.3 `content.media` or `content.multiImage`). */
function mediaOf(content: PostContent | undefined): string[] {
  const ids = content?.media ? [content.media.id] : (content?.multiImage?.images ?? []).map((i) => i.id);
  return ids.filter((id): id is string => typeof id === "string");
}

const stagedUrns = (staged: StagedMedia) => staged.remoteId.split(",").filter(Boolean);
const isVideo = (urn: string) => urn.startsWith("urn:li:video:");
const videoFailed = () =>
  new PlatformError("permanent", "LinkedIn could not process the video.", { platform: "linkedin" });

/** §4.6: `{status, serviceErrorCode, code, message}`. */
export function classifyLinkedInError({ status, data, headers }: PlatformResponse, now: number): PlatformError {
  const b = (data && typeof data === "object" ? data : {}) as {
    message?: unknown;
    code?: unknown;
    serviceErrorCode?: unknown;
  };
  const message = typeof b.message === "string" ? b.message : `LinkedIn answered HTTP ${status}`;
  const details = {
    platform: "linkedin" as const,
    status,
    code: (b.serviceErrorCode ?? b.code) as string | number | undefined,
  };
  if (status === 401) return new PlatformError("auth", message, details);
  // A missing scope or a lost organization role: only a new consent can fix it.
  if (status === 403 && b.code === "ACCESS_DENIED")
    return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  if (status === 429) {
    const retryAfter = Number(headers.get("retry-after"));
    // Daily quotas reset at midnight UTC (§4.6) when no Retry-After says otherwise.
    const retryAfterMs = retryAfter > 0 ? retryAfter * 1000 : nextUtcMidnight(now) - now;
    return new PlatformError("retryable", message, { ...details, retryAfterMs });
  }
  if (status >= 500) return new PlatformError("retryable", message, details);
  return new PlatformError("permanent", message, details);
}

export function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/** Little-text format reserves these characters; unescaped they truncate the commentary. `#` stays for hashtags. */
export function escapeCommentary(text: string): string {
  return text.replace(/[\\|{}@[\]()<>*_~]/g, (c) => `\\${c}`);
}

export function authorUrn(account: Pick<AccountCredentials, "accountType" | "platformUserId">): string {
  return account.accountType === "organization"
    ? `urn:li:organization:${account.platformUserId}`
    : `urn:li:person:${account.platformUserId}`;
}

/** §4.3 post body; `mediaUrns` already uploaded, in order. */
export function buildPostBody(
  author: string,
  text: string,
  media: { urn: string; altText?: string | null; title?: string | null }[],
  visibility: "PUBLIC" | "CONNECTIONS" | "LOGGED_IN" = "PUBLIC",
) {
  const content =
    media.length === 0
      ? undefined
      : media.length === 1
        ? {
            media: {
              id: media[0]!.urn,
              ...(media[0]!.altText ? { altText: media[0]!.altText } : {}),
              ...(media[0]!.title ? { title: media[0]!.title } : {}),
            },
          }
        : { multiImage: { images: media.map((m) => ({ id: m.urn, ...(m.altText ? { altText: m.altText } : {}) })) } };
  return {
    author,
    commentary: escapeCommentary(text),
    visibility,
    distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(content ? { content } : {}),
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
  };
}

export function permalinkFor(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}`;
}

export function validateMedia(media: PublishMedia[]): void {
  const videos = media.filter((m) => m.kind === "video");
  if (videos.length > 0 && media.length > 1) {
    throw new PlatformError("permanent", "LinkedIn posts take one video, or up to 20 images.", {
      platform: "linkedin",
    });
  }
  if (media.length > 20)
    throw new PlatformError("permanent", "LinkedIn posts take at most 20 images.", { platform: "linkedin" });
}

export class LinkedInClient implements PlatformClient {
  readonly platform = "linkedin" as const;
  private readonly http: HttpClient;
  constructor(private readonly deps: ClientDeps) {
    this.http = createHttp({
      platform: "linkedin",
      fetch: deps.fetch,
      now: deps.now,
      classify: (r) => classifyLinkedInError(r, deps.now()),
    });
  }

  private get credentials() {
    return credentialsFor(this.deps, "linkedin");
  }

  authorizeUrl(input: { state: string; redirectUri: string }): URL {
    const oauth = new OAuth2Client(this.credentials.clientId, null, input.redirectUri);
    return oauth.createAuthorizationURL(
      `${this.deps.endpoints.LINKEDIN_OAUTH_BASE}/oauth/v2/authorization`,
      input.state,
      OAUTH_SCOPES.linkedin,
    );
  }

  exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenSet> {
    return this.token({ grant_type: "authorization_code", code: input.code, redirect_uri: input.redirectUri });
  }

  refresh(tokens: TokenSet): Promise<TokenSet> {
    if (!tokens.refreshToken) {
      throw new PlatformError("auth", "LinkedIn granted no refresh token; reconnect the account.", {
        platform: "linkedin",
      });
    }
    return this.token({ grant_type: "refresh_token", refresh_token: tokens.refreshToken }, tokens);
  }

  private token(params: Record<string, string>, previous?: TokenSet) {
    const endpoint = `${this.deps.endpoints.LINKEDIN_OAUTH_BASE}/oauth/v2/accessToken`;
    return requestTokens(
      this.deps.fetch,
      { platform: "linkedin", endpoint, params, client: this.credentials, clientAuth: "body" },
      this.deps.now(),
      previous,
    );
  }

  async accounts(tokens: TokenSet): Promise<RemoteAccount[]> {
    const me = await this.json<{ sub: string; name?: string; email?: string; picture?: string }>(
      tokens.accessToken,
      "GET",
      `${this.api}/v2/userinfo`,
    );
    const person: RemoteAccount = {
      platformUserId: me.sub,
      username: me.email ?? me.name ?? me.sub,
      displayName: me.name ?? me.sub,
      profilePicture: me.picture ?? null,
      accountType: "person",
    };
    const acls = await this.json<{ elements?: { organization: string }[] }>(
      tokens.accessToken,
      "GET",
      `${this.api}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`,
    );
    const orgs = await Promise.all(
      (acls.elements ?? []).map(async ({ organization }) => {
        const id = organization.split(":").pop()!;
        const org = await this.json<{ localizedName?: string; vanityName?: string }>(
          tokens.accessToken,
          "GET",
          `${this.api}/rest/organizations/${id}`,
        );
        const followers = await this.followers(tokens.accessToken, organization);
        return {
          platformUserId: id,
          username: org.vanityName ?? id,
          displayName: org.localizedName ?? org.vanityName ?? id,
          followerCount: followers,
          accountType: "organization",
          metadata: { administeredBy: me.sub },
        } satisfies RemoteAccount;
      }),
    );
    return [person, ...orgs];
  }

  /** A permission refusal names what publishing needs on this account. */
  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing(this.writeScope(account), () => this.publishNow(account, request));
  }

  private async publishNow(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    validateMedia(request.media);
    const author = authorUrn(account);
    const urns: string[] = [];
    for (const m of request.media) {
      const sent = await this.sendMedia(account.accessToken, author, m);
      if (sent.video) await this.available(account.accessToken, sent.urn);
      urns.push(sent.urn);
    }
    return this.createPost(account, request, urns);
  }

  /** §4.3: the post with its uploaded media, in order; its URN comes back in x-restli-id. */
  private async createPost(account: AccountCredentials, request: PublishRequest, urns: string[]) {
    const media = urns.map((urn, i) => {
      const m = request.media[i];
      return { urn, altText: m?.altText, title: m?.kind === "video" ? request.title : null };
    });
    const res = await this.call(
      account.accessToken,
      "POST",
      `${this.api}/rest/posts`,
      buildPostBody(authorUrn(account), request.text, media, request.options?.visibility),
      { creates: true },
    );
    const urn = res.headers.get("x-restli-id");
    if (!urn) {
      throw new PlatformError("retryable", "LinkedIn accepted the post but returned no id.", {
        platform: "linkedin",
        outcomeUnknown: true,
      });
    }
    return { remoteId: urn, permalink: permalinkFor(urn) };
  }

  /**
   * Staging (ADR 034): images and videos are uploaded ahead (their URNs, comma-separated, are the handle) and
   * at the due second one POST /rest/posts uses them. LinkedIn documents no call that deletes an uploaded
   * asset, and an asset no post uses is shown to no one, so a discard only forgets it.
   */
  readonly staging: StagingSupport = {
    stage: (account, request) =>
      needing(this.writeScope(account), async () => {
        validateMedia(request.media);
        const sent = [];
        for (const m of request.media) sent.push(await this.sendMedia(account.accessToken, authorUrn(account), m));
        return { remoteId: sent.map((s) => s.urn).join(","), ready: !sent.some((s) => s.video), expiresAt: null };
      }),
    check: async (account, staged) => {
      let ready = true;
      // Only videos are polled: a member's token may not read an image's status (§4.4), and images need no processing.
      for (const urn of stagedUrns(staged).filter(isVideo)) {
        let status: string;
        try {
          status = await this.videoStatus(account.accessToken, urn);
        } catch (err) {
          if (err instanceof PlatformError && err.details.status === 404) return null;
          throw err;
        }
        if (status === "PROCESSING_FAILED") throw videoFailed();
        ready &&= status === "AVAILABLE";
      }
      return { ...staged, ready };
    },
    publish: (account, request, staged) =>
      needing(this.writeScope(account), async () => {
        const urns = stagedUrns(staged);
        // Still processing at the due second: the post waits for it, as a post uploaded in one go would.
        if (!staged.ready) for (const urn of urns.filter(isVideo)) await this.available(account.accessToken, urn);
        return this.createPost(account, request, urns);
      }),
    find: async (account, request, staged) => {
      const urns = stagedUrns(staged);
      const page = await this.authorPosts(account, request.text);
      // The staged asset is this post's alone: the author's post that carries it is the one published.
      const hit = page.find((p) => mediaOf(p.content).some((id) => urns.includes(id)));
      return hit ? { remoteId: hit.id, permalink: permalinkFor(hit.id) } : null;
    },
    discard: async () => {},
  };

  private writeScope(account: AccountCredentials) {
    return authorUrn(account).startsWith("urn:li:organization:") ? "w_organization_social" : "w_member_social";
  }

  /**
   * Comments API: POST /rest/socialActions/{urn}/comments {actor, object, message:{text}} → 201 with the
   * comment; its URN is in the body (`$URN`) or the x-restli-id header (docs/platform-comments.md).
   */
  reply(account: AccountCredentials, parentRemoteId: string, text: string): Promise<{ remoteId: string }> {
    const actor = authorUrn(account);
    return needing(actor.startsWith("urn:li:organization:") ? "w_organization_social" : "w_member_social", async () => {
      const res = await this.call(
        account.accessToken,
        "POST",
        `${this.api}/rest/socialActions/${encodeURIComponent(parentRemoteId)}/comments`,
        { actor, object: parentRemoteId, message: { text } },
      );
      const body = (res.data ?? {}) as { $URN?: string; id?: string };
      const id = body.$URN ?? res.headers.get("x-restli-id") ?? body.id;
      if (!id)
        throw new PlatformError("retryable", "LinkedIn accepted the comment but returned no id.", {
          platform: "linkedin",
        });
      return { remoteId: id };
    });
  }

  /**
   * A post carries nothing but its commentary, so it is recognised by its exact text among the author's
   * recent posts. Reading a member's posts needs the restricted r_member_social, so only organizations can be checked.
   */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
  ): Promise<PublishResult | null> {
    const wanted = escapeCommentary(text ?? "");
    const hit = (await this.authorPosts(account, text)).find(
      (p) => (p.createdAt ?? 0) >= since && p.commentary === wanted,
    );
    return hit ? { remoteId: hit.id, permalink: permalinkFor(hit.id) } : null;
  }

  /** The organization's latest posts; a member's cannot be listed (that needs the restricted r_member_social). */
  private async authorPosts(account: AccountCredentials, text: string | undefined) {
    if (text === undefined || account.accountType !== "organization") {
      // We cannot tell, and must not claim "not there".
      throw new PlatformError(
        "permanent",
        "LinkedIn does not let apps list a member's posts, so Postline cannot check whether this post went out.",
        { platform: "linkedin" },
      );
    }
    const author = encodeURIComponent(authorUrn(account));
    const page = await this.json<{ elements?: AuthorPost[] }>(
      account.accessToken,
      "GET",
      `${this.api}/rest/posts?q=author&author=${author}&count=50&sortBy=CREATED`,
    );
    return page.elements ?? [];
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.call(account.accessToken, "DELETE", `${this.api}/rest/posts/${encodeURIComponent(remoteId)}`);
  }

  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const social = await this.json<{
      likesSummary?: { totalLikes?: number };
      commentsSummary?: { aggregatedTotalComments?: number };
    }>(account.accessToken, "GET", `${this.api}/rest/socialActions/${encodeURIComponent(remoteId)}`);
    const metrics: PostMetrics = {
      impressions: 0,
      reach: 0,
      likes: social.likesSummary?.totalLikes ?? 0,
      comments: social.commentsSummary?.aggregatedTotalComments ?? 0,
      shares: 0,
      saves: 0,
      clicks: 0,
      videoViews: 0,
    };
    if (account.accountType === "organization") {
      const kind = remoteId.startsWith("urn:li:ugcPost:") ? "ugcPosts" : "shares";
      const stats = await this.json<{ elements?: { totalShareStatistics?: Record<string, number> }[] }>(
        account.accessToken,
        "GET",
        `${this.api}/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(authorUrn(account))}&${kind}=List(${encodeURIComponent(remoteId)})`,
      );
      const t = stats.elements?.[0]?.totalShareStatistics ?? {};
      metrics.impressions = t.impressionCount ?? 0;
      metrics.reach = t.uniqueImpressionsCount ?? 0;
      metrics.clicks = t.clickCount ?? 0;
      metrics.shares = t.shareCount ?? 0;
    } else {
      const entity = `(${remoteId.startsWith("urn:li:ugcPost:") ? "ugc" : "share"}:${encodeURIComponent(remoteId)})`;
      const count = async (queryType: string) => {
        const r = await this.json<{ elements?: { count?: number }[] }>(
          account.accessToken,
          "GET",
          `${this.api}/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`,
        );
        return r.elements?.[0]?.count ?? 0;
      };
      metrics.impressions = await count("IMPRESSION");
      metrics.reach = await count("MEMBERS_REACHED");
      metrics.shares = await count("RESHARE");
    }
    return metrics;
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    // Members' follower counts need a scope the Share/Sign-in products do not grant.
    if (account.accountType !== "organization") return { followers: 0 };
    return { followers: await this.followers(account.accessToken, authorUrn(account)) };
  }

  /** OpenID userinfo: every LinkedIn consent asks for `openid profile`, member or organization account alike. */
  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.json(account.accessToken, "GET", `${this.api}/v2/userinfo`);
  }

  async comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const page = await this.json<{
      elements?: { id: string; actor: string; message?: { text?: string }; created?: { time?: number } }[];
    }>(account.accessToken, "GET", `${this.api}/rest/socialActions/${encodeURIComponent(remoteId)}/comments`);
    return (page.elements ?? []).map((c) => ({
      id: c.id,
      author: c.actor,
      text: c.message?.text ?? "",
      createdAt: new Date(c.created?.time ?? 0).toISOString(),
    }));
  }

  private async followers(token: string, orgUrn: string): Promise<number> {
    const size = await this.json<{ firstDegreeSize?: number }>(
      token,
      "GET",
      `${this.api}/rest/networkSizes/${encodeURIComponent(orgUrn)}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
    );
    return size.firstDegreeSize ?? 0;
  }

  /** §4.4: one upload of an image or a video; a video is still processing afterwards. */
  private async sendMedia(token: string, owner: string, media: PublishMedia) {
    return media.kind === "video"
      ? { urn: await this.sendVideo(token, owner, media), video: true }
      : { urn: await this.sendImage(token, owner, media), video: false };
  }

  private async sendImage(token: string, owner: string, media: PublishMedia): Promise<string> {
    const init = await this.json<{ value: { uploadUrl: string; image: string } }>(
      token,
      "POST",
      `${this.api}/rest/images?action=initializeUpload`,
      {
        initializeUploadRequest: { owner },
      },
    );
    const bytes = await readAll(await media.open());
    await this.upload(token, init.value.uploadUrl, bytes, media.mimeType);
    return init.value.image;
  }

  /** §4.4: PUT each byte range to its own uploadUrl, verbatim, then finalize with the parts' ETags. */
  private async sendVideo(token: string, owner: string, media: PublishMedia): Promise<string> {
    const init = await this.json<{
      value: {
        video: string;
        uploadToken?: string;
        uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
      };
    }>(token, "POST", `${this.api}/rest/videos?action=initializeUpload`, {
      initializeUploadRequest: { owner, fileSizeBytes: media.size, uploadCaptions: false, uploadThumbnail: false },
    });
    const instructions = [...init.value.uploadInstructions].sort((a, b) => a.firstByte - b.firstByte);
    const partIds: string[] = [];
    const stream = await media.open();
    // Parts are equal-sized except the last, so one chunk size lines the stream up with every instruction.
    const partSize = instructions[0]!.lastByte - instructions[0]!.firstByte + 1;
    let i = 0;
    for await (const chunk of byteChunks(stream, partSize)) {
      const part = instructions[i++];
      if (!part || chunk.length !== part.lastByte - part.firstByte + 1) {
        throw new PlatformError("permanent", "The video's size does not match LinkedIn's upload instructions.", {
          platform: "linkedin",
        });
      }
      const res = await this.upload(token, part.uploadUrl, chunk, "application/octet-stream");
      partIds.push((res.headers.get("etag") ?? "").replace(/^W\//, "").replace(/"/g, ""));
    }
    await this.call(token, "POST", `${this.api}/rest/videos?action=finalizeUpload`, {
      finalizeUploadRequest: {
        video: init.value.video,
        uploadToken: init.value.uploadToken ?? "",
        uploadedPartIds: partIds,
      },
    });
    return init.value.video;
  }

  /** Polls the video until AVAILABLE (a post may only use it then, §4.4). */
  private async available(token: string, urn: string): Promise<void> {
    for (let poll = 0; poll < MAX_VIDEO_POLLS; poll++) {
      const status = await this.videoStatus(token, urn);
      if (status === "AVAILABLE") return;
      if (status === "PROCESSING_FAILED") throw videoFailed();
      await this.deps.sleep(2000);
    }
    throw new PlatformError("retryable", "LinkedIn is still processing the video.", {
      platform: "linkedin",
      retryAfterMs: 60_000,
    });
  }

  private async videoStatus(token: string, urn: string): Promise<string> {
    return (await this.json<{ status: string }>(token, "GET", `${this.api}/rest/videos/${encodeURIComponent(urn)}`))
      .status;
  }

  private upload(token: string, url: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
    return this.http.request(url, {
      method: "PUT",
      body: bytes,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType },
    });
  }

  private get api() {
    return this.deps.endpoints.LINKEDIN_API_BASE;
  }

  /** §4.2: every versioned REST call carries the version and Rest.li protocol headers. */
  private call(
    token: string,
    method: string,
    url: string,
    json?: unknown,
    opts: { creates?: boolean } = {},
  ): Promise<PlatformResponse> {
    const headers = {
      Authorization: `Bearer ${token}`,
      "LinkedIn-Version": this.deps.endpoints.LINKEDIN_VERSION,
      "X-Restli-Protocol-Version": "2.0.0",
    };
    return this.http.request(url, { method, headers, json, ...opts });
  }

  private async json<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
    return (await this.call(token, method, url, body)).data as T;
  }
}
