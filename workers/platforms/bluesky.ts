import { z } from "zod";
import { PLATFORM_PROFILES } from "../platform-profile";
import { fetchCard } from "./bluesky-card";
import { type Facet, findFacets, graphemeCount, toFacets, utf8Length } from "./bluesky-facets";
import { BlueskyIdentity, type Identity, normalHandle } from "./bluesky-identity";
import { BlueskyOAuth } from "./bluesky-oauth";
import {
  blobRef,
  parseAtUri,
  postUrl,
  postView,
  profile,
  record,
  session,
  strongRef,
  threadReply,
} from "./bluesky-shapes";
import { markerClockId, postRecordKey, replyRecordKey, tidClockId } from "./bluesky-tid";
import { jwtExpiry, Xrpc } from "./bluesky-xrpc";
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
  type TokenSet,
} from "./types";

/**
 * Bluesky (AT Protocol). An account is a DID whose repository lives on its own PDS (ADR 060): every write goes
 * to that PDS (com.atproto.repo.*), reads of counts and profiles to the AppView (app.bsky.*). Posts are
 * app.bsky.feed.post records written under a key Postline chose before the first call, so a retry can only
 * write the same record (createRecord answers an error when it exists; getRecord then finds it).
 */

const POST = "app.bsky.feed.post";
const PROFILE = PLATFORM_PROFILES.bluesky;
/** app.bsky.embed.external thumb: maxSize 1,000,000. */
const MAX_THUMB_BYTES = 1_000_000;
/** app.bsky.feed.post text: maxLength 3,000 bytes. */
const MAX_TEXT_BYTES = 3000;

const refuse = (message: string) => new PlatformError("permanent", message, { platform: "bluesky" });

/** The text rules of app.bsky.feed.post, checked before anything is uploaded. */
export function checkText(text: string): void {
  const count = graphemeCount(text);
  if (count > PROFILE.characterLimit)
    throw refuse(`A Bluesky post takes up to ${PROFILE.characterLimit} characters; this one has ${count}.`);
  if (utf8Length(text) > MAX_TEXT_BYTES) throw refuse(`A Bluesky post takes up to ${MAX_TEXT_BYTES} bytes of text.`);
}

export function checkMedia(media: PublishMedia[]): void {
  if (media.some((m) => m.kind !== "image")) throw refuse("Bluesky posts from Postline take images only, not video.");
  if (media.length > PROFILE.media.maxItems)
    throw refuse(`A Bluesky post takes up to ${PROFILE.media.maxItems} images.`);
  const big = media.find((m) => m.size > PROFILE.media.maxImageBytes);
  if (big) throw refuse(`Bluesky takes images up to ${PROFILE.media.maxImageBytes.toLocaleString("en")} bytes.`);
}

