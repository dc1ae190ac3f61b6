import { z } from "zod";
import { cardEmbed } from "./bluesky-card";
import { type Facet, resolvedFacets } from "./bluesky-facets";
import { BlueskyIdentity, type Identity, normalHandle } from "./bluesky-identity";
import { BlueskyOAuth } from "./bluesky-oauth";
import { checkMedia, checkText, refuse } from "./bluesky-rules";
import { AppPasswordSession } from "./bluesky-session";
import {
  aspectOf,
  blobRef,
  parseAtUri,
  postUrl,
  postView,
  profile,
  record,
  strongRef,
  threadReply,
} from "./bluesky-shapes";
import { markerClockId, postRecordKey, replyRecordKey, tidClockId } from "./bluesky-tid";
import { BlueskyVideo, type JobStatus, videoEmbed } from "./bluesky-video";
import { Xrpc } from "./bluesky-xrpc";
import type { ClientDeps } from "./registry";
import {
  type AccountCredentials,
  type AccountMetrics,
  type PlatformClient,
  PlatformError,
  type PostMetrics,
  type PublishMedia,
  type PublishRequest,
  type PublishResult,
  type RemoteAccount,
  type RemoteComment,
  type StagingSupport,
  type TokenSet,
} from "./types";

/**
 * Bluesky (AT Protocol). An account is a DID whose repository lives on its own PDS (ADR 060): every write goes
 * to that PDS (com.atproto.repo.*), reads of counts and profiles to the AppView (app.bsky.*). Posts are
 * app.bsky.feed.post records written under a key Postline chose before the first call, so a retry can only
 * write the same record (createRecord answers an error when it exists; getRecord then finds it). A video goes
 * through the video service first (bluesky-video.ts, ADR 090).
 */

const POST = "app.bsky.feed.post";
/** How long a recorded video job is worth resuming: the PDS drops a blob no record references after a while. */
const JOB_KEPT_MS = 3_600_000;

export function pdsOf(account: Pick<AccountCredentials, "metadata">): string {
  const pds = account.metadata.pds;
  if (typeof pds !== "string")
    throw new PlatformError("auth", "Reconnect this Bluesky account.", { platform: "bluesky" });
  return pds;
}

export class BlueskyClient implements PlatformClient {
  readonly platform = "bluesky" as const;
  /** The connect starts from the account's handle, which names its PDS and authorization server (ADR 073). */
  readonly perInstance = true;
  readonly named = {
    normalize: normalHandle,
    hint: "Enter your Bluesky handle, like name.bsky.social.",
    metadataKey: "handle",
  };
  readonly xrpc: Xrpc;
  private readonly identity: BlueskyIdentity;
  private readonly oauth: BlueskyOAuth;
  private readonly video: BlueskyVideo;
  private readonly session: AppPasswordSession;

  constructor(private readonly deps: ClientDeps) {
    this.xrpc = new Xrpc(deps);
    this.identity = new BlueskyIdentity(this.xrpc, deps.endpoints);
    this.oauth = new BlueskyOAuth(deps, this.identity, this.xrpc.nonces);
    this.video = new BlueskyVideo(this.xrpc, deps);
    this.session = new AppPasswordSession(this.xrpc);
  }

