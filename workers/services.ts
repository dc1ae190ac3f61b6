import { AccountsService } from "./accounts/service";
import { TokenCipher } from "./accounts/token-crypto";
import { createAiProvider } from "./ai/factory";
import { AiService } from "./ai/service";
import { AiUsageStore } from "./ai/usage";
import { AuthFlows } from "./auth/flows";
import { RateLimitService } from "./auth/rate-limit";
import { AuthService } from "./auth/service";
import { ApiKeyService } from "./automation/api-keys";
import { IdempotencyStore } from "./automation/idempotency";
import type { DeliveryDeps } from "./automation/webhook-delivery";
import { webhookTransport } from "./automation/webhook-transport";
import { WebhookService } from "./automation/webhooks";
import { cachedDashboard, type DashboardViewer } from "./dashboard/service";
import { createDb } from "./db/client";
import { parseConfig } from "./env";
import { ImportService } from "./imports/service";
import { CloudflareMailer, DevMailboxMailer, type Mailer } from "./mail/mailer";
import { MediaLibrary } from "./media/library";
import { MediaUrlSigner } from "./media/signed-url";
import { MediaUploads } from "./media/uploads";
import type { Platform } from "./platform-profile";
import { resolveEndpoints } from "./platforms/endpoints";
import { createPlatformRegistry } from "./platforms/registry";
import { type PlatformClient, PlatformError } from "./platforms/types";
import { upstreamFetch } from "./platforms/upstream-fetch";
import { deletePost } from "./posts/delete-post";
import { ChannelHolds } from "./posts/holds";
import { type Actor, PostStore } from "./posts/store";
import { PublishingService } from "./publishing/service";
import { stagePostSoon } from "./publishing/staging";
import { QueueService } from "./queue/service";
import { ActivityLog } from "./workspaces/activity";
import { ApprovalService } from "./workspaces/approvals";
import { PostComments } from "./workspaces/comments";
import type { MemberRef } from "./workspaces/membership";
import { Notifications } from "./workspaces/notifications";
import { WorkspaceService } from "./workspaces/service";
import { ShareLinkService } from "./workspaces/share-links";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Everything a handler or loader may use, built from the bindings once per request. `origin` is this
 * Worker's public origin (from the request; APP_ORIGIN for cron and queues): OAuth redirect URIs and,
 * in sandbox mode, the consent pages and the emulator live there. `d1` replaces env.DB (the bench's read meter).
 */
export function buildServices(env: Env, now: () => number = Date.now, origin?: string, d1: D1Database = env.DB) {
  const config = parseConfig(env);
  const appOrigin = origin ?? config.APP_ORIGIN;
  const db = createDb(d1);
  const aiUsage = new AiUsageStore(db);
  const mailer: Mailer =
    config.MAILER === "cloudflare" && env.EMAIL
      ? new CloudflareMailer(env.EMAIL, config.MAIL_FROM)
      : new DevMailboxMailer(db);
  // Real hosts in live mode; in sandbox mode the emulator the Worker entry registered, in process.
  const platformFetch = upstreamFetch(env, config.PLATFORMS_MODE, appOrigin);
  const platforms = createPlatformRegistry({
    endpoints: resolveEndpoints(config.endpointOverrides, config.PLATFORMS_MODE, appOrigin),
    fetch: platformFetch,
    credentials: config.platformCredentials,
    now,
    sleep,
  });
  const cipher = new TokenCipher(config.TOKEN_ENCRYPTION_KEY);
  const webhooks = new WebhookService({ db, cipher, queue: env.WEBHOOKS_QUEUE, now, appEnv: config.APP_ENV });
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
  const posts = new PostStore(db, media, now, (postId) =>
    stagePostSoon({ db, now, client: platformAccess.client, queue: env.PUBLISH_QUEUE }, postId),
  );
  const publishing = new PublishingService({ db, d1: env.DB, queue: env.PUBLISH_QUEUE, now, emit, ...platformAccess });
  const notifications = new Notifications({ db, mailer, now, origin: appOrigin });
  const mediaUrls = new MediaUrlSigner(config.SESSION_SECRET, now);
  const auth = new AuthService({ db, sessions: env.USER_SESSIONS, mailer, secret: config.SESSION_SECRET, now });
  const rateLimit = new RateLimitService(env.RATE_LIMITER, now);
  return {
    config,
    platforms,
    accounts,
    env,
    db,
    now,
    mailer,
    auth,
    apiKeys: new ApiKeyService(db, (id) => auth.getUser(id), now),
    idempotency: new IdempotencyStore(db, now),
    /** Webhook endpoints, their delivery log, and `emit` for the events (ADR 019). */
    webhooks,
    webhookDeliveryDeps: (): DeliveryDeps => ({
      db,
      cipher,
      mailer,
      now,
      fetch: (input, init) => webhookTransport.fetch(input, init),
      origin: appOrigin,
    }),
    rateLimit,
    /** Register, sign in and out, reset by code: rate limits and cookies included, for the API and the forms. */
    authFlows: new AuthFlows(auth, rateLimit),
    /** Workspaces, members, invitations; `notifyMember` mails one member. */
    workspaces: new WorkspaceService({ db, mailer, now, origin: appOrigin }),
    /** The AI assistant acting for one member (provider built on first use, not on every request). */
    ai: (caller: MemberRef) => new AiService(createAiProvider(config, platformFetch), aiUsage, caller, now),
    aiUsage,
    media,
    mediaUploads: new MediaUploads(db, env.MEDIA, media),
    /** `signedMediaUrl(origin, mediaId)`: the link a platform fetches when publishing. */
    mediaUrls,
    posts,
    /** Deletes a post (and its published copies when asked): the API's DELETE and the pages' delete form. */
    deletePost: (actor: Actor, id: string, deleteRemote: boolean) =>
      deletePost({ posts, publishing }, actor, id, deleteRemote),
    /** Bulk import of spreadsheet rows as posts (ADR 022). */
    imports: new ImportService(db, posts),
    /** Per-account posting queues: weekly slots, Add to queue, reorder, pause, Share next (ADR 022). */
    queue: new QueueService(db, now),
    /** Channels held (never claimed) after their media was deleted or their account disconnected or flagged. */
    holds,
    /** Platform clients and credentials for analytics sync. */
    analyticsDeps: () => ({ db, now, emit, ...platformAccess }),
    platformAccess,
    publishing,
    notifications,
    approvals: new ApprovalService({
      db,
      posts,
      notifications,
      now,
      dispatchDue: (workspaceId) => publishing.dispatchDue(workspaceId),
      emit,
    }),
    /** Who did what in the workspace (owners and admins read it). */
    activity: new ActivityLog(db),
    /** Members' comments on posts, with @mentions. */
    comments: new PostComments({ db, notifications, now }),
    /** Client approval links and what clients decide through them. */
    shareLinks: new ShareLinkService({ db, posts, notifications, mediaUrls, now, origin: appOrigin }),
    /** The dashboard (30 s per-workspace cache), for the API and the /dashboard loader. */
    dashboard: (viewer: DashboardViewer) => cachedDashboard(db, viewer, now()),
  };
}

export type Services = ReturnType<typeof buildServices>;
