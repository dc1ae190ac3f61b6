import type { LocalPostOptions, Platform, PostFormat } from "../platform-profile";
import type { TikTokSettings } from "./tiktok-settings";

export type { LocalPostOptions };

/**
 * The contract every platform client implements (DESIGN.md "Platforms and the emulator").
 * Feature code talks to platforms only through this; no feature code knows a platform URL.
 */

export type PlatformErrorKind = "retryable" | "auth" | "permanent";

/** A classified platform failure. `message` is the platform's own words, kept for the user. */
export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    readonly details: {
      platform: Platform;
      status?: number;
      code?: string | number;
      subcode?: string | number;
      /** From Retry-After, x-rate-limit-reset, x-app-usage and the like. */
      retryAfterMs?: number;
      /** True when the request may have reached the platform and its outcome is unknown (timeout, dropped response). */
      outcomeUnknown?: boolean;
      /**
       * Set when the platform refused because the token lacks a permission (Graph #10/#200, LinkedIn
       * ACCESS_DENIED, X 403, Google insufficientPermissions): a new consent that grants it fixes it.
       */
      denied?: { permission: string | null };
    },
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string | null;
  /** Epoch ms, or null when the platform gives no expiry. */
  expiresAt: number | null;
  refreshExpiresAt?: number | null;
  scopes?: string[];
}

export interface RemoteAccount {
  platformUserId: string;
  username: string;
  displayName: string;
  profilePicture?: string | null;
  followerCount?: number | null;
  accountType: string;
  /** Set when one consent yields accounts of another platform (Facebook Login gives Pages and Instagram accounts). */
  platform?: Platform;
  /** Set for accounts that publish with their own token (Facebook Pages). */
  tokens?: TokenSet;
  metadata?: Record<string, unknown>;
}

export interface PublishMedia {
  /** Our media id (what an edit that swaps the file changes). */
  mediaId?: string;
  kind: "image" | "video";
  /** A URL the platform can fetch (long-lived signed URL to our media route). */
  url: string;
  mimeType: string;
  size: number;
  width?: number | null;
  height?: number | null;
  durationSec?: number | null;
  altText?: string | null;
  /** A video's caption files (WebVTT), one per BCP-47 language: Bluesky sends them with the video. */
  captions?: { lang: string; open: () => Promise<ReadableStream<Uint8Array>> }[];
  /** Reads the bytes, for platforms that take uploads instead of URLs (YouTube, X, LinkedIn). */
  open: () => Promise<ReadableStream<Uint8Array>>;
}

export interface PublishRequest {
  /** Our target id; clients embed it where the platform allows so an unknown outcome can be checked. */
  marker: string;
  text: string;
  title?: string | null;
  media: PublishMedia[];
  /** The channel's platform options (ADR 021); a client reads the ones its platform has. */
  options?: PublishOptions;
  /** Published under the post once it is out (ADR 021). */
  firstComment?: string | null;
  /** The parts after the first, each published as a reply to the previous (ADR 027). */
  thread?: string[];
  /** When the target was created (epoch ms): with `marker`, what Bluesky's record key is made of (ADR 060). */
  createdAt?: number;
  /**
   * Records the platform's handle of a post made in steps (TikTok's publish_id) before the step that can make it
   * public, so a retry carries on with it through `staging.publish` instead of starting another (ADR 064).
   */
  recordHandle?: (handle: StagedMedia) => Promise<void>;
}

/** TikTok's settings (tiktok-settings.ts) ride with the other platforms' options. */
export interface PublishOptions extends TikTokSettings {
  /** YouTube privacyStatus (default public). */
  privacy?: "public" | "unlisted" | "private";
  /** YouTube tags. */
  tags?: string[];
  /** LinkedIn visibility (default PUBLIC). */
  visibility?: "PUBLIC" | "CONNECTIONS" | "LOGGED_IN";
  /** Mastodon: who sees the status (default: the account's own preference). */
  statusVisibility?: "public" | "unlisted" | "private" | "direct";
  /** Mastodon: the content warning shown before the text (`spoiler_text`). */
  contentWarning?: string;
  /** Mastodon: the status's ISO 639-1 language; Bluesky: the post's `langs`. */
  language?: string;
  /** Instagram and Facebook: a Reel or a Story instead of a feed post; YouTube: a Short (ADR 066). */
  format?: PostFormat;
  /** Google Business Profile: what kind of local post this is, and its button, dates and offer. */
  localPost?: LocalPostOptions;
  /** Pinterest: the board the pin goes on (required there), a section of it, and where the pin links to. */
  board?: string;
  boardSection?: string;
  link?: string;
}

/** A place on the account a post goes to (a Pinterest board), with its sections. */
export interface RemoteBoard {
  id: string;
  name: string;
  privacy: string;
  sections: { id: string; name: string }[];
}

