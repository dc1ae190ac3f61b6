import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api";
import { tokenFromRequest } from "./auth/session-cookie";
import { randomToken } from "./auth/crypto";
import { handleAnalyticsQueue, runAnalyticsCron } from "./analytics/jobs";
import { appContext } from "./context";
import { claimDueTargets, type PublishMessage } from "./publishing/claim";
import { consumePublishBatch, consumePublishDeadLetters } from "./publishing/queue";
import { publishDeps } from "./publishing/deps";
import { withSecurityHeaders } from "./http/security-headers";
import { buildServices } from "./services";
import { emulator } from "./emulator";
import { registerEmulator } from "./platforms/upstream-fetch";
import { workspaceForRequest } from "./workspaces/middleware";

export { RateLimiter } from "./auth/rate-limiter";
export { UserSessions } from "./auth/user-sessions";

registerEmulator((request, env) => emulator.fetch(request, env));

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

async function renderPage(request: Request, env: Env, ctx: ExecutionContext, nonce: string): Promise<Response> {
  const services = buildServices(env, Date.now, new URL(request.url).origin);
  const found = tokenFromRequest(request);
  const auth = found?.via === "cookie" ? await services.auth.resolve(found.token) : null;
  const workspace = auth ? await workspaceForRequest(services.db, auth.user.id, request) : null;
  const context = new RouterContextProvider();
  context.set(appContext, { services, ctx, auth, workspace, nonce });
  return requestHandler(request, context);
}

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    const nonce = randomToken(16);
    const response =
      pathname === "/health" || pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/media/")
        ? await api.fetch(request, env, ctx)
        : pathname.startsWith("/sandbox/") && env.PLATFORMS_MODE === "sandbox"
          ? await emulator.fetch(request, env, ctx)
          : await renderPage(request, env, ctx, nonce);
    // Vite's dev server injects inline scripts for hot reload; every other mode gets the strict policy.
    return withSecurityHeaders(response, nonce, import.meta.env.MODE === "development");
  },

  /** One cron, every minute, dispatching to every periodic job (free plans allow few triggers). */
  async scheduled(_controller, env, ctx) {
    const services = buildServices(env);
    ctx.waitUntil(claimDueTargets({ db: services.db, d1: env.DB, queue: env.PUBLISH_QUEUE, now: services.now }));
    ctx.waitUntil(runAnalyticsCron(services));
  },

  async queue(batch, env) {
    const services = buildServices(env);
    switch (batch.queue) {
      case "postline-publish":
        return consumePublishBatch(batch as MessageBatch<PublishMessage>, publishDeps(services));
      case "postline-publish-dlq":
        return consumePublishDeadLetters(batch as MessageBatch<PublishMessage>, publishDeps(services));
      case "postline-analytics":
      case "postline-analytics-dlq":
        return handleAnalyticsQueue(batch, services);
      default:
        // A queue this Worker does not know (a misconfigured binding) keeps its messages rather than dropping them.
        batch.retryAll();
    }
  },
} satisfies ExportedHandler<Env>;
