import { AccountsService, D1InstanceApps, TokenCipher } from "./accounts";
import { AiService, AiUsageStore, createAiProvider } from "./ai";
import { AuthFlows, AuthService, RateLimitService } from "./auth";
import type { DeliveryDeps } from "./automation";
import { ApiKeyService, type WebhookMessage, WebhookService, webhookTransport } from "./automation";
import type { CommandDeps } from "./commands";
import { createPost, PostCommands } from "./commands";
import { cachedDashboard, type DashboardViewer } from "./dashboard";
import { createDb } from "./db/client";
import { shardDb, shardFor, shardNames } from "./db/directory";
import { stampShard } from "./db/shard-queues";
import { type Config, parseConfig } from "./env";
import { IdempotencyStore } from "./http/idempotency";
import { ImportService } from "./imports";
import { InboxService } from "./inbox";
import { LinkService } from "./links";
import { CloudflareMailer, DevMailboxMailer, type Mailer } from "./mail";
import { MediaLibrary, MediaUploads, MediaUrlSigner } from "./media";
import type { Platform } from "./platform-profile";
import {
  createPlatformRegistry,
  type PlatformClient,
  PlatformError,
  type PlatformRegistry,
  resolveEndpoints,
  upstreamFetch,
} from "./platforms";
import { countWaitingPosts, PostDrafts, PostStore } from "./posts";
import type { PublishMessage } from "./publishing";
import { ChannelHolds, PublishingService, publishDeps, TargetMoves } from "./publishing";
import { QueueService } from "./queue";
import type { MemberRef } from "./tenancy/membership";
import {
  ActivityLog,
  ApprovalService,
  Notifications,
  PostComments,
  personalWorkspaceInserts,
  recordActivity,
  ShareLinkService,
  WorkspaceService,
} from "./workspaces";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Where a Services' workspace data lives (ADR 035): `shard` names the shard of the workspace being served (a
 * request's, once `resolveWorkspace` knows it) or the one a cron or queue job works on; without it, the only
 * shard. It is asked again on each use, so work done before the workspace was known never pins a shard.
 * `meter` wraps every D1 handle (the bench's rows-read meter).
 */
export interface Placement {
  shard?: () => string;
  meter?: (d1: D1Database) => D1Database;
}

/** The account-level services (directory database, mail, sign-in, platform clients) and `scoped`, the workspace's. */
function accountServices(env: Env, now: () => number, origin: string | undefined, placement: Placement) {
  const config = parseConfig(env);
  const appOrigin = origin ?? config.APP_ORIGIN;
  const wrap = placement.meter ?? ((d1: D1Database) => d1);
  const shardName = placement.shard ?? (() => shardFor(env, null));
  const directory = createDb(wrap(env.DB));
  const mailer: Mailer =
    config.MAILER === "cloudflare" && env.EMAIL
      ? new CloudflareMailer(env.EMAIL, config.MAIL_FROM)
      : new DevMailboxMailer(directory);
  // Real hosts in live mode; in sandbox mode the emulator the Worker entry registered, in process.
  const platformFetch = upstreamFetch(env, config.PLATFORMS_MODE, appOrigin);
  const platforms = once(() =>
    createPlatformRegistry({
      endpoints: resolveEndpoints(config.endpointOverrides, config.PLATFORMS_MODE, appOrigin, now()),
      fetch: platformFetch,
      credentials: config.platformCredentials,
      now,
      sleep,
      instanceApps: new D1InstanceApps(directory, new TokenCipher(config.TOKEN_ENCRYPTION_KEY), now),
    }),
  );
  const shardForNew = shardNames(env)[0]!;
  const auth = new AuthService({
    db: directory,
    sessions: env.USER_SESSIONS,
    mailer,
    secret: config.SESSION_SECRET,
    now,
    personalWorkspace: (user, at) => personalWorkspaceInserts(directory, user, at, shardForNew),
  });
  const rateLimit = new RateLimitService(env.RATE_LIMITER, now);
  const mediaUrls = new MediaUrlSigner(config.SESSION_SECRET, now);
  const shared = { config, env, now, mailer, appOrigin, platformFetch, platforms, mediaUrls };
  // The workspace's services, built on first use from its shard (again when the shard asked for changes).
  let built: { shard: string; services: WorkspaceServices } | undefined;
  const scoped = (): WorkspaceServices => {
    const shard = shardName();
    if (built?.shard !== shard)
      built = { shard, services: workspaceServices(shard, wrap(shardDb(env, shard)), shared) };
    return built.services;
  };
  return {
    config,
    scoped,
    appOrigin,
    directory,
    mailer,
    platforms,
    shardForNew,
    auth,
    rateLimit,
    mediaUrls,
    platformFetch,
  };
}

/**
 * Everything a handler or loader may use, built from the bindings once per request. `origin` is this
 * Worker's public origin (from the request; APP_ORIGIN for cron and queues): OAuth redirect URIs and,
 * in sandbox mode, the consent pages and the emulator live there. Account-level services (sign-in, users,
 * workspaces and members, API keys) use the directory database `DB`; the workspace services are built on
 * first use from the workspace's shard (`workers/db/directory.ts`), so a request pays only for what it uses.
 */
export function buildServices(env: Env, now: () => number = Date.now, origin?: string, placement: Placement = {}) {
  const base = accountServices(env, now, origin, placement);
  const { config, directory, mailer, auth, rateLimit, mediaUrls, scoped } = base;
  const workspaces = new WorkspaceService({
    db: directory,
    mailer,
    now,
    origin: base.appOrigin,
    shardForNew: base.shardForNew,
    activityIn: (shard) => new ActivityLog(createDb(shardDb(env, shard))),
    waitingPosts: (ws) => countWaitingPosts(createDb(shardDb(env, ws.shard)), ws.id),
  });
  const account = {
    config,
    env,
    now,
    mailer,
    /** The directory database: users, workspaces, members, invitations, API keys (ADR 035). */
    directory,
    /** Server-to-server fetch: the real one in live mode, the in-process emulator in sandbox mode. */
    upstreamFetch: base.platformFetch,
    auth,
    apiKeys: new ApiKeyService(
      directory,
      (id) => auth.getUser(id),
      now,
      (entry) => scoped().activity.entry(entry),
    ),
    rateLimit,
    /** Register, sign in and out, reset by code: rate limits and cookies included, for the API and the forms. */
    authFlows: new AuthFlows(auth, rateLimit),
    /** Workspaces, members, invitations; `notifyMember` mails one member. */
    workspaces,
    /** `signedMediaUrl(origin, mediaId)`: the link a platform fetches when publishing. */
    mediaUrls,
  };
  return withWorkspaceServices(account, base.platforms, scoped);
}

/**
 * The account-level services with the workspace's as getters, each built on first use from the workspace's shard
 * (`account` holds plain values only: spreading it must not build anything).
 */
function withWorkspaceServices<A extends { now: () => number; workspaces: WorkspaceService }>(
  account: A,
  platforms: () => PlatformRegistry,
  scoped: () => WorkspaceServices,
) {
  const { now, workspaces } = account;
  return {
    ...account,
    get platforms() {
      return platforms();
    },
    /** The workspace's database (drizzle) and its raw D1 handle (batches that need D1's own statements). */
    get db() {
      return scoped().db;
    },
    get d1() {
      return scoped().d1;
    },
    /** The queues as this shard's producer: every message names the shard its rows are on. */
    get queues() {
      return scoped().queues;
    },
    get accounts() {
      return scoped().accounts;
    },
    get idempotency() {
      return scoped().idempotency;
    },
    /** Webhook endpoints, their delivery log, and `emit` for the events (ADR 019). */
    get webhooks() {
      return scoped().webhooks;
    },
    get webhookDeliveryDeps() {
      return scoped().webhookDeliveryDeps;
    },
    /** The AI assistant acting for one member (provider built on first use, not on every request). */
    get ai() {
      return scoped().ai;
    },
    get aiUsage() {
      return scoped().aiUsage;
    },
    get media() {
      return scoped().media;
    },
    get mediaUploads() {
      return scoped().mediaUploads;
    },
    get posts() {
      return scoped().posts;
    },
    /** What a user does with a post (create, edit, publish, delete, retry…), for the API, the pages and MCP. */
    get postCommands() {
      return scoped().postCommands;
    },
    /** Bulk import of spreadsheet rows as posts (ADR 022). */
    get imports() {
      return scoped().imports;
    },
    /** Per-account posting queues: weekly slots, Add to queue, reorder, pause, Share next (ADR 022). */
    get queue() {
      return scoped().queue;
    },
    /** Channels held (never claimed) after their media was deleted or their account disconnected or flagged. */
    get holds() {
      return scoped().holds;
    },
    /** Platform clients and credentials for analytics sync. */
    get analyticsDeps() {
      return scoped().analyticsDeps;
    },
    get platformAccess() {
      return scoped().platformAccess;
    },
    get publishing() {
      return scoped().publishing;
    },
    get notifications() {
      return scoped().notifications;
    },
    get approvals() {
      return scoped().approvals;
    },
    /** Who did what in the workspace (owners and admins read it). */
    get activity() {
      return scoped().activity;
    },
    /** Members' comments on posts, with @mentions. */
    get comments() {
      return scoped().comments;
    },
    /** Client approval links and what clients decide through them. */
    get shareLinks() {
      return scoped().shareLinks;
    },
    /** The dashboard (30 s per-workspace cache), for the API and the /dashboard loader. */
    get dashboard() {
      return scoped().dashboard;
    },
    /** Short links that count clicks: settings and the clicks report (ADR 067). */
    get links() {
      return scoped().links;
    },
    /** The engagement inbox: comments and mentions, triage and replies (ADR 069). */
    get inbox() {
      const { db, platformAccess } = scoped();
      const memberIds = async (workspaceId: string) => (await workspaces.members(workspaceId)).map((m) => m.userId);
      return new InboxService({ db, now, ...platformAccess, memberIds });
    },
  };
}

export type Services = ReturnType<typeof buildServices>;

/** What the account-level part hands the workspace part: configuration and the clients that hold no data. */
interface Shared {
  config: Config;
  env: Env;
  now: () => number;
  mailer: Mailer;
  appOrigin: string;
  platformFetch: typeof fetch;
  platforms: () => PlatformRegistry;
  mediaUrls: MediaUrlSigner;
}

type WorkspaceServices = ReturnType<typeof workspaceServices>;

/** The services over one shard's data: everything that reads or writes rows a workspace owns. */
function workspaceServices(shard: string, d1: D1Database, shared: Shared) {
  const { config, env, now, mailer, appOrigin, platformFetch, mediaUrls } = shared;
  const db = createDb(d1);
  const queues = {
    publish: stampShard(env.PUBLISH_QUEUE as Queue<PublishMessage>, shard),
    analytics: stampShard(env.ANALYTICS_QUEUE, shard),
    webhooks: stampShard(env.WEBHOOKS_QUEUE as Queue<WebhookMessage>, shard),
  };
  const platforms = shared.platforms();
  const aiUsage = new AiUsageStore(db);
  const cipher = new TokenCipher(config.TOKEN_ENCRYPTION_KEY);
  const webhooks = new WebhookService({
    db,
    cipher,
    queue: queues.webhooks,
    now,
    appEnv: config.APP_ENV,
    activity: (entry) => recordActivity(db, entry),
  });
  const { emit } = webhooks;
  const holds = new ChannelHolds(db, now);
  const accounts = new AccountsService({
    db,
    registry: platforms,
    cipher,
    now,
    origin: appOrigin,
    emit,
    holdChannels: (accountId, reason) => holds.holdForReconnect(accountId, reason),
  });
  /** What publishing and analytics need from the platform layer: a client per platform and live credentials. */
  const platformAccess = {
    client: (platform: Platform): PlatformClient => {
      const client = platforms[platform];
      if (!client)
        throw new PlatformError("permanent", `Publishing to ${platform} is not supported yet.`, { platform });
      return client;
    },
    credentials: (accountId: string) => accounts.accountCredentials(accountId),
    refreshCredentials: (accountId: string) => accounts.refreshAfterRejection(accountId),
    markNeedsReconnect: (accountId: string, cause: PlatformError) => accounts.markNeedsReconnect(accountId, cause),
  };
  const media = new MediaLibrary(db, env.MEDIA, now);
  const posts = new PostStore(db, media, now);
  const publishing = new PublishingService({ db, d1, queue: queues.publish, now, emit, ...platformAccess });
  const notifications = new Notifications({ db, mailer, now, origin: appOrigin });
  const moves = new TargetMoves(db, now);
  const queue = new QueueService(db, now, moves);
  const activity = new ActivityLog(db);
  const approvals = new ApprovalService({
    db,
    posts,
    moves,
    notifications,
    now,
    dispatchDue: (workspaceId) => publishing.dispatchDue(workspaceId),
    emit,
  });
  const commandDeps: CommandDeps = {
    posts,
    drafts: new PostDrafts(media, now, posts),
    publishing,
    moves,
    queue,
    approvals,
    activity,
    webhooks,
    publishDeps: () =>
      publishDeps({ db, now, platformAccess, mediaUrls, env, config, webhooks, activity, notifications }),
    now,
  };
  return {
    db,
    d1,
    queues,
    accounts,
    idempotency: new IdempotencyStore(db, now),
    webhooks,
    webhookDeliveryDeps: (): DeliveryDeps => ({
      db,
      cipher,
      mailer,
      now,
      fetch: (input, init) => webhookTransport.fetch(input, init),
      origin: appOrigin,
    }),
    ai: (caller: MemberRef) => new AiService(createAiProvider(config, platformFetch), aiUsage, caller, now),
    aiUsage,
    media,
    mediaUploads: new MediaUploads(db, env.MEDIA, media),
    posts,
    postCommands: new PostCommands(commandDeps),
    imports: new ImportService(db, posts, (actor, fields) => createPost(commandDeps, actor, fields)),
    queue,
    holds,
    analyticsDeps: () => ({ db, now, emit, ...platformAccess }),
    platformAccess,
    publishing,
    notifications,
    approvals,
    activity,
    comments: new PostComments({ db, notifications, now }),
    shareLinks: new ShareLinkService({
      db,
      posts,
      notifications,
      holds,
      approvals,
      mediaUrls,
      now,
      origin: appOrigin,
    }),
    dashboard: (viewer: DashboardViewer) => cachedDashboard(db, viewer, now()),
    links: new LinkService(db, now),
  };
}

/** A value computed on first use and kept. */
function once<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}
