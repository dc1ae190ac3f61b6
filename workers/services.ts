import { AuthService } from "./auth/service";
import { RateLimitService } from "./auth/rate-limit";
import { createDb } from "./db/client";
import { parseConfig } from "./env";
import { CloudflareMailer, DevMailboxMailer, type Mailer } from "./mail/mailer";
import { AccountsService } from "./accounts/service";
import { TokenCipher } from "./accounts/token-crypto";
import { emulator } from "./emulator";
import { resolveEndpoints, type EndpointKey } from "./platforms/endpoints";
import { createPlatformRegistry, platformCredentials } from "./platforms/registry";
import { createSandboxFetch } from "./platforms/sandbox-fetch";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Everything a handler or loader may use, built from the bindings once per request. `origin` is this
 * Worker's public origin (from the request; APP_ORIGIN for cron and queues): OAuth redirect URIs and,
 * in sandbox mode, the consent pages and the emulator live there.
 */
export function buildServices(env: Env, now: () => number = Date.now, origin?: string) {
  const config = parseConfig(env);
  const appOrigin = origin ?? config.APP_ORIGIN;
  const db = createDb(env.DB);
  const mailer: Mailer =
    config.MAILER === "cloudflare" && env.EMAIL ? new CloudflareMailer(env.EMAIL, config.MAIL_FROM) : new DevMailboxMailer(db);
  const sandbox = config.PLATFORMS_MODE === "sandbox";
  // The composition root is the one place that hands the emulator to the sandbox fetch; feature code never sees it.
  const platformFetch: typeof fetch = sandbox ? createSandboxFetch((r) => emulator.fetch(r, env), appOrigin) : (input, init) => fetch(input, init);
  const platforms = createPlatformRegistry({
    endpoints: resolveEndpoints(env as unknown as Partial<Record<EndpointKey, string>>, config.PLATFORMS_MODE, appOrigin),
    fetch: platformFetch,
    credentials: platformCredentials(env as unknown as Record<string, unknown>, sandbox),
    now,
    sleep,
  });
  const cipher = new TokenCipher(config.TOKEN_ENCRYPTION_KEY);
  return {
    config,
    platforms,
    accounts: new AccountsService({ db, registry: platforms, cipher, now, origin: appOrigin }),
    env,
    db,
    now,
    mailer,
    auth: new AuthService({ db, sessions: env.USER_SESSIONS, mailer, secret: config.SESSION_SECRET, now }),
    rateLimit: new RateLimitService(env.RATE_LIMITER, now),
  };
}

export type Services = ReturnType<typeof buildServices>;
