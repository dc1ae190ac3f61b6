import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env";

const base = {
  APP_ENV: "production",
  PLATFORMS_MODE: "live",
  MAILER: "cloudflare",
  SESSION_SECRET: "s".repeat(32),
  TOKEN_ENCRYPTION_KEY: btoa("k".repeat(32)),
};
const parse = (vars: Record<string, string>) => parseConfig({ ...base, ...vars } as unknown as Env);

describe("platform configuration in env.ts", () => {
  it("offers in live mode only the platforms with both credentials", () => {
    const config = parse({
      X_CLIENT_ID: "nope",
      TWITTER_CLIENT_ID: "tw-id",
      TWITTER_CLIENT_SECRET: "tw-secret",
      LINKEDIN_CLIENT_ID: "li-id",
      LINKEDIN_CLIENT_SECRET: " ",
    });
    expect(config.platformCredentials).toEqual({ twitter: { clientId: "tw-id", clientSecret: "tw-secret" } });
  });

  it("falls back to the sandbox apps in sandbox mode", () => {
    const config = parse({ PLATFORMS_MODE: "sandbox", YOUTUBE_CLIENT_ID: "yt-id", YOUTUBE_CLIENT_SECRET: "yt-secret" });
    expect(config.platformCredentials.youtube).toEqual({ clientId: "yt-id", clientSecret: "yt-secret" });
    expect(config.platformCredentials.threads).toEqual({
      clientId: "sandbox-threads-app",
      clientSecret: "sandbox-threads-secret",
    });
  });

  it("keeps endpoint overrides, a URL or an API version", () => {
    const config = parse({ X_API_BASE: "https://x.example.test", META_GRAPH_VERSION: "v26.0" });
    expect(config.endpointOverrides).toEqual({ X_API_BASE: "https://x.example.test", META_GRAPH_VERSION: "v26.0" });
  });

  it("fails fast, naming the variable, on an override that is not a URL", () => {
    expect(() => parse({ LINKEDIN_API_BASE: "api.linkedin.com" })).toThrow(ConfigError);
    expect(() => parse({ LINKEDIN_API_BASE: "api.linkedin.com" })).toThrow(/LINKEDIN_API_BASE/);
  });
});
