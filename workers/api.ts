import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { requestId } from "hono/request-id";
import { accountRoutes, connectRoutes } from "./accounts";
import { agencyRoutes } from "./agency";
import { aiRoutes } from "./ai";
import { analyticsRoutes, reportPublicRoutes, reportRoutes } from "./analytics";
import { authRoutes, originCheck, resolveAuth } from "./auth";
import { keyRoutes, mcpRoutes, PROTECTED_RESOURCE_PATH, protectedResourceRoutes, webhookRoutes } from "./automation";
import { billingRoutes } from "./billing";
import { bioRoutes } from "./bio";
import { brandLogoRoutes, brandRoutes } from "./branding";
import { categoryRoutes } from "./categories";
import { dashboardRoutes } from "./dashboard";
import { shardFor } from "./db/directory";
import { d1Meter } from "./db/read-meter";
import { ConfigError, parseConfig } from "./env";
import { eventRoutes } from "./events";
import { feedbackRoutes } from "./feedback";
import { feedRoutes } from "./feeds";
import type { AppEnv } from "./http/app-env";
import { apiCors } from "./http/cors";
import { fail, Messages } from "./http/envelope";
import { failureOf } from "./http/failure";
import { importRoutes } from "./imports";
import { engagementInboxRoutes, metaWebhookRoutes } from "./inbox";
import { labelRoutes, postLabelRoutes } from "./labels";
import { linkRoutes, postLinkRoutes } from "./links";
import { mediaFileRoutes, mediaRoutes, UPLOAD_PART_SIZE } from "./media";
import { openApiRoutes } from "./openapi";
import { pieceRoutes } from "./pieces";
import { earlyPostsList, postRoutes } from "./posts";
import { notificationRoutes, schedulerRoutes } from "./publishing";
import { queueRoutes } from "./queue";
import { buildServices } from "./services";
import { setupRoutes } from "./setup";
import { operatorRoutes } from "./shards";
import { resolveWorkspace } from "./tenancy/middleware";
import { userRoutes } from "./users";
import {
  activityRoutes,
  approvalPostRoutes,
  approvalQueueRoutes,
  commentRoutes,
  inboxRoutes,
  inviteRoutes,
  publicShareRoutes,
  shareLinkRoutes,
  workspaceRoutes,
} from "./workspaces";

/** JSON bodies are small; uploads set their own, larger limits on their routes. */
const JSON_BODY_LIMIT = 1024 * 1024;
const MULTIPART_BODY_LIMIT = 12 * 1024 * 1024;
/** Cloudflare's own request limit; larger files go up in parts (ADR 005). */
const MEDIA_UPLOAD_BODY_LIMIT = 100 * 1024 * 1024;

function bodyLimitFor(method: string, path: string, contentType: string): number {
  if (method === "PUT" && /^\/api\/media\/uploads\/[^/]+\/parts\/\d+$/.test(path)) return UPLOAD_PART_SIZE;
  if (!contentType.startsWith("multipart/form-data")) return JSON_BODY_LIMIT;
  return path === "/api/media/upload" ? MEDIA_UPLOAD_BODY_LIMIT : MULTIPART_BODY_LIMIT;
}