export interface PublishResult {
  remoteId: string;
  permalink: string | null;
}

/** Media prepared on the platform ahead of the due time (ADR 029): only the final publish call remains. */
export interface StagedMedia {
  /** The platform's handle: a private video, a container. */
  remoteId: string;
  /** False while the platform is still processing it. */
  ready: boolean;
  /** When the platform drops it (containers: 24 h); null: kept until deleted. */
  expiresAt: number | null;
}

/** A client that can prepare a post ahead (ADR 029). Each call is its own request, classified as usual. */
export interface StagingSupport {
  /** Uploads the media as something not yet public. */
  stage(account: AccountCredentials, request: PublishRequest): Promise<StagedMedia>;
  /** Its processing state now; null when the platform no longer has it. A processing failure throws `permanent`. */
  check(account: AccountCredentials, staged: StagedMedia): Promise<StagedMedia | null>;
  /** The final call that makes the staged media public: the one call whose lost answer is an unknown outcome. */
  publish(account: AccountCredentials, request: PublishRequest, staged: StagedMedia): Promise<PublishResult>;
  /**
   * Settles an unknown outcome of `publish`: the post when the staged media is public, else null. `since`: the
   * earliest the final call can have made it (for a platform that can only look the post up by its text).
   */
  find(
    account: AccountCredentials,
    request: PublishRequest,
    staged: StagedMedia,
    since?: number,
  ): Promise<PublishResult | null>;
  /** Deletes the staged media (an edit, a cancel, a delete); already gone is fine. */
  discard(account: AccountCredentials, staged: StagedMedia): Promise<void>;
}

export interface PostMetrics {
  impressions: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number;
  videoViews: number;
}

export interface AccountMetrics {
  followers: number;
  reach?: number;
  impressions?: number;
  profileViews?: number;
  /** Audience insights where the platform gives them (Instagram, Facebook Pages, YouTube). */
  audience?: AudienceInsights;
}

export interface AudienceInsights {
  age: Array<{ range: string; percentage: number }>;
  gender: Array<{ type: string; percentage: number }>;
  locations: Array<{ country: string; percentage: number }>;
  /** Hour 0-23 in UTC. */
  activeHours: Array<{ hour: number; activity: number }>;
}

export interface RemoteComment {
  id: string;
  author: string;
  text: string;
  createdAt: string;
}

/** A direct message to the account; `conversationId` is the other person's network id (their thread). */
export interface RemoteMessage extends RemoteComment {
  conversationId: string;
}

/** Postline's OAuth app on one server of an open network (ADR 059). */
export interface InstanceApp {
  clientId: string;
  clientSecret: string;
  scopes: string;
}

/** Where app registrations per server are kept (D1 in the Worker); clients never touch the database themselves. */
export interface InstanceAppStore {
  get(platform: Platform, instance: string, redirectUri: string): Promise<InstanceApp | null>;
  save(platform: Platform, instance: string, redirectUri: string, app: InstanceApp): Promise<void>;
}

/**
 * A consent start that keeps something for its callback besides the PKCE verifier (Bluesky: the DPoP key the
 * pushed request was signed with); the connect stores `secret` encrypted with the state.
 */
export interface AuthorizeStart {
  url: URL;
  secret: string;
}

/** The connected account as a client sees it: ids plus a valid access token. */
export interface AccountCredentials {
  platformUserId: string;
  accessToken: string;
  accountType: string;
  metadata: Record<string, unknown>;
}

