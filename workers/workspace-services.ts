import { AccountsService, TokenCipher } from "./accounts";
import { AiService, AiUsageStore, createAiProvider } from "./ai";
import type { DeliveryDeps } from "./automation";
import { type WebhookMessage, WebhookService, webhookTransport } from "./automation";
import type { CommandDeps } from "./commands";
import { createPost, PostCommands } from "./commands";
import { dashboardService } from "./dashboard";
import { createDb, type Db } from "./db/client";
import { stampShard } from "./db/shard-queues";
import type { Config } from "./env";
import { IdempotencyStore } from "./http/idempotency";
import { ImportService } from "./imports";
import { labelService } from "./labels";
import { LinkService, LinkStore } from "./links";
import { type Mailer, MailOutbox } from "./mail";
import { MediaCaptions, MediaLibrary, MediaUploads, type MediaUrlSigner, MediaVariants } from "./media";
import type { Platform } from "./platform-profile";
import { type PlatformClient, PlatformError, type PlatformRegistry } from "./platforms";
import { PostDrafts, PostStore } from "./posts";
import type { PublishMessage } from "./publishing";
import { ChannelHolds, PublishingService, publishDeps, TargetMoves } from "./publishing";
import { QueueService } from "./queue";
import type { MemberRef } from "./tenancy/membership";
import type { People } from "./tenancy/people";
import {
  ActivityLog,
  ApprovalService,
  Notifications,
  PostComments,
  recordActivity,
  ShareLinkService,
} from "./workspaces";

const _sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the account-level part hands the workspace part: configuration and the clients that hold no data. */
export interface Shared {
  config: Config;
  env: Env;
  now: () => number;
  mailer: Mailer;
  appOrigin: string;
  platformFetch: typeof fetch;
  platforms: () => PlatformRegistry;
  mediaUrls: MediaUrlSigner;
  /** Members' display data, from the directory: a shard cannot join its users (ADR 081). */
  people: People;
  /** The directory database, for the public names a publish claims (ADR 093). */
  directory: Db;
}

export type WorkspaceServices = ReturnType<typeof workspaceServices>;

/** The services over one shard's data: everything that reads or writes rows a workspace owns. */
export function workspaceServices(shard: string, d1: D1Database, shared: Shared) {
  const { config, env, now, mailer, appOrigin, platformFetch, mediaUrls, people, directory } = shared;
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
  const platformAccess = platformAccessOf(platforms, accounts);
  const media = new MediaLibrary(db, env.MEDIA, now);
  const posts = new PostStore(db, media, now);
  const publishing = new PublishingService({ db, d1, queue: queues.publish, now, emit, ...platformAccess });
  const outbox = new MailOutbox({ db, mailer, now });
  const notifications = new Notifications({ db, people, outbox, now, origin: appOrigin });
  const moves = new TargetMoves(db, now);
  const queue = new QueueService(db, now, moves);
  const activity = new ActivityLog(db, people);
  const approvals = new ApprovalService({
    db,
    people,
    posts,
    moves,
    notifications,
    now,
    dispatchDue: (workspaceId) => publishing.dispatchDue(workspaceId),
    emit,
  });
  const dashboard = dashboardService(db, now);
  const commandDeps: CommandDeps = {
    posts,
    drafts: new PostDrafts(media, now, posts),
    publishing,
    moves,
    queue,
    approvals,
    activity,
    webhooks,
    links: new LinkStore(db),
    labels: labelService({ db, now }),
    publishDeps: () =>
      publishDeps({ db, directory, now, platformAccess, mediaUrls, env, config, webhooks, activity, notifications }),
    forgetDashboard: dashboard.forget,
    now,
  };
  return {
    db,
    d1,
    queues,
    accounts,
    idempotency: new IdempotencyStore(db, now),
    /** Mail recorded in a write's batch, sent after it (ADR 129). */
    outbox,
    webhooks,
    webhookDeliveryDeps: (): DeliveryDeps => ({
      db,
      people,
      cipher,
      mailer,
      now,
      fetch: (input, init) => webhookTransport.fetch(input, init),
      origin: appOrigin,
    }),
    /** The AI provider itself, for work no member asked for (the inbox's reading of new items, ADR 084). */
    aiProvider: () => createAiProvider(config, platformFetch),
    ai: (caller: MemberRef) => new AiService(createAiProvider(config, platformFetch), aiUsage, caller, now),
    aiUsage,
    media,
    mediaUploads: new MediaUploads(db, env.MEDIA, media),
    mediaVariants: new MediaVariants(env.MEDIA, media),
    mediaCaptions: new MediaCaptions(db, env.MEDIA, now, media),
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
    comments: new PostComments({ db, people, notifications, now }),
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
    dashboard,
    links: new LinkService(db, now),
  };
}

/** What publishing and analytics need from the platform layer: a client per platform and live credentials. */
function platformAccessOf(platforms: ReturnType<Shared["platforms"]>, accounts: AccountsService) {
  return {
    client: (platform: Platform): PlatformClient => {
      const client = platforms[platform];
      if (!client)
        throw new PlatformError("permanent", `Publishing to ${platform} is not supported yet.`, { platform });
      return client;
    },
    credentials: (accountId: string, read?: unknown[]) =>
      accounts.accountCredentials(accountId, read as Parameters<AccountsService["accountCredentials"]>[1]),
    accountRead: accounts.accountRead,
    refreshCredentials: (accountId: string) => accounts.refreshAfterRejection(accountId),
    markNeedsReconnect: (accountId: string, cause: PlatformError) => accounts.markNeedsReconnect(accountId, cause),
  };
}

/** A value computed on first use and kept. */
export function once<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}