/** `now` reads the clock on each call, never a clock captured when the module loaded. */
export function createApi(now: () => number = () => Date.now()) {
  const app = new Hono<AppEnv>();
  const withServices = createMiddleware<AppEnv>(async (c, next) => {
    // Local runs (DEV_ROUTES) report the D1 rows a request read, for the bench's budgets (ADR 023).
    const meter = parseConfig(c.env).DEV_ROUTES ? d1Meter() : null;
    // Workspace services come from the shard of the workspace `resolveWorkspace` sets (ADR 035).
    const shard = () => shardFor(c.env, c.var.workspace);
    c.set("services", buildServices(c.env, now, new URL(c.req.url).origin, { shard, meter: meter?.wrap }));
    const started = performance.now();
    await next();
    if (meter) {
      c.header("X-D1-Rows-Read", String(meter.rowsRead()));
      c.header("X-D1-Round-Trips", String(meter.roundTrips()));
      c.header("X-D1-Calls", String(meter.calls()));
      // Deployed, the Worker's clock moves only at I/O; locally (the only place this runs) it moves throughout.
      const slowest = meter.slowest();
      c.header(
        "Server-Timing",
        `app;dur=${(performance.now() - started).toFixed(1)}, d1;dur=${meter.d1Ms().toFixed(1)}, sql;dur=${meter.sqlMs().toFixed(1)}` +
          (slowest
            ? `, d1-slowest;dur=${slowest.ms.toFixed(1)};desc=${JSON.stringify(slowest.sql.replace(/["\\]/g, ""))}`
            : ""),
      );
    }
  });

  app.onError((err, c) => {
    // The one mapping of refusals (ADR 037); pre-flight problems per channel go as data. Set here, not on a
    // sub-router: a sub-router's onError wraps its handlers, hiding their declared actions from the
    // authorization matrix.
    const failure = failureOf(err);
    if (failure) return fail(c, failure.status, failure.message, failure.headers, failure.data);
    if (err instanceof ConfigError) {
      console.error(err.message);
      return fail(c, 500, err.message);
    }
    console.error("Unhandled API error", c.var.requestId, err);
    return fail(c, 500, Messages.server);
  });
  app.notFound((c) => fail(c, 404, Messages.notFound));

  app.get("/health", (c) =>
    c.json({ success: true, message: "OK", data: { status: "ok", time: new Date(now()).toISOString() } }),
  );

  // Every answer names its request (X-Request-Id: the caller's, when well-formed, else a new one), as do the logs.
  app.use("*", requestId());
  // Before anything that reads a session: a preflight carries none, and answers here (http/cors.ts).
  app.use("/api/*", apiCors);
  app.use("/mcp", apiCors);
  app.use("/api/*", withServices);
  app.use("/media/*", withServices, resolveAuth(), resolveWorkspace());
  // The MCP endpoint: API keys only (no cookie, so no origin check), the key's workspace and rate limit.
  app.use("/mcp", withServices, resolveAuth(), resolveWorkspace());
  app.route("/mcp", mcpRoutes);
  app.use(`${PROTECTED_RESOURCE_PATH}/*`, apiCors);
  app.route(PROTECTED_RESOURCE_PATH, protectedResourceRoutes);
  app.use("/api/*", (c, next) =>
    bodyLimit({
      maxSize: bodyLimitFor(c.req.method, c.req.path, c.req.header("Content-Type") ?? ""),
      // The Worker entry reads the rest of the body before this answer leaves (ADR 061).
      onError: (ctx) => fail(ctx, 413, "Request body too large."),
    })(c, next),
  );
  app.use("/api/*", originCheck);
  const early = { "GET /api/posts": earlyPostsList };
  app.use("/api/*", resolveAuth(early), resolveWorkspace(early));

  // Chained so the app's type carries every route's answer (the typed test client reads it).
  return app
    .route("/api/auth", authRoutes)
    .route("/api/auth", connectRoutes)
    .route("/api/accounts", accountRoutes)
    .route("/api/users", userRoutes)
    .route("/api/keys", keyRoutes)
    .route("/api/webhooks", webhookRoutes)
    .route("/api/feedback", feedbackRoutes)
    .route("/api/events", eventRoutes)
    .route("/api/billing", billingRoutes)
    .route("/api/scheduler", schedulerRoutes)
    .route("/api/notifications", notificationRoutes)
    .route("/api/notifications", inboxRoutes)
    .route("/api/approvals", approvalQueueRoutes)
    .route("/api/ai", aiRoutes)
    .route("/api/media", mediaRoutes)
    .route("/api/posts", postRoutes)
    .route("/api/posts", approvalPostRoutes)
    .route("/api/queue", queueRoutes)
    .route("/api/imports", importRoutes)
    .route("/api/inbox/webhooks", metaWebhookRoutes)
    .route("/api/inbox", engagementInboxRoutes)
    .route("/api/posts", commentRoutes)
    .route("/media", mediaFileRoutes)
    .route("/api/analytics/reports", reportRoutes)
    .route("/api/analytics", analyticsRoutes)
    .route("/api/dashboard", dashboardRoutes)
    .route("/api/workspaces", workspaceRoutes)
    .route("/api/workspaces", activityRoutes)
    .route("/api/invites", inviteRoutes)
    .route("/api/agency", agencyRoutes)
    .route("/api/share-links", shareLinkRoutes)
    .route("/api/share", publicShareRoutes)
    .route("/api/setup", setupRoutes)
    .route("/api/links", linkRoutes)
    .route("/api/posts", postLinkRoutes)
    .route("/api/feeds", feedRoutes)
    .route("/api/categories", categoryRoutes)
    .route("/api/bio", bioRoutes)
    .route("/api/pieces", pieceRoutes)
    .route("/api/labels", labelRoutes)
    .route("/api/posts", postLabelRoutes)
    .route("/api/brand", brandRoutes)
    .route("/api/brand-logos", brandLogoRoutes)
    .route("/api", reportPublicRoutes)
    .route("/api/operator", operatorRoutes)
    .route("/api", openApiRoutes);
}

export const api = createApi();
export type Api = typeof api;
