import { Hono } from "hono";
import { requireAuth } from "../auth/middleware";
import type { AppEnv } from "../http/app-env";
import { HttpError, ok } from "../http/envelope";
import { readJson } from "../http/validate";
import { CHARACTER_LIMITS, HASHTAG_LIMITS } from "./limits";
import { AiMessages, analyzeSchema, generateSchema, hashtagsSchema, mentionsSchema, optimizeSchema, TONES } from "./schemas";

const USAGE_WINDOW_MS = 30 * 24 * 60 * 60_000;
const LABELS = { builtin: "Built-in assistant", openai: "OpenAI-compatible model" } as const;

export const aiRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  /** Every call that reaches the provider counts against the caller's 'ai' limit. */
  .use(async (c, next) => {
    if (c.req.method === "POST" || c.req.path.endsWith("/test-connection")) {
      await c.var.services.rateLimit.enforce("ai", [`user:${c.var.auth!.user.id}`]);
    }
    await next();
  })
  .post("/generate-content", async (c) => {
    const input = await readJson(c, generateSchema);
    const data = await c.var.services.ai(c.var.auth!.user.id).generate(input);
    return ok(c, data, `Generated ${data.suggestions.length} AI suggestion${data.suggestions.length === 1 ? "" : "s"}`);
  })
  .post("/suggest-hashtags", async (c) => {
    const input = await readJson(c, hashtagsSchema);
    return ok(c, await c.var.services.ai(c.var.auth!.user.id).hashtags(input));
  })
  .post("/suggest-mentions", async (c) => {
    const input = await readJson(c, mentionsSchema);
    return ok(c, await c.var.services.ai(c.var.auth!.user.id).mentions(input));
  })
  .post("/optimize-content", async (c) => {
    const input = await readJson(c, optimizeSchema);
    return ok(c, await c.var.services.ai(c.var.auth!.user.id).optimize(input));
  })
  .post("/analyze-content", async (c) => {
    const input = await readJson(c, analyzeSchema);
    return ok(c, await c.var.services.ai(c.var.auth!.user.id).analyze(input));
  })
  .get("/test-connection", async (c) => {
    const data = await c.var.services.ai(c.var.auth!.user.id).testConnection();
    return ok(c, data, "AI service connected");
  })
  .get("/health", async (c) => {
    const ai = c.var.services.ai(c.var.auth!.user.id);
    try {
      await ai.testConnection();
    } catch {
      throw new HttpError(503, AiMessages.unavailable);
    }
    return ok(c, { status: "ok", ...ai.info });
  })
  .get("/info", (c) => {
    const { provider, model } = c.var.services.ai(c.var.auth!.user.id).info;
    return ok(c, {
      provider,
      model,
      label: LABELS[provider],
      features: ["generate-content", "suggest-hashtags", "suggest-mentions", "optimize-content", "analyze-content"],
      tones: TONES,
      limits: { characters: CHARACTER_LIMITS, hashtags: HASHTAG_LIMITS },
    });
  })
  .get("/usage", async (c) => {
    const since = c.var.services.now() - USAGE_WINDOW_MS;
    const summary = await c.var.services.aiUsage.summary(c.var.auth!.user.id, since);
    return ok(c, { ...summary, periodDays: 30 });
  });