  /** AT Protocol OAuth from the handle (`instance`): PAR with PKCE and DPoP; the browser gets the request_uri. */
  authorizeUrl(input: { state: string; redirectUri: string; codeVerifier?: string; instance?: string }) {
    if (!input.codeVerifier || !input.instance) throw new TypeError("Bluesky OAuth needs a handle and PKCE");
    return this.oauth.start({ ...input, codeVerifier: input.codeVerifier, handle: input.instance });
  }

  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string; secret?: string; issuer?: string }) {
    if (!input.codeVerifier || !input.secret) throw new TypeError("Bluesky OAuth needs its PKCE verifier and key");
    return this.oauth.exchange({ ...input, codeVerifier: input.codeVerifier, secret: input.secret });
  }

  /** The account the OAuth tokens are for: the handle resolved again, and the PDS's session must be its DID. */
  async accounts(tokens: TokenSet, _variant?: string, handle?: string): Promise<RemoteAccount[]> {
    if (!handle) throw new TypeError("Bluesky accounts need the handle the connect started from");
    const id = await this.identity.resolve(handle);
    const { did } = await this.xrpc.call(id.pds, "com.atproto.server.getSession", z.object({ did: z.string() }), {
      token: tokens.accessToken,
    });
    if (did !== id.did) throw refuse(`The server signed in ${did}, not ${id.did}.`);
    return [await this.remoteAccount(id, "oauth")];
  }

  /** Handle → DID → PDS, then com.atproto.server.createSession there with the app password (the fallback). */
  async signIn(input: { identifier: string; password: string }) {
    const id = await this.identity.resolve(input.identifier);
    const s = await this.session.create(id.pds, id.handle, input.password);
    if (s.did !== id.did) throw refuse(`The server signed in ${s.did}, not ${id.did}.`);
    return { tokens: s.tokens, accounts: [await this.remoteAccount(id, "app-password")] };
  }

  private async remoteAccount(id: Identity, connectionType: "oauth" | "app-password"): Promise<RemoteAccount> {
    const me = await this.profile(id.did);
    return {
      platformUserId: id.did,
      username: id.handle,
      displayName: me.displayName || id.handle,
      profilePicture: me.avatar ?? null,
      followerCount: me.followersCount ?? 0,
      accountType: "personal",
      metadata: { pds: id.pds, handle: id.handle, connectionType },
    };
  }

  /**
   * OAuth: the token endpoint's refresh_token grant with the session's DPoP key; an app password's session:
   * com.atproto.server.refreshSession. Either way both tokens are replaced.
   */
  async refresh(tokens: TokenSet, account?: Pick<AccountCredentials, "platformUserId" | "metadata">) {
    if (!tokens.refreshToken || !account)
      throw new PlatformError("auth", "Reconnect this Bluesky account.", { platform: "bluesky" });
    if (account.metadata.connectionType === "oauth")
      return this.oauth.refresh(tokens.refreshToken, account.platformUserId);
    return this.session.refresh(pdsOf(account), tokens.refreshToken);
  }

  /**
   * On disconnect: OAuth tokens are revoked at the authorization server (RFC 7009); an app password's session
   * is deleted on the PDS with its refresh JWT. Without a refresh token there is nothing the server keeps.
   */
  async revoke(tokens: Pick<TokenSet, "accessToken" | "refreshToken">, account: Pick<AccountCredentials, "metadata">) {
    if (account.metadata.connectionType === "oauth") return this.oauth.revoke(pdsOf(account), tokens);
    if (tokens.refreshToken) await this.session.delete(pdsOf(account), tokens.refreshToken);
  }

  private profile(actor: string) {
    return this.xrpc.call(this.deps.endpoints.BSKY_APPVIEW_BASE, "app.bsky.actor.getProfile", profile, {
      params: { actor },
    });
  }

  async publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    this.keyOf(request);
    checkText(request.text);
    checkMedia(request.media);
    const video = request.media.find((m) => m.kind === "video");
    if (video) {
      const job = await this.video.upload(account, pdsOf(account), video, request.marker);
      // Recorded before the wait: a retry or a crash resumes this job (`staging.publish`) instead of a new upload.
      await request.recordHandle?.({ remoteId: job.jobId, ready: false, expiresAt: this.deps.now() + JOB_KEPT_MS });
      return this.postVideo(account, request, video, job);
    }
    const images = [];
    for (const m of request.media) {
      const bytes = new Uint8Array(await new Response(await m.open()).arrayBuffer());
      images.push({ image: await this.blob(account, bytes, m.mimeType), alt: m.altText ?? "" });
    }
    const embed = images.length
      ? {
          $type: "app.bsky.embed.images",
          images: images.map((img, i) => ({ ...img, ...aspectOf(request.media[i]!) })),
        }
      : await this.linkCard(account, request.text);
    return this.post(account, request, embed);
  }

  /** The job's blob once processed, in its app.bsky.embed.video (bluesky-video.ts). */
  private async postVideo(account: AccountCredentials, request: PublishRequest, video: PublishMedia, job: JobStatus) {
    const blob = await this.video.blob(job);
    return this.post(account, request, await videoEmbed(video, blob, (bytes, type) => this.blob(account, bytes, type)));
  }

  /** The target's post, under the key its id and creation time make (ADR 060). */
  private async post(account: AccountCredentials, request: PublishRequest, embed: Record<string, unknown> | null) {
    const rkey = this.keyOf(request);
    const post = {
      $type: POST,
      text: request.text,
      createdAt: new Date(this.deps.now()).toISOString(),
      ...(await this.facets(request.text)),
      ...(embed && { embed }),
      // app.bsky.feed.post#langs: what the text is written in, for readers' language filters.
      ...(request.options?.language && { langs: [request.options.language] }),
    };
    const uri = await this.write(account, rkey, post);
    return { remoteId: uri, permalink: postUrl(account.platformUserId, rkey) };
  }

  private keyOf(request: PublishRequest) {
    if (request.createdAt === undefined) throw new TypeError("A Bluesky publish needs the target's creation time");
    return postRecordKey(request.marker, request.createdAt);
  }

  /**
   * A video post carried on from its recorded job (a retry, a crash): the job is polled, never uploaded again; a
   * job the service failed starts over. Bluesky posts are never prepared ahead: the PDS keeps a blob no record
   * references for minutes only.
   */
  readonly staging: StagingSupport = {
    stage: async () => {
      throw refuse("Bluesky posts are made at their time, not prepared ahead.");
    },
    check: async (_account, staged) => ({ ...staged, ready: !!(await this.video.status(staged.remoteId)).blob }),
    publish: async (account, request, staged) => {
      const job = await this.video.status(staged.remoteId);
      const video = request.media.find((m) => m.kind === "video");
      if (!video || (job.state === "JOB_STATE_FAILED" && !job.blob)) return this.publish(account, request);
      return this.postVideo(account, request, video, job);
    },
    find: async (account, request) => {
      const found = await this.getRecord(account, `at://${account.platformUserId}/${POST}/${this.keyOf(request)}`);
      return found
        ? { remoteId: found.uri, permalink: postUrl(account.platformUserId, parseAtUri(found.uri).rkey) }
        : null;
    },
    // The service has no delete; a job no post used lapses on Bluesky's side.
    discard: async () => {},
  };

  /** The link card of the text's first link, its thumb uploaded as a blob (bluesky-card.ts). */
  private linkCard(account: AccountCredentials, text: string) {
    return cardEmbed(this.deps.fetch, text, (bytes, type) => this.blob(account, bytes, type));
  }

  /**
   * A thread's next part, or the first comment: a reply naming the thread's root and its parent. Under the account's
   * own post it carries that post's `langs`; an inbox answer to someone else's post none (its language is unknown).
   */
  async reply(account: AccountCredentials, parentRemoteId: string, text: string) {
    checkText(text);
    const parent = await this.getRecord(account, parentRemoteId);
    if (!parent?.cid) throw refuse("The post to reply to is gone from Bluesky.");
    const parentRef = { uri: parent.uri, cid: parent.cid };
    const langs = parseAtUri(parent.uri).repo === account.platformUserId ? parent.value.langs : undefined;
    const post = {
      $type: POST,
      text,
      createdAt: new Date(this.deps.now()).toISOString(),
      ...(await this.facets(text)),
      reply: { root: parent.value.reply?.root ?? parentRef, parent: parentRef },
      ...(langs?.length && { langs }),
    };
    return { remoteId: await this.write(account, replyRecordKey(parseAtUri(parentRemoteId).rkey, text), post) };
  }

  async findReply(account: AccountCredentials, parentRemoteId: string, text: string) {
    const rkey = replyRecordKey(parseAtUri(parentRemoteId).rkey, text);
    const found = await this.getRecord(account, `at://${account.platformUserId}/${POST}/${rkey}`);
    return found && found.value.reply?.parent.uri === parentRemoteId ? { remoteId: found.uri } : null;
  }

  /**
   * createRecord under `rkey`. Any refusal other than the token's may mean the record is already there (a
   * retry after a lost answer: the PDS fails on an existing key), so the key is read before giving up.
   */
  private async write(account: AccountCredentials, rkey: string, value: Record<string, unknown>): Promise<string> {
    try {
      const created = await this.xrpc.call(pdsOf(account), "com.atproto.repo.createRecord", strongRef, {
        token: account.accessToken,
        json: { repo: account.platformUserId, collection: POST, rkey, record: value },
        creates: true,
      });
      return created.uri;
    } catch (err) {
      if (!(err instanceof PlatformError) || err.kind === "auth" || err.details.outcomeUnknown) throw err;
      if (err.details.status === 429) throw err;
      const existing = await this.getRecord(account, `at://${account.platformUserId}/${POST}/${rkey}`).catch(
        () => null,
      );
      // The key is this target's alone: whatever record holds it is the one an earlier attempt wrote.
      if (existing) return existing.uri;
      throw err;
    }
  }

  /** com.atproto.repo.getRecord; null when the repo has no such record. */
  private async getRecord(account: AccountCredentials, uri: string) {
    const { repo, collection, rkey } = parseAtUri(uri);
    try {
      return await this.xrpc.call(pdsOf(account), "com.atproto.repo.getRecord", record, {
        params: { repo, collection, rkey },
      });
    } catch (err) {
      if (err instanceof PlatformError && err.details.code === "RecordNotFound") return null;
      throw err;
    }
  }

  /** com.atproto.repo.uploadBlob on the account's PDS. */
  private async blob(account: AccountCredentials, bytes: Uint8Array<ArrayBuffer>, type: string) {
    const { blob } = await this.xrpc.call(pdsOf(account), "com.atproto.repo.uploadBlob", z.object({ blob: blobRef }), {
      token: account.accessToken,
      body: bytes,
      headers: { "Content-Type": type },
    });
    return blob;
  }

  /** The text's facets; a mention's handle is resolved to its DID, one that does not resolve stays plain text. */
  private async facets(text: string): Promise<{ facets?: Facet[] }> {
    const facets = await resolvedFacets(text, (handle) =>
      this.identity.resolveHandle(handle).catch((err) => {
        if (err instanceof PlatformError && err.kind === "retryable") throw err;
        return null;
      }),
    );
    return facets.length ? { facets } : {};
  }

  /**
   * Settles an unknown outcome: the account's recent posts, the one whose key carries this target's clock id
   * and whose text is the one sent. (A resend would find it anyway: its key is the same, ADR 060.)
   */
  async findPublished(account: AccountCredentials, marker: string, since: number, text?: string) {
    const { records } = await this.xrpc.call(
      pdsOf(account),
      "com.atproto.repo.listRecords",
      z.object({ records: z.array(record) }),
      { params: { repo: account.platformUserId, collection: POST, limit: 100 } },
    );
    const clock = markerClockId(marker);
    const found = records.find((r) => {
      const { rkey } = parseAtUri(r.uri);
      const at = Date.parse(r.value.createdAt ?? "");
      return (
        tidClockId(rkey) === clock && !r.value.reply && at >= since && (text === undefined || r.value.text === text)
      );
    });
    return found
      ? { remoteId: found.uri, permalink: postUrl(account.platformUserId, parseAtUri(found.uri).rkey) }
      : null;
  }

  async deletePost(account: AccountCredentials, remoteId: string): Promise<void> {
    const { collection, rkey } = parseAtUri(remoteId);
    await this.xrpc.call(pdsOf(account), "com.atproto.repo.deleteRecord", z.unknown(), {
      token: account.accessToken,
      json: { repo: account.platformUserId, collection, rkey },
    });
  }

  /** app.bsky.feed.getPosts: Bluesky counts likes, reposts, quotes and replies; it shows no views or reach. */
  async postMetrics(_account: AccountCredentials, remoteId: string): Promise<PostMetrics> {
    const { posts } = await this.xrpc.call(
      this.deps.endpoints.BSKY_APPVIEW_BASE,
      "app.bsky.feed.getPosts",
      z.object({ posts: z.array(postView) }),
      { params: { uris: remoteId } },
    );
    const post = posts.find((p) => p.uri === remoteId);
    if (!post) throw refuse("This post is no longer on Bluesky.");
    return {
      impressions: 0,
      reach: 0,
      likes: post.likeCount ?? 0,
      comments: post.replyCount ?? 0,
      shares: (post.repostCount ?? 0) + (post.quoteCount ?? 0),
      saves: 0,
      clicks: 0,
      videoViews: 0,
    };
  }

  async accountMetrics(account: AccountCredentials): Promise<AccountMetrics> {
    return { followers: (await this.profile(account.platformUserId)).followersCount ?? 0 };
  }

  /** Direct replies from app.bsky.feed.getPostThread (depth 1). */
  async comments(_account: AccountCredentials, remoteId: string): Promise<RemoteComment[]> {
    const { thread } = await this.xrpc.call(
      this.deps.endpoints.BSKY_APPVIEW_BASE,
      "app.bsky.feed.getPostThread",
      z.object({ thread: z.object({ replies: z.array(z.unknown()).optional() }).passthrough() }),
      { params: { uri: remoteId, depth: 1, parentHeight: 0 } },
    );
    return (thread.replies ?? []).flatMap((r) => {
      const post = threadReply.safeParse(r).data?.post;
      const { text = "", createdAt = "" } = post?.record ?? {};
      return post ? [{ id: post.uri, author: post.author.handle, text, createdAt }] : [];
    });
  }

  /** com.atproto.server.getSession: the cheapest call that proves the token works. */
  async checkAccess(account: AccountCredentials): Promise<void> {
    await this.xrpc.call(pdsOf(account), "com.atproto.server.getSession", z.object({ did: z.string() }), {
      token: account.accessToken,
    });
  }
}
