import { OAuth2Client } from "arctic";
import { OAUTH_SCOPES } from "../platform-profile";
import { LinkedInAnalytics } from "./linkedin-analytics";
import { LinkedInApi } from "./linkedin-api";
import { isVideo, LinkedInMedia, videoFailed } from "./linkedin-media";
import {
  type AuthorPost,
  authorUrn,
  buildPostBody,
  escapeCommentary,
  mediaOf,
  permalinkFor,
  validateMedia,
  writeScope,
} from "./linkedin-posts";
import { requestTokens } from "./oauth-token";
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
  type RemoteComment,
  type StagedMedia,
  type StagingSupport,
  type TokenSet,
} from "./types";

const stagedUrns = (staged: StagedMedia) => staged.remoteId.split(",").filter(Boolean);

export class LinkedInClient implements PlatformClient {
  readonly platform = "linkedin" as const;
  private readonly api: LinkedInApi;
  private readonly media: LinkedInMedia;
  private readonly analytics: LinkedInAnalytics;

  constructor(private readonly deps: ClientDeps) {
    this.api = new LinkedInApi(deps);
    this.media = new LinkedInMedia(this.api, deps);
    this.analytics = new LinkedInAnalytics(this.api);
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
    const me = await this.api.json<{ sub: string; name?: string; email?: string; picture?: string }>(
      tokens.accessToken,
      "GET",
      `${this.api.base}/v2/userinfo`,
    );
    const person: RemoteAccount = {
      platformUserId: me.sub,
      username: me.email ?? me.name ?? me.sub,
      displayName: me.name ?? me.sub,
      profilePicture: me.picture ?? null,
      accountType: "person",
    };
    const acls = await this.api.json<{ elements?: { organization: string }[] }>(
      tokens.accessToken,
      "GET",
      `${this.api.base}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`,
    );
    const orgs = await Promise.all(
      (acls.elements ?? []).map(async ({ organization }) => {
        const id = organization.split(":").pop()!;
        const org = await this.api.json<{ localizedName?: string; vanityName?: string }>(
          tokens.accessToken,
          "GET",
          `${this.api.base}/rest/organizations/${id}`,
        );
        const followers = await this.analytics.followers(tokens.accessToken, organization);
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
    return needing(writeScope(account), () => this.publishNow(account, request));
  }

  private async publishNow(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    validateMedia(request.media);
    const author = authorUrn(account);
    const urns: string[] = [];
    for (const m of request.media) {
      const sent = await this.media.send(account.accessToken, author, m);
      if (sent.video) await this.media.available(account.accessToken, sent.urn);
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
    const res = await this.api.call(
      account.accessToken,
      "POST",
      `${this.api.base}/rest/posts`,
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
      needing(writeScope(account), async () => {
        validateMedia(request.media);
        const sent = [];
        for (const m of request.media) sent.push(await this.media.send(account.accessToken, authorUrn(account), m));
        return { remoteId: sent.map((s) => s.urn).join(","), ready: !sent.some((s) => s.video), expiresAt: null };
      }),
    check: async (account, staged) => {
      let ready = true;
      // Only videos are polled: a member's token may not read an image's status (§4.4), and images need no processing.
      for (const urn of stagedUrns(staged).filter(isVideo)) {
        let status: string;
        try {
          status = await this.media.videoStatus(account.accessToken, urn);
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
      needing(writeScope(account), async () => {
        const urns = stagedUrns(staged);
        // Still processing at the due second: the post waits for it, as a post uploaded in one go would.
        if (!staged.ready) for (const urn of urns.filter(isVideo)) await this.media.available(account.accessToken, urn);
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

  /**
   * Comments API: POST /rest/socialActions/{urn}/comments {actor, object, message:{text}} → 201 with the
   * comment; its URN is in the body (`$URN`) or the x-restli-id header (docs/platform-comments.md).
   */
  reply(account: AccountCredentials, parentRemoteId: string, text: string): Promise<{ remoteId: string }> {
    const actor = authorUrn(account);
    return needing(writeScope(account), async () => {
      const res = await this.api.call(
        account.accessToken,
        "POST",
        `${this.api.base}/rest/socialActions/${encodeURIComponent(parentRemoteId)}/comments`,
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
    const page = await this.api.json<{ elements?: AuthorPost[] }>(
      account.accessToken,
      "GET",
      `${this.api.base}/rest/posts?q=author&author=${author}&count=50&sortBy=CREATED`,
    );
    return page.elements ?? [];
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.api.call(account.accessToken, "DELETE", `${this.api.base}/rest/posts/${encodeURIComponent(remoteId)}`);
  }

  postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    return this.analytics.post(account, remoteId);
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    // Members' follower counts need a scope the Share/Sign-in products do not grant.
    if (account.accountType !== "organization") return { followers: 0 };
    return { followers: await this.analytics.followers(account.accessToken, authorUrn(account)) };
  }

  /** OpenID userinfo: every LinkedIn consent asks for `openid profile`, member or organization account alike. */
  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.api.json(account.accessToken, "GET", `${this.api.base}/v2/userinfo`);
  }

  async comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const page = await this.api.json<{
      elements?: { id: string; actor: string; message?: { text?: string }; created?: { time?: number } }[];
    }>(account.accessToken, "GET", `${this.api.base}/rest/socialActions/${encodeURIComponent(remoteId)}/comments`);
    return (page.elements ?? []).map((c) => ({
      id: c.id,
      author: c.actor,
      text: c.message?.text ?? "",
      createdAt: new Date(c.created?.time ?? 0).toISOString(),
    }));
  }
}
