import { eq } from "drizzle-orm";
import { D1InstanceApps, TokenCipher } from "./accounts";
import { reportFilesOf } from "./analytics";
import { AuthFlows, AuthService, RateLimitService, userAnchor } from "./auth";
import { ApiKeyService } from "./automation";
import { brandFilesOf, mailBrandOf } from "./branding";
import { createDb } from "./db/client";
import { shardDb, shardFor, shardNames } from "./db/directory";
import { placeNew } from "./db/placement";
import { workspaces as workspacesTable } from "./db/schema/workspaces";
import { parseConfig } from "./env";
import { removeUnder } from "./files";
import { InboxService, liveInbox, SANDBOX_META_VERIFY_TOKEN } from "./inbox";
import { CloudflareMailer, DevMailboxMailer, type Mailer, MailOutbox } from "./mail";
import { MediaUrlSigner, mediaFilesOf } from "./media";
import { createPlatformRegistry, type PlatformRegistry, resolveEndpoints, upstreamFetch } from "./platforms";
import { countWaitingPosts } from "./posts";
import { personalWorkspaceRows } from "./tenancy/membership";
import { directoryPeople, type People } from "./tenancy/people";
import { workspaceOfToken } from "./tenancy/public-token";
import { once, type WorkspaceServices, workspaceServices } from "./workspace-services";
import {
  ActivityLog,
  dropWorkspaceAnchor,
  personalWorkspaceInserts,
  type ShardAnchors,
  WorkspaceService,
  workspaceAnchor,
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

/** The stand-ins a shard other than the directory keeps for its foreign keys (ADR 081). */
function shardAnchors(env: Env): ShardAnchors {
  const on = (shard: string) => (shard === "DB" ? null : createDb(shardDb(env, shard)));
  return {
    async place(shard, workspace, userIds) {
      const db = on(shard);
      if (!db) return;
      const users = userIds.map((id) => userAnchor(db, id));
      await db.batch(workspace ? [workspaceAnchor(db, workspace), ...users] : [users[0]!, ...users.slice(1)]);
    },
    async drop(shard, workspaceId) {
      const db = on(shard);
      if (db) await dropWorkspaceAnchor(db, workspaceId);
    },
  };
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
      tiktok: { privateOnly: config.TIKTOK_UNAUDITED, verifiedUrlPrefixes: config.TIKTOK_VERIFIED_URL_PREFIXES },
    }),
  );
  const shardForNew = () => placeNew(env);
  const anchors = shardAnchors(env);
  const auth = new AuthService({
    db: directory,
    sessions: env.USER_SESSIONS,
    mailer,
    secret: config.SESSION_SECRET,
    now,
    personalWorkspace: async (user, at) => {
      const shard = await shardForNew();
      // The shard's stand-ins first, so the user's first post there has its keys.
      await anchors.place(shard, personalWorkspaceRows(user, at, shard).workspace, [user.id]);
      return personalWorkspaceInserts(directory, user, at, shard);
    },
  });
  const rateLimit = new RateLimitService(env.RATE_LIMITER, now);
  const mediaUrls = new MediaUrlSigner(config.SESSION_SECRET, now);
  const people = directoryPeople(directory);
  const shared = { config, env, now, mailer, appOrigin, platformFetch, platforms, mediaUrls, people, directory };
  // The workspace's services, built on first use from its shard (again when the shard asked for changes).
  let built: { shard: string; services: WorkspaceServices } | undefined;
  const scoped = (): WorkspaceServices => {
    const shard = shardName();
    if (built?.shard !== shard)
      built = { shard, services: workspaceServices(shard, wrap(shardDb(env, shard)), shared) };
    return built.services;
  };
  /**
   * The services of the shard holding `workspaceId`, for work a token names without a session's workspace (a
   * client's review link, a signed media link, an OAuth return: ADR 081). A token naming no workspace, or one
   * the directory no longer has, predates shards: its rows are on `DB` when it is listed.
   */
  const servicesOf = async (workspaceId: string | null): Promise<WorkspaceServices> => {
    const [row] = workspaceId
      ? await directory
          .select({ shard: workspacesTable.shard })
          .from(workspacesTable)
          .where(eq(workspacesTable.id, workspaceId))
      : [];
    const names = shardNames(env);
    const shard = row?.shard ?? (names.includes("DB") ? "DB" : names[0]!);
    return workspaceServices(shard, wrap(shardDb(env, shard)), shared);
  };
  return {
    config,
    scoped,
    servicesOf,
    appOrigin,
    directory,
    people,
    mailer,
    platforms,
    shardForNew,
    anchors,
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
  const { config, directory, people, mailer, auth, rateLimit, mediaUrls, scoped } = base;
  const directoryOutbox = new MailOutbox({ db: directory, mailer, now });
  const workspaces = new WorkspaceService({
    db: directory,
    outbox: directoryOutbox,
    now,
    origin: base.appOrigin,
    shardForNew: base.shardForNew,
    anchors: base.anchors,
    activityIn: (shard) => new ActivityLog(createDb(shardDb(env, shard)), people),
    waitingPosts: (ws) => countWaitingPosts(createDb(shardDb(env, ws.shard)), ws.id),
    removeFiles: (id) => removeUnder(env.MEDIA, [mediaFilesOf(id), brandFilesOf(id), reportFilesOf(id)]),
    tokenRevocation: async (ws) => (await base.servicesOf(ws.id)).accounts.revocationOf(ws.id),
    mailBrand: (ws) => mailBrandOf(createDb(shardDb(env, ws.shard)), ws, base.appOrigin),
  });
  const account = {
    config,
    env,
    now,
    mailer,
    /** This Worker's public origin: the request's, APP_ORIGIN for cron and queues. */
    appOrigin: base.appOrigin,
    /** The directory database: users, workspaces, members, invitations, API keys (ADR 035). */
    directory,
    /** Members' display data for shard services, read from the directory (ADR 081). */
    people,
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
    /** Workspaces, members, invitations. */
    workspaces,
    /** Mail recorded in a directory batch (an invitation's), sent after it (ADR 129). */
    directoryOutbox,
    /** `signedMediaUrl(origin, mediaId)`: the link a platform fetches when publishing. */
    mediaUrls,
    /**
     * What Meta's webhook route needs (ADR 083): the verify token of the subscription handshake, the app secrets
     * deliveries are signed with, and every shard's inbox (a delivery names an account, not a workspace).
     */
    inboxWebhooks: {
      verifyToken:
        config.META_WEBHOOK_VERIFY_TOKEN ??
        (config.PLATFORMS_MODE === "sandbox" ? SANDBOX_META_VERIFY_TOKEN : undefined),
      secrets: [
        config.platformCredentials.facebook?.clientSecret,
        config.platformCredentials.instagram?.clientSecret,
      ].filter((s): s is string => !!s),
      inboxes: () => shardNames(env).map((shard) => buildServices(env, now, origin, { shard: () => shard }).inbox),
    },
    /** The workspace services of the shard a token's workspace is on (`workers/tenancy/public-token.ts`). */
    servicesForToken: (token: string) => base.servicesOf(workspaceOfToken(token)),
    /** The workspace services of the shard holding a workspace a public URL names by id (its brand logo). */
    servicesOfWorkspace: (workspaceId: string) => base.servicesOf(workspaceId),
  };
  return withWorkspaceServices(account, base.platforms, scoped);
}

