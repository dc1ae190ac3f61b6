import { z } from "zod";
import { PLATFORMS, type Platform } from "./platform-profile";
import { ENDPOINT_KEYS, type EndpointKey, LIVE_ENDPOINTS } from "./platforms";

/**
 * The local-only secrets wrangler.toml's [vars] carries so a clone runs without setup. Anyone can read
 * them, so production (APP_ENV=production or PLATFORMS_MODE=live) refuses to serve with them.
 */
export const DEVELOPMENT_SECRETS = {
  SESSION_SECRET: "dev-session-secret-change-me-in-production-0123456789",
  TOKEN_ENCRYPTION_KEY: "ZGV2LXRva2VuLWtleS0zMi1ieXRlcy1sb25nLWtleSE=",
} as const;

/** Runtime configuration, parsed once per isolate. A bad value names itself so a deploy fails loudly. */
const ConfigSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]),
    PLATFORMS_MODE: z.enum(["sandbox", "live"]),
    MAILER: z.enum(["devmailbox", "cloudflare"]),
    MAIL_FROM: z.string().email().default("no-reply@postline.local"),
    AI_PROVIDER: z.enum(["builtin", "openai"]).default("builtin"),
    /** A secret (`wrangler secret put OPENAI_API_KEY`); blank counts as unset. */
    OPENAI_API_KEY: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    OPENAI_BASE_URL: z.string().url().default(LIVE_ENDPOINTS.OPENAI_BASE_URL),
    OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    /** The verify token of Meta's webhook subscription (the App Dashboard's "Verify token"); sandbox has its own. */
    META_WEBHOOK_VERIFY_TOKEN: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    /** Public origin for work that has no request (cron, queues): OAuth redirects and sandbox media URLs. */
    APP_ORIGIN: z.string().url().default("http://localhost:8787"),
    /** /dev/mailbox and the emulator's /sandbox/* pages; only local configs (npm start, dev, tests) turn them on. */
    DEV_ROUTES: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    /**
     * The D1 bindings that hold workspaces' data, comma-separated; new workspaces go to the emptiest (ADR 081).
     * Unset means the directory database `DB` alone.
     */
    WORKSPACE_DBS: z
      .string()
      .default("DB")
      .transform((v) => v.split(",").map((n) => n.trim()))
      .refine((names) => names.length > 0 && names.every((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)), {
        message: "must list D1 binding names, comma-separated",
      }),
    /**
     * The deployment's operators, by sign-in email, comma-separated: only they may move a workspace between
     * shards (POST /api/operator/workspaces/{id}/move, ADR 082). Unset: nobody may.
     */
    OPERATOR_EMAILS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** The TikTok app is not audited yet: TikTok takes only private posts from it, so only those are offered. */
    TIKTOK_UNAUDITED: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    /**
     * URL prefixes verified for the TikTok app (developer portal, "URL properties"), comma-separated: a video whose
     * signed link starts with one is pulled by TikTok (PULL_FROM_URL) instead of uploaded in chunks. Unset: none.
     */
    TIKTOK_VERIFIED_URL_PREFIXES: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    /** Shortens the publishing leases (workers/publishing/lease.ts); for local crash tests, never production. */
    PUBLISH_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
    TOKEN_ENCRYPTION_KEY: z.string().refine((v) => {
      try {
        return atob(v).length === 32;
      } catch {
        return false;
      }
    }, "must be 32 bytes, base64-encoded"),
  })
  .superRefine((c, ctx) => {
    if (c.APP_ENV === "production" || c.PLATFORMS_MODE === "live") {
      for (const key of ["SESSION_SECRET", "TOKEN_ENCRYPTION_KEY"] as const) {
        if (c[key] === DEVELOPMENT_SECRETS[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `is the development value from wrangler.toml; set your own with \`wrangler secret put ${key}\``,
          });
      }
    }
    if (c.AI_PROVIDER === "openai" && !c.OPENAI_API_KEY)
      ctx.addIssue({ code: "custom", path: ["OPENAI_API_KEY"], message: "is required when AI_PROVIDER is 'openai'" });
  });