export function pdsOf(account: Pick<AccountCredentials, "metadata">): string {
  const pds = account.metadata.pds;
  if (typeof pds !== "string")
    throw new PlatformError("auth", "Reconnect this Bluesky account.", { platform: "bluesky" });
  return pds;
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
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

  constructor(private readonly deps: ClientDeps) {
    this.xrpc = new Xrpc(deps);
    this.identity = new BlueskyIdentity(this.xrpc, deps.endpoints);
    this.oauth = new BlueskyOAuth(deps, this.identity, this.xrpc.nonces);
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
    const s = await this.xrpc.call(id.pds, "com.atproto.server.createSession", session, {
      json: { identifier: id.handle, password: input.password },
    });
    if (s.did !== id.did) throw refuse(`The server signed in ${s.did}, not ${id.did}.`);
    return { tokens: this.tokens(s), accounts: [await this.remoteAccount(id, "app-password")] };
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

  private tokens(s: z.output<typeof session>): TokenSet {
    return {
      accessToken: s.accessJwt,
      refreshToken: s.refreshJwt,
      expiresAt: jwtExpiry(s.accessJwt),
      refreshExpiresAt: jwtExpiry(s.refreshJwt),
      scopes: ["transition:generic"],
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
    const s = await this.xrpc.call(pdsOf(account), "com.atproto.server.refreshSession", session, {
      method: "POST",
      token: tokens.refreshToken,
    });
    return this.tokens(s);
  }

  private profile(actor: string) {
    return this.xrpc.call(this.deps.endpoints.BSKY_APPVIEW_BASE, "app.bsky.actor.getProfile", profile, {
      params: { actor },
    });
  }

  async publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult> {
    if (request.createdAt === undefined) throw new TypeError("A Bluesky publish needs the target's creation time");
    checkText(request.text);
    checkMedia(request.media);
    const rkey = postRecordKey(request.marker, request.createdAt);
    const images = [];
    for (const m of request.media) images.push({ image: await this.uploadBlob(account, m), alt: m.altText ?? "" });
    const dims = request.media.map((m) => (m.width && m.height ? { width: m.width, height: m.height } : null));
    const card = images.length ? null : await this.linkCard(account, request.text);
    const post = {
      $type: POST,
      text: request.text,
      createdAt: new Date(this.deps.now()).toISOString(),
      ...(await this.facets(request.text)),
      ...(images.length && {
        embed: {
          $type: "app.bsky.embed.images",
          images: images.map((img, i) => ({ ...img, ...(dims[i] && { aspectRatio: dims[i] }) })),
        },
      }),
      ...(card && { embed: { $type: "app.bsky.embed.external", external: card } }),
    };
    const uri = await this.write(account, rkey, post);
    return { remoteId: uri, permalink: postUrl(account.platformUserId, rkey) };
  }

  /**
   * The card of the text's first link, with its image as the thumb when it is an image within the lexicon's
   * 1,000,000 bytes. Whatever fails, the post goes without a card (or without a thumb).
   */
  private async linkCard(account: AccountCredentials, text: string) {
    const link = findFacets(text).find((f) => f.kind === "link");
    const card = link?.kind === "link" ? await fetchCard(this.deps.fetch, link.uri) : null;
    if (!card) return null;
    const external = { uri: card.uri, title: card.title, description: card.description };
    if (!card.image) return external;
    try {
      const res = await this.deps.fetch(card.image, { signal: AbortSignal.timeout(5_000) });
      const type = res.headers.get("Content-Type") ?? "";
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (!res.ok || !type.startsWith("image/") || bytes.length > MAX_THUMB_BYTES) return external;
      const { blob } = await this.xrpc.call(
        pdsOf(account),
        "com.atproto.repo.uploadBlob",
        z.object({ blob: blobRef }),
        {
          token: account.accessToken,
          body: bytes,
          headers: { "Content-Type": type },
        },
      );
      return { ...external, thumb: blob };
    } catch {
      return external;
    }
  }

  /** A thread's next part, or the first comment: a post whose reply names the thread's root and its parent. */
  async reply(account: AccountCredentials, parentRemoteId: string, text: string) {
    checkText(text);
    const parent = await this.getRecord(account, parentRemoteId);
    if (!parent?.cid) throw refuse("The post to reply to is gone from Bluesky.");
    const parentRef = { uri: parent.uri, cid: parent.cid };
    const post = {
      $type: POST,
      text,
      createdAt: new Date(this.deps.now()).toISOString(),
      ...(await this.facets(text)),
      reply: { root: parent.value.reply?.root ?? parentRef, parent: parentRef },
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

  private async uploadBlob(account: AccountCredentials, media: PublishMedia) {
    const bytes = await bytesOf(await media.open());
    const { blob } = await this.xrpc.call(pdsOf(account), "com.atproto.repo.uploadBlob", z.object({ blob: blobRef }), {
      token: account.accessToken,
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { "Content-Type": media.mimeType },
    });
    return blob;
  }

  /** The text's facets; a mention's handle is resolved to its DID, one that does not resolve stays plain text. */
  private async facets(text: string): Promise<{ facets?: Facet[] }> {
    const found = findFacets(text);
    if (!found.length) return {};
    const dids = new Map<string, string | null>();
    for (const f of found) {
      if (f.kind !== "mention" || dids.has(f.handle)) continue;
      dids.set(
        f.handle,
        await this.identity.resolveHandle(f.handle).catch((err) => {
          if (err instanceof PlatformError && err.kind === "retryable") throw err;
          return null;
        }),
      );
    }
    const facets = toFacets(found, (h) => dids.get(h) ?? null);
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