/**
 * The workspace's services as getters, each built on first use from the workspace's shard. They are a class's, on
 * its prototype: getters written in an object literal are new closures on every request, which gives every request's
 * object a hidden class of its own, and V8 keeps those (and all they reach) through young collections until a full
 * one (bench/RESULTS.md, session 44).
 */
export class WorkspaceServiceGetters {
  readonly #platforms: () => PlatformRegistry;
  readonly #scoped: () => WorkspaceServices;
  readonly #inbox: () => ReturnType<typeof inboxService>;
  constructor(
    platforms: () => PlatformRegistry,
    scoped: () => WorkspaceServices,
    inbox: () => ReturnType<typeof inboxService>,
  ) {
    this.#platforms = platforms;
    this.#scoped = scoped;
    this.#inbox = inbox;
  }
  get platforms() {
    return this.#platforms();
  }
  /** The workspace's database (drizzle) and its raw D1 handle (batches that need D1's own statements). */
  get db() {
    return this.#scoped().db;
  }
  get d1() {
    return this.#scoped().d1;
  }
  /** The queues as this shard's producer: every message names the shard its rows are on. */
  get queues() {
    return this.#scoped().queues;
  }
  get accounts() {
    return this.#scoped().accounts;
  }
  get idempotency() {
    return this.#scoped().idempotency;
  }
  /** Mail recorded in a write's batch on the workspace's shard, sent after it (ADR 129). */
  get outbox() {
    return this.#scoped().outbox;
  }
  /** Webhook endpoints, their delivery log, and `emit` for the events (ADR 019). */
  get webhooks() {
    return this.#scoped().webhooks;
  }
  get webhookDeliveryDeps() {
    return this.#scoped().webhookDeliveryDeps;
  }
  /** The AI assistant acting for one member (provider built on first use, not on every request). */
  get ai() {
    return this.#scoped().ai;
  }
  get aiUsage() {
    return this.#scoped().aiUsage;
  }
  get media() {
    return this.#scoped().media;
  }
  get mediaUploads() {
    return this.#scoped().mediaUploads;
  }
  get mediaVariants() {
    return this.#scoped().mediaVariants;
  }
  get mediaCaptions() {
    return this.#scoped().mediaCaptions;
  }
  get posts() {
    return this.#scoped().posts;
  }
  /** What a user does with a post (create, edit, publish, delete, retry…), for the API, the pages and MCP. */
  get postCommands() {
    return this.#scoped().postCommands;
  }
  /** Bulk import of spreadsheet rows as posts (ADR 022). */
  get imports() {
    return this.#scoped().imports;
  }
  /** Per-account posting queues: weekly slots, Add to queue, reorder, pause, Share next (ADR 022). */
  get queue() {
    return this.#scoped().queue;
  }
  /** Channels held (never claimed) after their media was deleted or their account disconnected or flagged. */
  get holds() {
    return this.#scoped().holds;
  }
  /** Platform clients and credentials for analytics sync. */
  get analyticsDeps() {
    return this.#scoped().analyticsDeps;
  }
  get platformAccess() {
    return this.#scoped().platformAccess;
  }
  get publishing() {
    return this.#scoped().publishing;
  }
  get notifications() {
    return this.#scoped().notifications;
  }
  get approvals() {
    return this.#scoped().approvals;
  }
  /** Who did what in the workspace (owners and admins read it). */
  get activity() {
    return this.#scoped().activity;
  }
  /** Members' comments on posts, with @mentions. */
  get comments() {
    return this.#scoped().comments;
  }
  /** Client approval links and what clients decide through them. */
  get shareLinks() {
    return this.#scoped().shareLinks;
  }
  /** The dashboard (30 s per-workspace cache), for the API and the /dashboard loader. */
  get dashboard() {
    return this.#scoped().dashboard;
  }
  /** Short links that count clicks: settings and the clicks report (ADR 067). */
  get links() {
    return this.#scoped().links;
  }
  /** The engagement inbox: comments and mentions, triage and replies (ADR 069). */
  get inbox() {
    return this.#inbox();
  }
}

