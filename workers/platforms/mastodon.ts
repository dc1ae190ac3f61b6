import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { z } from "zod";
import { OAUTH_SCOPES } from "../platform-profile";
import { parseAnswer } from "./http";
import { instanceOf, MastodonApi, statusFields } from "./mastodon-api";
import { readMentions, setFavourite } from "./mastodon-notifications";
import {
  Account,
  Attachment,
  type InstanceLimits,
  instanceLimits,
  plainText,
  Registered,
  Status,
  type StatusAnswer,
} from "./mastodon-shapes";
import { requestTokens } from "./oauth-token";
import type { ClientDeps } from "./registry";
import {
  type AccountCredentials,
  type AccountMetrics,
  type InstanceApp,
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
  type TokenSet,
} from "./types";

/**
 * Mastodon, on whichever instance the account lives (docs.joinmastodon.org; ADR 059). Postline registers itself
 * once per instance (`POST /api/v1/apps`, kept in D1 through `deps.instanceApps`), then OAuth with PKCE S256.
 * Every status is created with an `Idempotency-Key` derived from the target, so a retry after a lost answer gets
 * the same status back from the instance instead of a second one.
 */
const SCOPES = OAUTH_SCOPES.mastodon.join(" ");
/** Video processing is polled every few seconds, for up to ten minutes, before the attempt is retried later. */
const MEDIA_POLL_MS = 3_000;
const MEDIA_POLL_LIMIT = 200;