/** A secret or var that may be blank; blank counts as unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/**
 * The platform apps' OAuth credentials (`<PLATFORM>_CLIENT_ID` / `_CLIENT_SECRET`; FACEBOOK_* is the Meta app,
 * INSTAGRAM_* the Instagram app) and endpoint overrides (any of ENDPOINT_KEYS: a URL, or an API version).
 */
const PlatformVarsSchema = z.object({
  ...Object.fromEntries(
    PLATFORMS.flatMap((p) => [
      [`${p.toUpperCase()}_CLIENT_ID`, optionalText],
      [`${p.toUpperCase()}_CLIENT_SECRET`, optionalText],
    ]),
  ),
  ...Object.fromEntries(
    ENDPOINT_KEYS.map((key) => [key, key.endsWith("_VERSION") ? optionalText : z.string().url().optional()]),
  ),
});

export type PlatformCredentials = Partial<Record<Platform, { clientId: string; clientSecret: string }>>;

/**
 * A platform with both halves of its credentials is offered. In sandbox mode a missing one falls back to fixed
 * sandbox credentials the emulator accepts; in live mode that platform is simply not offered.
 */
export function platformCredentials(vars: Record<string, string | undefined>, sandbox: boolean): PlatformCredentials {
  const out: PlatformCredentials = {};
  for (const platform of PLATFORMS) {
    const clientId = vars[`${platform.toUpperCase()}_CLIENT_ID`];
    const clientSecret = vars[`${platform.toUpperCase()}_CLIENT_SECRET`];
    if (clientId && clientSecret) out[platform] = { clientId, clientSecret };
    else if (sandbox)
      out[platform] = { clientId: `sandbox-${platform}-app`, clientSecret: `sandbox-${platform}-secret` };
  }
  return out;
}

/** The ENDPOINT_KEYS a configuration overrides (a URL, or an API version). */
export function endpointOverrides(vars: Record<string, unknown>): Partial<Record<EndpointKey, string>> {
  const set = (k: EndpointKey) => typeof vars[k] === "string" && (vars[k] as string).trim() !== "";
  return Object.fromEntries(ENDPOINT_KEYS.filter(set).map((k) => [k, (vars[k] as string).trim()]));
}

export type Config = z.infer<typeof ConfigSchema> & {
  platformCredentials: PlatformCredentials;
  endpointOverrides: Partial<Record<EndpointKey, string>>;
};

export class ConfigError extends Error {}

const cache = new WeakMap<object, Config>();

/** What is wrong with a configuration, one entry per variable (`npm run check:setup` lists them too). */
export function configIssues(vars: object): Array<{ key: string; message: string }> {
  const issues = [
    ...(ConfigSchema.safeParse(vars).error?.issues ?? []),
    ...(PlatformVarsSchema.safeParse(vars).error?.issues ?? []),
  ];
  return issues.map((i) => ({
    key: i.path.join("."),
    message: i.code === "invalid_value" || i.code === "invalid_type" ? "is missing or invalid" : i.message,
  }));
}

/** `env` is the Worker's bindings (Env), or any object of variables (the setup check runs in Node). */
export function parseConfig(env: object): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = ConfigSchema.safeParse(env);
  const platformVars = PlatformVarsSchema.safeParse(env);
  if (!parsed.success || !platformVars.success) {
    const detail = configIssues(env)
      .map((i) => `${i.key} ${i.message}`)
      .join("; ");
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  const vars = platformVars.data as Record<string, string | undefined>;
  const config: Config = {
    ...parsed.data,
    platformCredentials: platformCredentials(vars, parsed.data.PLATFORMS_MODE === "sandbox"),
    endpointOverrides: endpointOverrides(vars),
  };
  cache.set(env, config);
  return config;
}
