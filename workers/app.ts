import { createRequestHandler, RouterContextProvider } from "react-router";
import { runConnectionHealth } from "./accounts";
import { handleAnalyticsQueue, runAnalyticsCron } from "./analytics";
import { api } from "./api";
import { tokenFromRequest } from "./auth";
import type { WebhookMessage } from "./automation";
import { consumeWebhookBatch, PROTECTED_RESOURCE_PATH } from "./automation";
import { BIO_PREFIX, BioStore, serveBio } from "./bio";
import { repeatDeps, runCategoryRepeats } from "./categories";
import { appContext } from "./context";
import { randomToken } from "./crypto";
import { keptDashboardRead, keptDashboardsOfRows } from "./dashboard";
import { createDb } from "./db/client";
import { directoryIsOnlyShard, shardDb, shardFor, shardNames } from "./db/directory";
import { splitByShard } from "./db/shard-queues";
import { emulator, serveOwnOriginWith } from "./emulator";
import { ConfigError, parseConfig } from "./env";
import { feedDeps, runFeedChecks } from "./feeds";
import { holdBody } from "./http/body-drain";
import { IdempotencyStore } from "./http/idempotency";
import { CROSS_SITE_REFUSED, isCrossSiteCookieWrite } from "./http/origin";
import { inAppLayout } from "./http/page-paths";
import { withSecurityHeaders } from "./http/security-headers";
import { openCountRead, openCountsOfRows } from "./inbox";
import { LinkStore, SHORT_LINK_PREFIX, serveShortLink } from "./links";
import { registerEmulator } from "./platforms";
import {
  claimDueTargets,
  consumePublishBatch,
  consumePublishDeadLetters,
  fillMissingPermalinks,
  leasesFrom,
  type PublishMessage,
  publishDeps,
  reconcileStuckTargets,
  stageAhead,
} from "./publishing";
import { buildServices, type Services } from "./services";
import type { WorkspaceContext } from "./tenancy/membership";
import { pageWorkspaceReads, switchByLink, workspacesForPage } from "./tenancy/middleware";
import { movingWorkspaces } from "./tenancy/moving";
import { directoryNames, type PublicNameKind } from "./tenancy/public-names";
import { teammatesOfRows, teammatesQuery } from "./workspaces";

export { RateLimiter, UserSessions } from "./auth";
export { InboxLive } from "./inbox";

registerEmulator((request, env: Env) => emulator.fetch(request, env));
// The emulator downloads media by URL like Meta does; the signed media links are this Worker's own API routes.
serveOwnOriginWith({ origin: (env) => parseConfig(env).APP_ORIGIN, fetch: (request, env) => api.fetch(request, env) });

/** The pages whose loader reads the workspace's teammate count: the dashboard (its document and its data). */
const DASHBOARD_PATHS = new Set(["/dashboard", "/dashboard.data"]);

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