/** Same text under the same parent (or for the same target): the same key, so a resend is answered, not repeated. */
async function idempotencyKey(scope: string, text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${scope}\n${text}`));
  return `postline-${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export class MastodonClient implements PlatformClient {
  readonly platform = "mastodon" as const;
  readonly perInstance = true;
  private readonly api: MastodonApi;

  constructor(private readonly deps: ClientDeps) {
    this.api = new MastodonApi(deps);
  }

  /**
   * Postline's app on the instance: the one registered before, else a new registration kept for next time. A
   * connect re-registers where the app was registered for fewer scopes (the instance refuses to consent beyond them).
   */
  private async app(instance: string, redirectUri: string, register: boolean): Promise<InstanceApp> {
    const store = this.deps.instanceApps;
    if (!store) throw new TypeError("The Mastodon client needs an instance app store");
    const known = await store.get("mastodon", instance, redirectUri);
    if (known && (known.scopes === SCOPES || !register)) return known;
    if (!register)
      throw new PlatformError("auth", `Postline is not registered on ${instance}; connect the account again.`, {
        platform: "mastodon",
      });
    const res = await this.api.request(instance, null, "/api/v1/apps", {
      json: {
        client_name: "Postline",
        redirect_uris: [redirectUri],
        scopes: SCOPES,
        website: new URL(redirectUri).origin,
      },
    });
    const answer = parseAnswer("mastodon", Registered, res.data, false);
    const app = { clientId: answer.client_id, clientSecret: answer.client_secret, scopes: SCOPES };
    await store.save("mastodon", instance, redirectUri, app);
    // A racing connect may have saved its registration first: use whichever the store kept.
    return (await store.get("mastodon", instance, redirectUri)) ?? app;
  }

  async authorizeUrl(input: {
    state: string;
    redirectUri: string;
    codeVerifier?: string;
    instance?: string;
  }): Promise<URL> {
    if (!input.codeVerifier || !input.instance) throw new TypeError("Mastodon sign-in needs an instance and PKCE");
    const app = await this.app(input.instance, input.redirectUri, true);
    const oauth = new OAuth2Client(app.clientId, app.clientSecret, input.redirectUri);
    const url = oauth.createAuthorizationURLWithPKCE(
      `${this.api.authorizeBase(input.instance)}/oauth/authorize`,
      input.state,
      CodeChallengeMethod.S256,
      input.codeVerifier,
      OAUTH_SCOPES.mastodon,
    );
    // Several accounts on one instance: ask it to show its login rather than reuse the signed-in one.
    url.searchParams.set("force_login", "true");
    return url;
  }

  async exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier?: string;
    instance?: string;
  }): Promise<TokenSet> {
    if (!input.codeVerifier || !input.instance) throw new TypeError("Mastodon sign-in needs an instance and PKCE");
    const app = await this.app(input.instance, input.redirectUri, false);
    return requestTokens(
      this.deps.fetch,
      {
        platform: "mastodon",
        endpoint: `${this.api.base(input.instance)}/oauth/token`,
        params: {
          grant_type: "authorization_code",
          code: input.code,
          redirect_uri: input.redirectUri,
          code_verifier: input.codeVerifier,
          scope: SCOPES,
        },
        client: app,
        clientAuth: "body",
      },
      this.deps.now(),
    );
  }

  /** Mastodon's user tokens do not expire and come without a refresh token: a refused one means reconnect. */
  async refresh(): Promise<TokenSet> {
    throw new PlatformError("auth", "Mastodon tokens cannot be refreshed; reconnect the account.", {
      platform: "mastodon",
    });
  }

  async accounts(tokens: TokenSet, _variant?: string, instance?: string): Promise<RemoteAccount[]> {
    if (!instance) throw new TypeError("Mastodon accounts need their instance");
    const me = await this.me(instance, tokens.accessToken);
    return [
      {
        // Ids are per instance: two servers may both have an account 1 (ADR 059).
        platformUserId: `${me.id}@${instance}`,
        username: `${me.username}@${instance}`,
        displayName: me.display_name || me.username,
        profilePicture: me.avatar ?? null,
        followerCount: me.followers_count ?? 0,
        accountType: "user",
        metadata: { instance, accountId: me.id, profileUrl: me.url ?? null, limits: await this.limits(instance) },
      },
    ];
  }

  /** The instance's limits, re-read by the daily health check: an admin may raise or lower them. */
  async accountFacts(account: AccountCredentials): Promise<Record<string, unknown>> {
    return { limits: await this.limits(instanceOf(account.metadata)) };
  }

  private async limits(instance: string): Promise<InstanceLimits> {
    return instanceLimits(await this.api.json(instance, null, "/api/v2/instance"));
  }

  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    return needing("write:statuses", async () => {
      const instance = instanceOf(account.metadata);
      this.checkMedia(account, request.media);
      const mediaIds: string[] = [];
      for (const m of request.media)
        mediaIds.push(await needing("write:media", () => this.upload(instance, account.accessToken, m)));
      const status = await this.createStatus(instance, account.accessToken, {
        key: await idempotencyKey(`target:${request.marker}`, request.text),
        body: {
          status: request.text,
          ...(mediaIds.length && { media_ids: mediaIds }),
          ...statusFields(request.options),
        },
      });
      return { remoteId: status.id, permalink: status.url ?? null };
    });
  }

  /**
   * The first comment and each part of a thread: a status replying to the parent, keyed like the post. It keeps the
   * post's visibility, content warning and language: without them a followers-only thread would go on in public
   * (the account's default), as Mastodon's own composer never does.
   */
  reply(
    account: AccountCredentials,
    parentRemoteId: string,
    text: string,
    options?: PublishOptions,
  ): Promise<{ remoteId: string }> {
    return needing("write:statuses", async () => {
      const status = await this.createStatus(instanceOf(account.metadata), account.accessToken, {
        key: await idempotencyKey(`reply:${parentRemoteId}`, text),
        body: { status: text, in_reply_to_id: parentRemoteId, ...statusFields(options) },
      });
      return { remoteId: status.id };
    });
  }

  /** The account's limits as its instance set them (a post over them would be refused with a 422). */
  private checkMedia(account: AccountCredentials, media: PublishMedia[]) {
    const limits = { ...instanceLimits(null), ...(account.metadata.limits as Partial<InstanceLimits> | undefined) };
    const fail = (message: string) => new PlatformError("permanent", message, { platform: "mastodon" });
    if (media.length > limits.maxMediaAttachments)
      throw fail(`This Mastodon server takes at most ${limits.maxMediaAttachments} attachments per post.`);
    if (media.some((m) => m.kind === "video") && media.length > 1)
      throw fail("A Mastodon post takes one video on its own, or images.");
    for (const m of media) {
      const max = m.kind === "video" ? limits.videoSizeLimit : limits.imageSizeLimit;
      if (m.size > max) throw fail(`This Mastodon server takes ${m.kind}s up to ${Math.floor(max / 1048576)} MB.`);
    }
  }

  private async createStatus(
    instance: string,
    token: string,
    input: { key: string; body: Record<string, unknown> },
  ): Promise<StatusAnswer> {
    const res = await this.api.request(instance, token, "/api/v1/statuses", {
      json: input.body,
      headers: { "Idempotency-Key": input.key },
      creates: true,
    });
    return parseAnswer("mastodon", Status, res.data, true);
  }

  /** POST /api/v2/media: 200 with a url for images; 202 without one while video is processed, then polled. */
  private async upload(instance: string, token: string, media: PublishMedia): Promise<string> {
    const blob = await new Response(await media.open()).blob();
    const form = new FormData();
    const name = `upload.${media.mimeType.split("/")[1] ?? "bin"}`;
    form.set("file", new File([blob], name, { type: media.mimeType }));
    if (media.altText) form.set("description", media.altText);
    const res = await this.api.request(instance, token, "/api/v2/media", { body: form, timeoutMs: 120_000 });
    let attachment = parseAnswer("mastodon", Attachment, res.data, false);
    for (let poll = 0; !attachment.url; poll++) {
      if (poll >= MEDIA_POLL_LIMIT)
        throw new PlatformError("retryable", "Mastodon is still processing the video; trying again later.", {
          platform: "mastodon",
        });
      await this.deps.sleep(MEDIA_POLL_MS);
      // 206 Partial Content while processing; 200 with the url once it is done.
      const next = await this.api.request(instance, token, `/api/v1/media/${attachment.id}`, { accept: [206] });
      attachment = parseAnswer("mastodon", Attachment, next.data, false);
    }
    return attachment.id;
  }

  /**
   * Settles an unknown outcome once the instance has forgotten the Idempotency-Key (an hour): the account's own
   * top-level status since `since` whose source text is exactly `text`.
   */
  async findPublished(
    account: AccountCredentials,
    _marker: string,
    since: number,
    text?: string,
  ): Promise<PublishResult | null> {
    if (text === undefined) return null;
    const hit = await this.findOwn(
      account,
      text,
      since,
      (s) => !s.in_reply_to_id,
      `/api/v1/accounts/${this.accountId(account)}/statuses?limit=40&exclude_replies=true`,
    );
    return hit ? { remoteId: hit.id, permalink: hit.url ?? null } : null;
  }

  async findReply(
    account: AccountCredentials,
    parentRemoteId: string,
    text: string,
    since: number,
  ): Promise<{ remoteId: string } | null> {
    const hit = await this.findOwn(
      account,
      text,
      since,
      (s) => s.in_reply_to_id === parentRemoteId,
      `/api/v1/statuses/${parentRemoteId}/context`,
    );
    return hit ? { remoteId: hit.id } : null;
  }

  private async findOwn(
    account: AccountCredentials,
    text: string,
    since: number,
    fits: (s: StatusAnswer) => boolean,
    path: string,
  ): Promise<StatusAnswer | null> {
    const instance = instanceOf(account.metadata);
    const data = await this.api.json<unknown>(instance, account.accessToken, path);
    const list = z
      .array(Status)
      .parse(Array.isArray(data) ? data : ((data as { descendants?: unknown })?.descendants ?? []));
    const own = this.accountId(account);
    const candidates = list.filter(
      (s) => fits(s) && (!s.account || s.account.id === own) && Date.parse(s.created_at ?? "") >= since - 60_000,
    );
    for (const status of candidates) {
      // The source is the text as it was sent; `content` is the instance's HTML rendering of it.
      const source = await this.api.json<{ text?: string }>(
        instance,
        account.accessToken,
        `/api/v1/statuses/${status.id}/source`,
      );
      if (source.text === text) return status;
    }
    return null;
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    await this.api.request(instanceOf(account.metadata), account.accessToken, `/api/v1/statuses/${remoteId}`, {
      method: "DELETE",
    });
  }

  /** Mastodon counts favourites, boosts and replies; it keeps no impressions or reach. */
  async postMetrics(account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const status = await this.status(account, remoteId);
    return {
      impressions: 0,
      reach: 0,
      likes: status.favourites_count ?? 0,
      comments: status.replies_count ?? 0,
      shares: status.reblogs_count ?? 0,
      saves: 0,
      clicks: 0,
      videoViews: 0,
    };
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    const me = await this.me(instanceOf(account.metadata), account.accessToken);
    return { followers: me.followers_count ?? 0 };
  }

  async comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const context = await this.api.json<{ descendants?: unknown }>(
      instanceOf(account.metadata),
      account.accessToken,
      `/api/v1/statuses/${remoteId}/context`,
    );
    return z
      .array(Status)
      .parse(context.descendants ?? [])
      .map((s) => ({
        id: s.id,
        author: s.account?.acct ?? "",
        text: plainText(s.content ?? ""),
        createdAt: s.created_at ?? "",
      }));
  }

  /** The inbox's mentions since the cursor (the newest notification id taken in). */
  mentions(account: AccountCredentials, cursor: string | null) {
    return readMentions(this.api, account, cursor);
  }

  favourite(account: AccountCredentials, statusId: string, on: boolean) {
    return setFavourite(this.api, account, statusId, on);
  }

  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.me(instanceOf(account.metadata), account.accessToken);
  }

  private async status(account: AccountCredentials, id: string): Promise<StatusAnswer> {
    const res = await this.api.request(instanceOf(account.metadata), account.accessToken, `/api/v1/statuses/${id}`);
    return parseAnswer("mastodon", Status, res.data, false);
  }

  private async me(instance: string, token: string) {
    const res = await this.api.request(instance, token, "/api/v1/accounts/verify_credentials");
    return parseAnswer("mastodon", Account, res.data, false);
  }

  /** The account's id on its instance (platformUserId carries `@instance` as well). */
  private accountId(account: AccountCredentials): string {
    return String(account.metadata.accountId ?? account.platformUserId.split("@")[0]);
  }
}
