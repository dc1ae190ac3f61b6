import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { setTighterRateLimit } from "../auth";
import { Unavailable } from "../errors";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { CHARACTER_LIMITS, HASHTAG_LIMITS } from "./limits";
import {
  AiMessages,
  analyzeSchema,
  generateSchema,
  hashtagsSchema,
  mentionsSchema,
  optimizeSchema,
  TONES,
} from "./schemas";

const USAGE_WINDOW_MS = 30 * 24 * 60 * 60_000;
const LABELS = { builtin: "Built-in assistant", openai: "OpenAI-compatible model" } as const;

const assistant = (c: Context<SignedInEnv>) =>
  c.var.services.ai({ workspaceId: c.var.workspace.id, userId: c.var.auth.user.id });

/** Every call that reaches the provider counts against the member's 'ai' limit, signed in or with a key. */
const limited = createMiddleware<SignedInEnv>(async (c, next) => {
  const headers = await c.var.services.rateLimit.enforceWithHeaders("ai", `user:${c.var.auth.user.id}`);
  await next();
  setTighterRateLimit(c.res.headers, headers);
});

export const aiRoutes = new Hono<SignedInEnv>()
  .post("/generate-content", requirePermission("ai.use"), limited, async (c) => {
    const input = await readJson(c, generateSchema);
    const data = await assistant(c).generate(input);
    return ok(c, data, `Generated ${data.suggestions.length} AI suggestion${data.suggestions.length === 1 ? "" : "s"}`);
  })
  .post("/suggest-hashtags", requirePermission("ai.use"), limited, async (c) => {
    const input = await readJson(c, hashtagsSchema);
    return ok(c, await assistant(c).hashtags(input));
  })
  .post("/suggest-mentions", requirePermission("ai.use"), limited, async (c) => {
    const input = await readJson(c, mentionsSchema);
    return ok(c, await assistant(c).mentions(input));
  })
  .post("/optimize-content", requirePermission("ai.use"), limited, async (c) => {
    const input = await readJson(c, optimizeSchema);
    return ok(c, await assistant(c).optimize(input));
  })
  .post("/analyze-content", requirePermission("ai.use"), limited, async (c) => {
    const input = await readJson(c, analyzeSchema);
    return ok(c, await assistant(c).analyze(input));
  })
  .get("/test-connection", requirePermission("ai.use"), limited, async (c) => {
    const data = await assistant(c).testConnection();
    return ok(c, data, "AI service connected");
  })
  .get("/health", requirePermission("workspace.read"), async (c) => {
    const ai = assistant(c);
    try {
      await ai.testConnection();
    } catch {
      throw new Unavailable(AiMessages.unavailable);
    }
    return ok(c, { status: "ok", ...ai.info });
  })
  .get("/info", requirePermission("workspace.read"), (c) => {
    const { provider, model } = assistant(c).info;
    return ok(c, {
      provider,
      model,
      label: LABELS[provider],
      features: ["generate-content", "suggest-hashtags", "suggest-mentions", "optimize-content", "analyze-content"],
      tones: TONES,
      limits: { characters: CHARACTER_LIMITS, hashtags: HASHTAG_LIMITS },
    });
  })
  .get("/usage", requirePermission("workspace.read"), async (c) => {
    const since = c.var.services.now() - USAGE_WINDOW_MS;
    const summary = await c.var.services.aiUsage.summary(c.var.workspace.id, since);
    return ok(c, { ...summary, periodDays: 30 });
  });
