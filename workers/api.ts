import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { reportRoutes } from "./analytics/report-routes";
import { analyticsRoutes } from "./analytics/routes";
import { authRoutes } from "./auth/routes";
import { dashboardRoutes } from "./dashboard/routes";
import { originCheck, resolveAuth } from "./auth/middleware";
import { ConfigError } from "./env";
import { billingRoutes, eventRoutes } from "./events/routes";
import { feedbackRoutes } from "./feedback/routes";
import type { AppEnv } from "./http/app-env";
import { fail, HttpError, Messages } from "./http/envelope";
import { buildServices } from "./services";
import { openApiRoutes } from "./openapi/routes";
import { userRoutes } from "./users/routes";

/** JSON bodies are small; uploads set their own, larger limits on their routes. */
const JSON_BODY_LIMIT = 1024 * 1024;
const MULTIPART_BODY_LIMIT = 12 * 1024 * 1024;

export function createApi(now: () => number = Date.now) {
  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof HttpError) return fail(c, err.status, err.message, err.headers);
    if (err instanceof ConfigError) {
      console.error(err.message);
      return fail(c, 500, err.message);
    }
    console.error("Unhandled API error", err);
    return fail(c, 500, Messages.server);
  });
  app.notFound((c) => fail(c, 404, Messages.notFound));

  app.get("/health", (c) => c.json({ success: true, message: "OK", data: { status: "ok", time: new Date(now()).toISOString() } }));

  app.use("/api/*", async (c, next) => {
    c.set("services", buildServices(c.env, now));
    await next();
  });
  app.use("/api/*", (c, next) => {
    const multipart = (c.req.header("Content-Type") ?? "").startsWith("multipart/form-data");
    return bodyLimit({
      maxSize: multipart ? MULTIPART_BODY_LIMIT : JSON_BODY_LIMIT,
      onError: (ctx) => fail(ctx, 413, "Request body too large."),
    })(c, next);
  });
  app.use("/api/*", originCheck);
  app.use("/api/*", resolveAuth);

  app.route("/api/auth", authRoutes);
  app.route("/api/users", userRoutes);
  app.route("/api/feedback", feedbackRoutes);
  app.route("/api/events", eventRoutes);
  app.route("/api/billing", billingRoutes);
  app.route("/api/analytics/reports", reportRoutes);
  app.route("/api/analytics", analyticsRoutes);
  app.route("/api/dashboard", dashboardRoutes);
  app.route("/api", openApiRoutes);
  return app;
}

export const api = createApi();
export type Api = typeof api;