async function renderPage(request: Request, env: Env, ctx: ExecutionContext, nonce: string): Promise<Response> {
  // Refused before any route runs: a page render after the action (a signed-in visitor's /auth redirects)
  // would otherwise answer for a write that never happened.
  if (isCrossSiteCookieWrite(request))
    return new Response(CROSS_SITE_REFUSED, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // Loaders get the same services as the API: workspace services from the page's workspace shard (ADR 035).
  let workspace: WorkspaceContext | null = null;
  const { origin, pathname } = new URL(request.url);
  const services = buildServices(env, Date.now, origin, { shard: () => shardFor(env, workspace) });
  const found = tokenFromRequest(request);
  // Reads of the page's own that ride in the session's batch, a round trip less each: the dashboard's teammate
  // count (a new user's first page), and while the workspace's data shares the directory's database, the sidebar's
  // inbox count and the dashboard's kept answer.
  const now = Date.now();
  const dashboard = DASHBOARD_PATHS.has(pathname);
  const oneDatabase = directoryIsOnlyShard(env);
  const teammatesRead = dashboard
    ? (userId: string, among: string | null) => teammatesQuery(userId, among, now)
    : undefined;
  // Read in the workspace the page names (a personal workspace's id is its user's), used only if confirmed.
  const inboxRead =
    inAppLayout(pathname) && oneDatabase
      ? (userId: string, named: string | null) => openCountRead(named ?? userId)
      : undefined;
  const keptRead =
    dashboard && oneDatabase
      ? (userId: string, named: string | null) => keptDashboardRead(named ?? userId, now)
      : undefined;
  const pageReads = [teammatesRead, inboxRead, keptRead].filter((read) => read !== undefined);
  const resolved =
    found?.via === "cookie"
      ? await services.auth.resolve(found.token, pageWorkspaceReads(services.directory, request, pageReads))
      : null;
  const auth = resolved && { user: resolved.user, sessionId: resolved.sessionId };
  const mine = resolved ? workspacesForPage(resolved.alongside[0]!.results, resolved.user.id, request) : null;
  // A mail's link names its workspace: the browser moves there before the page reads anything.
  const switched = mine && switchByLink(request, mine.workspaces);
  if (switched) return switched;
  /** What one of `pageReads` read (after the memberships, in the session's batch); null if it was not made. */
  const readBy = <T>(read: (typeof pageReads)[number] | undefined, of: (rows: unknown[]) => T): T | null =>
    read && resolved ? of(resolved.alongside[1 + pageReads.indexOf(read)]!.results) : null;
  const early = {
    teammates: readBy(teammatesRead, teammatesOfRows),
    inboxOpen: readBy(inboxRead, openCountsOfRows),
    keptDashboards: readBy(keptRead, keptDashboardsOfRows),
  };
  workspace = mine?.workspace ?? null;
  const context = new RouterContextProvider();
  const servicesIn = (other: WorkspaceContext) => buildServices(env, Date.now, origin, { shard: () => other.shard });
  context.set(appContext, {
    services,
    ctx,
    auth,
    workspace,
    workspaces: mine?.workspaces ?? [],
    early,
    servicesIn,
    nonce,
  });
  return requestHandler(request, context);
}

/**
 * The shard holding a public name's row, from the directory in one read however many shards there are (ADR 093).
 * A name it does not list was made before it listed names, on `DB` when that is a shard (else nowhere: 404).
 */
async function shardOfName(env: Env, kind: PublicNameKind, name: string) {
  const place = await directoryNames(createDb(env.DB)).place(kind, name);
  const shard = place?.shard ?? (shardNames(env).includes("DB") ? "DB" : shardNames(env)[0]!);
  return createDb(shardDb(env, shard));
}

/** The emulator's pages are a development tool: sandbox mode and an explicit DEV_ROUTES=true. */
const sandboxPagesOn = (env: Env) => env.PLATFORMS_MODE === "sandbox" && parseConfig(env).DEV_ROUTES;

export default {
  async fetch(incoming, env, ctx) {
    // No answer leaves before the request's body is read, whoever answered without reading it (ADR 061).
    const { request, drain } = holdBody(incoming);
    const { pathname } = new URL(request.url);
    // A misconfigured deploy (e.g. production with the development secrets) serves nothing but the reason.
    try {
      parseConfig(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      console.error(err.message);
      await drain();
      return Response.json({ success: false, message: err.message }, { status: 500 });
    }
    const nonce = randomToken(16);
    const response =
      pathname === "/health" ||
      pathname === "/api" ||
      pathname === "/mcp" ||
      pathname.startsWith(PROTECTED_RESOURCE_PATH) ||
      pathname.startsWith("/api/") ||
      pathname.startsWith("/media/")
        ? await api.fetch(request, env, ctx)
        : pathname.startsWith(SHORT_LINK_PREFIX)
          ? await serveShortLink(
              request,
              async (code) => new LinkStore(await shardOfName(env, "link", code)),
              Date.now,
              (w) => ctx.waitUntil(w),
            )
          : pathname.startsWith(BIO_PREFIX)
            ? await serveBio(
                request,
                async (handle) => new BioStore(await shardOfName(env, "bio", handle)),
                env.MEDIA,
                Date.now,
                (w) => ctx.waitUntil(w),
              )
            : pathname.startsWith("/sandbox/") && sandboxPagesOn(env)
              ? await emulator.fetch(request, env, ctx)
              : await renderPage(request, env, ctx, nonce);
    // Vite's dev server injects inline scripts for hot reload; every other mode gets the strict policy.
    const out = withSecurityHeaders(response, nonce, import.meta.env.MODE === "development");
    // The API names its requests itself; pages and the emulator get an id here.
    if (out.status !== 101 && !out.headers.has("X-Request-Id")) out.headers.set("X-Request-Id", crypto.randomUUID());
    await drain();
    return out;
  },

  /**
   * One cron, every minute, dispatching to every periodic job (free plans allow few triggers), on every shard;
   * the workspaces being moved are read once and left alone by every job (ADR 082).
   */
  async scheduled(_controller, env, ctx) {
    const moving = await movingWorkspaces(env.DB);
    for (const shard of shardNames(env))
      runShardJobs(buildServices(env, Date.now, undefined, { shard: () => shard }), ctx, moving);
    // Workspaces and invitations claim their keys in the directory (ADR 125): swept there too when it is no shard.
    if (!shardNames(env).includes("DB")) {
      const directory = buildServices(env, Date.now);
      ctx.waitUntil(new IdempotencyStore(directory.directory, Date.now).purge());
      // Invitations' mail whose request died after its batch and was never retried (ADR 129).
      ctx.waitUntil(directory.directoryOutbox.sendAbandoned());
    }
  },

  /** Each message names its shard (ADR 035); a batch is consumed per shard, each part with that shard's services. */
  async queue(batch, env) {
    for (const part of splitByShard(batch))
      await consume(part.batch, buildServices(env, Date.now, undefined, { shard: () => part.shard }), env);
  },
} satisfies ExportedHandler<Env>;

/**
 * The periodic jobs over one shard's workspaces but the `moving` ones. Claiming due posts (and what follows from
 * a claim) takes no exclusion: a move starts only in a quiet window and checks it again at the switch (ADR 082).
 */
function runShardJobs(services: Services, ctx: ExecutionContext, moving: readonly string[]) {
  ctx.waitUntil(
    claimDueTargets({ db: services.db, d1: services.d1, queue: services.queues.publish, now: services.now }),
  );
  const deps = publishDeps(services);
  const leases = leasesFrom(services.config.PUBLISH_LEASE_SECONDS);
  ctx.waitUntil(reconcileStuckTargets({ ...deps, queue: services.queues.publish, leases }));
  ctx.waitUntil(stageAhead({ ...deps, queue: services.queues.publish, leases }));
  ctx.waitUntil(fillMissingPermalinks(deps, moving));
  ctx.waitUntil(runAnalyticsCron(services, moving));
  ctx.waitUntil(runFeedChecks(feedDeps(services), moving));
  ctx.waitUntil(runCategoryRepeats(repeatDeps(services), moving));
  ctx.waitUntil(services.inbox.pollDue(moving));
  ctx.waitUntil(services.idempotency.purge());
  // Mail recorded in a batch whose request died before sending it and was never retried (ADR 129).
  ctx.waitUntil(services.outbox.sendAbandoned());
  const { db, people, accounts, mailer, now, config } = services;
  ctx.waitUntil(
    runConnectionHealth(
      { db, people, accounts, mailer, now, origin: config.APP_ORIGIN, versionSettings: config.endpointOverrides },
      moving,
    ),
  );
}

async function consume(batch: MessageBatch, services: Services, env: Env): Promise<void> {
  switch (batch.queue) {
    case "postline-publish":
      return consumePublishBatch(batch as MessageBatch<PublishMessage>, publishDeps(services));
    case "postline-publish-dlq":
      return consumePublishDeadLetters(batch as MessageBatch<PublishMessage>, publishDeps(services));
    case "postline-webhooks":
      // Deliveries wait while their workspace is being moved (ADR 082), as syncs do.
      return consumeWebhookBatch(
        batch as MessageBatch<WebhookMessage>,
        services.webhookDeliveryDeps(),
        await movingWorkspaces(env.DB),
      );
    case "postline-analytics":
    case "postline-analytics-dlq":
      // Syncs wait while their workspace is being moved; publishing needs no check (the quiet window).
      return handleAnalyticsQueue(batch, services, await movingWorkspaces(env.DB));
    default:
      // A queue this Worker does not know (a misconfigured binding) keeps its messages rather than dropping them.
      batch.retryAll();
  }
}
