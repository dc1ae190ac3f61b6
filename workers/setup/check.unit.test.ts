import { describe, expect, it } from "vitest";
import { DEVELOPMENT_SECRETS } from "../env";
import { checkSetup } from "./check";

const LIVE = {
  APP_ENV: "production",
  PLATFORMS_MODE: "live",
  MAILER: "cloudflare",
  APP_ORIGIN: "https://postline.example.com",
  SESSION_SECRET: "a-production-session-secret-that-is-long-enough-0001",
  TOKEN_ENCRYPTION_KEY: btoa("p".repeat(32)),
  LINKEDIN_CLIENT_ID: "86abc",
  LINKEDIN_CLIENT_SECRET: "shh",
  YOUTUBE_CLIENT_ID: "123.apps.googleusercontent.com",
  YOUTUBE_CLIENT_SECRET: "GOCSPX-shh",
};

describe("checkSetup", () => {
  it("reports each workspace database against D1's 10 GB and warns from 70 %", () => {
    const report = checkSetup(LIVE, {
      shards: [
        { shard: "DB", bytes: 6.9e9, share: 0.69 },
        { shard: "SHARD_B", bytes: 7e9, share: 0.7 },
      ],
    });
    expect(report.shards[0]).toEqual({ shard: "DB", bytes: 6.9e9, share: 0.69 });
    expect(report.shards[1]!.warning).toBe(
      "SHARD_B holds 7.0 GB, 70 % of D1's 10 GB: add a shard (a D1 binding listed in WORKSPACE_DBS) so new workspaces go there, or move a large workspace.",
    );
    // Offline (`npm run check:setup`) there is no database to measure.
    expect(checkSetup(LIVE).shards).toEqual([]);
  });

  it("a live configuration with production secrets and two platforms is ready; the others are simply not offered", () => {
    const report = checkSetup(LIVE, { origin: "https://postline.example.com" });
    expect(report.problems).toEqual([]);
    expect(report.ready).toBe(true);
    const linkedin = report.platforms.find((p) => p.platform === "linkedin")!;
    expect(linkedin).toMatchObject({
      state: "ready",
      redirectUri: "https://postline.example.com/api/auth/linkedin/callback",
    });
    expect(linkedin.scopes).toContain("w_member_social");
    expect(report.platforms.find((p) => p.platform === "youtube")!.scopes).toContain(
      "https://www.googleapis.com/auth/youtube.upload",
    );
    expect(report.platforms.find((p) => p.platform === "twitter")!.state).toBe("not_offered");
    // Never a secret's value.
    expect(JSON.stringify(report)).not.toContain("GOCSPX-shh");
  });

  it("wrangler.toml's development values: sandbox mode, the development secrets and a localhost origin, each with its fix", () => {
    const report = checkSetup({
      APP_ENV: "development",
      PLATFORMS_MODE: "sandbox",
      MAILER: "devmailbox",
      DEV_ROUTES: "true",
      ...DEVELOPMENT_SECRETS,
    });
    expect(report.ready).toBe(false);
    expect(report.problems.map((p) => p.problem)).toEqual([
      "PLATFORMS_MODE is sandbox: posts go to the built-in emulator, not the real platforms.",
      "SESSION_SECRET is the development value from wrangler.toml; set your own with `wrangler secret put SESSION_SECRET`.",
      "TOKEN_ENCRYPTION_KEY is the development value from wrangler.toml; set your own with `wrangler secret put TOKEN_ENCRYPTION_KEY`.",
      "APP_ORIGIN is http://localhost:8787: platforms send the browser back there after consent and fetch media from it.",
      "DEV_ROUTES is true: the emulator (/sandbox) and the dev mailbox are served.",
    ]);
    // Mastodon needs no credentials (Postline registers itself on each instance, ADR 059), so something can connect.
    expect(report.platforms.find((p) => p.platform === "mastodon")!.state).toBe("ready");
    expect(report.problems[2]!.fix).toContain("openssl rand -base64 32");
  });

  it("half a credential is a problem of that platform; an origin other than the one served is named", () => {
    const report = checkSetup(
      { ...LIVE, FACEBOOK_CLIENT_ID: "1234", APP_ORIGIN: "https://old.example.com" },
      { origin: "https://postline.example.com" },
    );
    const facebook = report.platforms.find((p) => p.platform === "facebook")!;
    expect(facebook.state).toBe("problem");
    expect(facebook.problems).toEqual([
      {
        problem: "FACEBOOK_CLIENT_ID is set but FACEBOOK_CLIENT_SECRET is not.",
        fix: "Copy it from the Facebook developer app: `wrangler secret put FACEBOOK_CLIENT_SECRET`.",
      },
    ]);
    expect(facebook.redirectUri).toBe("https://old.example.com/api/auth/facebook/callback");
    expect(report.problems).toEqual([
      {
        problem:
          "This deployment answers on https://postline.example.com, but APP_ORIGIN is https://old.example.com: redirect URIs and media links would not match.",
        fix: 'Set APP_ORIGIN = "https://postline.example.com".',
      },
    ]);
    expect(report.ready).toBe(false);
  });

  it("names each API version with its end: a setting in its last 60 days warns, one past its end is a problem", () => {
    const now = Date.parse("2027-10-01T12:00:00Z");
    const fresh = checkSetup(LIVE, { origin: "https://postline.example.com", now });
    expect(fresh.versions.map((v) => [v.label, v.version, v.servedUntil, v.state])).toEqual([
      ["Graph API version", "v25.0", "2028-07-29", "ok"],
      ["LinkedIn-Version", "202709", "2028-09-15", "warning"],
    ]);
    // The tested LinkedIn version has 45 days left: calls already use a newer one, and this release is warned about.
    expect(fresh.ready).toBe(true);

    const ending = checkSetup({ ...LIVE, LINKEDIN_VERSION: "202611" }, { now });
    expect(ending.versions[1]).toMatchObject({ source: "setting", state: "warning", daysLeft: 45 });
    expect(ending.ready).toBe(true);

    const ended = checkSetup({ ...LIVE, META_GRAPH_VERSION: "v22.0" }, { origin: "https://postline.example.com", now });
    expect(ended.ready).toBe(false);
    expect(ended.problems).toEqual([
      {
        problem:
          "Graph API version v22.0 stopped being served on 2027-05-20: Facebook and Instagram calls fail or are answered by another version.",
        fix: "Set META_GRAPH_VERSION to a newer version, or remove it to use Postline's default (v25.0).",
      },
    ]);
  });
});