/**
 * The account-level services with the workspace's as getters (`account` holds plain values only: it is copied onto
 * the getters' object, and copying must not build anything).
 */
function withWorkspaceServices<A extends { now: () => number; env: Env; workspaces: WorkspaceService; people: People }>(
  account: A,
  platforms: () => PlatformRegistry,
  scoped: () => WorkspaceServices,
) {
  const { now, env } = account;
  return Object.assign(
    new WorkspaceServiceGetters(platforms, scoped, () => inboxService(scoped(), account, env, now)),
    account,
  );
}

/** The inbox over the shard, with what its team features use of the rest wired in as functions (ADR 084). */
function inboxService(
  shard: WorkspaceServices,
  { workspaces, people }: { workspaces: WorkspaceService; people: People },
  env: Env,
  now: () => number,
) {
  const { db, platformAccess, notifications, webhooks, aiProvider } = shard;
  const ai = aiProvider();
  return new InboxService({
    db,
    now,
    ...platformAccess,
    members: (workspaceId) => workspaces.members(workspaceId),
    people,
    notify: (notice) => notifications.notify(notice),
    emit: webhooks.emit,
    emitEach: webhooks.emitEach,
    live: (workspaceId, event) =>
      liveInbox(env, workspaceId)
        .publish(event)
        .then(() => {}),
    assist: async (input) => (await ai.inboxAssist(input)).data,
  });
}

export type Services = ReturnType<typeof buildServices>;
