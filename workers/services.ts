import { analyticsDeps } from "./analytics/deps";
import { AuthService } from "./auth/service";
import { RateLimitService } from "./auth/rate-limit";
import { createDb } from "./db/client";
import { parseConfig } from "./env";
import { CloudflareMailer, DevMailboxMailer, type Mailer } from "./mail/mailer";

/** Everything a handler or loader may use, built from the bindings once per request. */
export function buildServices(env: Env, now: () => number = Date.now) {
  const config = parseConfig(env);
  const db = createDb(env.DB);
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
    /** Platform clients and credentials for analytics sync (provided by the Worker entry). */
    analyticsDeps: () => analyticsDeps({ env, db, now }),
  };
}

export type Services = ReturnType<typeof buildServices>;