export interface PlatformClient {
  readonly platform: Platform;
  /**
   * The user names where the account lives (a Mastodon instance, a Bluesky handle): the connect needs `instance`.
   */
  readonly perInstance?: boolean;
  /**
   * How that name is read when it is not a server's domain (Bluesky: a handle): its normal form (null when it is
   * not one), the hint when it is missing, and the metadata field a reconnect reads it back from.
   */
  readonly named?: { normalize: (input: string) => string | null; hint: string; metadataKey: string };
  /** Connect variants the client accepts (Instagram: "instagram-only" | "facebook"); the first is the default. */
  readonly variants?: readonly string[];
  /**
   * Where the browser goes to consent. `codeVerifier` is set for PKCE platforms. `reconnect` is a new consent
   * for an account that lost access; `missing` names the permissions it lacks, which platforms with
   * incremental consent (Meta's rerequest, Google's include_granted_scopes) ask for alone.
   */
  authorizeUrl(input: {
    state: string;
    redirectUri: string;
    codeVerifier?: string;
    variant?: string;
    reconnect?: { missing: string[] };
    /** The server the user named, on open networks (a Mastodon instance); may register the app there first. */
    instance?: string;
  }): URL | AuthorizeStart | Promise<URL | AuthorizeStart>;
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier?: string;
    variant?: string;
    instance?: string;
    /** What `authorizeUrl` kept for the callback (AuthorizeStart.secret). */
    secret?: string;
    /** The `iss` of the redirect back, where the server sends one (RFC 9207). */
    issuer?: string;
  }): Promise<TokenSet>;
  /** `account` names where the account lives, for platforms whose server is per account (a Bluesky PDS). */
  refresh(tokens: TokenSet, account?: Pick<AccountCredentials, "platformUserId" | "metadata">): Promise<TokenSet>;
  /**
   * Gives the tokens back when the account is disconnected (OAuth revocation, RFC 7009; a Bluesky session's
   * deletion); absent where the platform offers none. A failure is logged and never keeps the account connected.
   */
  revoke?(
    tokens: Pick<TokenSet, "accessToken" | "refreshToken">,
    account: Pick<AccountCredentials, "platformUserId" | "metadata">,
  ): Promise<void>;
  /**
   * Signs in with a handle and an app password instead of a consent (Bluesky); absent where the platform
   * has no such sign-in.
   */
  signIn?(input: { identifier: string; password: string }): Promise<{ tokens: TokenSet; accounts: RemoteAccount[] }>;
  /** The accounts this consent gives access to (a person, their Pages, organizations, channel…). */
  accounts(tokens: TokenSet, variant?: string, instance?: string): Promise<RemoteAccount[]>;
  /**
   * Facts about the account that the platform may change and the daily health check re-reads into its metadata
   * (a Mastodon instance's limits). Absent where nothing changes.
   */
  accountFacts?(account: AccountCredentials): Promise<Record<string, unknown>>;
  /**
   * Publishes; `permalink` is null when the platform's create call does not return one (Meta): it is then
   * read afterwards with `permalink()`, apart from publishing, so a failed read can never cause a resend.
   */
  publish(account: AccountCredentials, request: PublishRequest): Promise<PublishResult>;
  permalink?(account: AccountCredentials, remoteId: string): Promise<string | null>;
  /**
   * Looks for an already-published post carrying `marker` (settles an unknown outcome). Platforms with no
   * field to carry a marker match the exact `text` published since `since` instead, so callers pass it; `options`
   * says where to look for a format that is not a feed post (an Instagram Story, ADR 066).
   */
  findPublished(
    account: AccountCredentials,
    marker: string,
    since: number,
    text?: string,
    options?: PublishOptions,
  ): Promise<PublishResult | null>;
  deletePost(account: AccountCredentials, remoteId: string): Promise<void>;
  /** `options`: the channel's, so a format with metrics of its own (a Facebook Reel) is read where it has them. */
  postMetrics(account: AccountCredentials, remoteId: string, options?: PublishOptions): Promise<PostMetrics>;
  accountMetrics(account: AccountCredentials): Promise<AccountMetrics>;
  comments(account: AccountCredentials, remoteId: string): Promise<RemoteComment[]>;
  /** The platform's cheapest identity call with the account's token: the daily connection health check. */
  checkAccess(account: AccountCredentials): Promise<void>;
  /**
   * Publishes `text` under a published post: a comment on Instagram, Facebook and LinkedIn, a reply on X and
   * Threads (the first comment, and each next part of a thread). Absent where the platform has no such API.
   * `options`: the channel's, when the reply is the post's own thread part or first comment (Mastodon gives it the
   * post's visibility, content warning and language); absent for an inbox answer.
   */
  reply?(
    account: AccountCredentials,
    parentRemoteId: string,
    text: string,
    options?: PublishOptions,
  ): Promise<{ remoteId: string }>;
  /** The account's boards (Pinterest): where a post may go, chosen per channel. Absent where posts need none. */
  boards?(account: AccountCredentials): Promise<RemoteBoard[]>;
  /** Makes a new board on the account (Pinterest), answered as `boards()` lists it. */
  createBoard?(
    account: AccountCredentials,
    input: { name: string; privacy: "PUBLIC" | "SECRET" },
  ): Promise<RemoteBoard>;
  /** Preparing a post ahead of its time (ADR 029); absent where the platform publishes in one go. */
  readonly staging?: StagingSupport;
  /**
   * Looks for the account's own reply with exactly `text` under `parentRemoteId`, made since `since`: settles a
   * lost answer to `reply` (a thread part, a first comment) before it is sent again (ADR 027). Absent where
   * the platform offers no way to look.
   */
  findReply?(
    account: AccountCredentials,
    parentRemoteId: string,
    text: string,
    since: number,
  ): Promise<{ remoteId: string } | null>;
}

/**
 * Runs a call that needs `permission` and names it in a permission refusal the platform worded without
 * it (Graph's "#10", LinkedIn's ACCESS_DENIED): the call site knows what it asked for.
 */
export async function needing<T>(permission: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof PlatformError && err.details.denied && !err.details.denied.permission) {
      throw new PlatformError(err.kind, err.message, { ...err.details, denied: { permission } });
    }
    throw err;
  }
}
