import { z } from "zod";
import { LIVE_ENDPOINTS } from "./platforms/endpoints";

/** Runtime configuration, parsed once per isolate. A bad value names itself so a deploy fails loudly. */
const ConfigSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]),
  PLATFORMS_MODE: z.enum(["sandbox", "live"]),
  MAILER: z.enum(["devmailbox", "cloudflare"]),
  MAIL_FROM: z.string().email().default("no-reply@postline.local"),
  AI_PROVIDER: z.enum(["builtin", "openai"]).default("builtin"),
  /** A secret (`wrangler secret put OPENAI_API_KEY`); blank counts as unset. */
  OPENAI_API_KEY: z.string().optional().transform((v) => v?.trim() || undefined),
  OPENAI_BASE_URL: z.string().url().default(LIVE_ENDPOINTS.OPENAI_BASE_URL),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Public origin for work that has no request (cron, queues): OAuth redirects and sandbox media URLs. */
  APP_ORIGIN: z.string().url().default("http://localhost:8787"),
  /** Shortens the publishing leases (workers/publishing/lease.ts); for local crash tests, never production. */
  PUBLISH_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((v) => {
      try {
        return atob(v).length === 32;
      } catch {
        return false;
      }
    }, "must be 32 bytes, base64-encoded"),
}).superRefine((c, ctx) => {
  if (c.AI_PROVIDER === "openai" && !c.OPENAI_API_KEY)
    ctx.addIssue({ code: "custom", path: ["OPENAI_API_KEY"], message: "is required when AI_PROVIDER is 'openai'" });
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

const cache = new WeakMap<object, Config>();

export function parseConfig(env: Env): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.join(".")} ${i.code === "invalid_value" || i.code === "invalid_type" ? "is missing or invalid" : i.message}`)
      .join("; ");
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  cache.set(env, parsed.data);
  return parsed.data;
}
