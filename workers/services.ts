import { createAiProvider } from "./ai/factory";
import { AiService } from "./ai/service";
import { AiUsageStore } from "./ai/usage";
import { AuthService } from "./auth/service";
import { RateLimitService } from "./auth/rate-limit";
import { createDb } from "./db/client";
import { parseConfig } from "./env";
import { CloudflareMailer, DevMailboxMailer, type Mailer } from "./mail/mailer";
import { upstreamFetch } from "./platforms/upstream-fetch";

/**
 * Everything a handler or loader may use, built from the bindings once per request. `origin` is this
 * Worker's own origin (the sandbox fetch answers its /sandbox pages in process).
 */
export function buildServices(env: Env, now: () => number = Date.now, origin = "http://localhost") {
  const config = parseConfig(env);
  const db = createDb(env.DB);
  const aiUsage = new AiUsageStore(db);
  const mailer: Mailer =
    config.MAILER === "cloudflare" && env.EMAIL ? new CloudflareMailer(env.EMAIL, config.MAIL_FROM) : new DevMailboxMailer(db);
  return {
    config,
    env,
    db,
    now,
    mailer,
    auth: new AuthService({ db, sessions: env.USER_SESSIONS, mailer, secret: config.SESSION_SECRET, now }),
    rateLimit: new RateLimitService(env.RATE_LIMITER, now),
    /** The AI assistant acting for one user (provider built on first use, not on every request). */
    ai: (userId: string) =>
      new AiService(createAiProvider(config, upstreamFetch(env, config.PLATFORMS_MODE, origin)), aiUsage, userId, now),
    aiUsage,
  };
}

export type Services = ReturnType<typeof buildServices>;
