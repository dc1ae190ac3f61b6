import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { addMember } from "../test/shards";

describe("GET /api/setup/check (Settings → Developer)", () => {
  it("shows owners the going-live check of this deployment; an editor is refused", async () => {
    const owner = await registerUser();
    const ws = (
      await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Launch Co" } })
    ).body.data.id;
    const editor = await registerUser();
    await addMember(ws, editor.user.id, "editor");

    const res = await call<"GET /api/setup/check">("/api/setup/check", {
      token: owner.token,
      headers: { "X-Workspace-Id": ws },
    });
    expect(res.status).toBe(200);
    // The test Worker runs the sandbox with wrangler.toml's development secrets: not ready, and it says why.
    expect(res.body.data.ready).toBe(false);
    expect(res.body.data.mode).toBe("sandbox");
    expect(res.body.data.problems.map((p: { problem: string }) => p.problem)).toEqual(
      expect.arrayContaining([
        "PLATFORMS_MODE is sandbox: posts go to the built-in emulator, not the real platforms.",
        "TOKEN_ENCRYPTION_KEY is the development value from wrangler.toml; set your own with `wrangler secret put TOKEN_ENCRYPTION_KEY`.",
      ]),
    );
    expect(res.body.data.platforms.map((p: { platform: string }) => p.platform)).toEqual([
      "instagram",
      "facebook",
      "twitter",
      "linkedin",
      "youtube",
      "threads",
      "bluesky",
      "mastodon",
      "tiktok",
      "google_business",
      "pinterest",
    ]);
    // Mastodon and Bluesky need no app to configure: Postline registers itself on each Mastodon instance at connect
    // (ADR 059), and a Bluesky account signs in with its handle and an app password (ADR 060).
    const named = (platform: string) =>
      res.body.data.platforms.find((p: { platform: string }) => p.platform === platform);
    expect(named("mastodon")).toMatchObject({
      state: "ready",
      scopes: [
        "read:accounts",
        "read:statuses",
        "read:notifications",
        "write:media",
        "write:statuses",
        "write:favourites",
      ],
    });
    expect(named("bluesky")).toMatchObject({ state: "ready", problems: [] });
    // TikTok needs its developer app (TIKTOK_CLIENT_ID is the app's client key); the scopes are its consent URL's.
    expect(named("tiktok")).toMatchObject({
      redirectUri: expect.stringMatching(/\/api\/auth\/tiktok\/callback$/),
      scopes: ["user.info.basic", "user.info.profile", "user.info.stats", "video.publish", "video.list"],
    });
    // Business Profile is a Google app of its own (GOOGLE_BUSINESS_CLIENT_ID), asking for the one scope (ADR 065).
    expect(named("google_business")).toMatchObject({
      brand: "Google Business Profile",
      redirectUri: expect.stringMatching(/\/api\/auth\/google_business\/callback$/),
      scopes: ["https://www.googleapis.com/auth/business.manage"],
    });
    // The scopes the real Pinterest client's consent URL asks for, read from it.
    expect(named("pinterest")).toMatchObject({
      scopes: ["boards:read", "boards:write", "pins:read", "pins:write", "user_accounts:read"],
    });
    expect(res.body.data.platforms[1]).toMatchObject({
      brand: "Facebook",
      redirectUri: expect.stringMatching(/\/api\/auth\/facebook\/callback$/),
      scopes: expect.arrayContaining(["pages_manage_posts"]),
    });

    // Each dated API version with the day its platform stops serving it (ADR 051).
    expect(res.body.data.versions.map((v: { setting: string; state: string }) => v.setting)).toEqual([
      "META_GRAPH_VERSION",
      "LINKEDIN_VERSION",
    ]);
    expect(res.body.data.versions[1]).toMatchObject({
      label: "LinkedIn-Version",
      source: "default",
      version: expect.stringMatching(/^\d{6}$/),
      servedUntil: expect.stringMatching(/^\d{4}-\d{2}-15$/),
    });
    expect(res.body.data.fixedVersions).toContainEqual({ api: "Threads API", version: "v1.0", platforms: ["threads"] });
    // Every workspace database WORKSPACE_DBS lists, by D1's own size metadata, far from D1's 10 GB (ADR 081).
    const shards = res.body.data.shards;
    expect(shards.map((s: { shard: string }) => s.shard)).toEqual((env.WORKSPACE_DBS ?? "DB").split(","));
    for (const s of shards) expect(s).toMatchObject({ bytes: expect.any(Number), share: expect.any(Number) });
    expect(shards.every((s: { bytes: number; warning?: string }) => s.bytes > 0 && !s.warning)).toBe(true);

    const refused = await call<"GET /api/setup/check">("/api/setup/check", {
      token: editor.token,
      headers: { "X-Workspace-Id": ws },
    });
    expect([refused.status, refused.body.success]).toEqual([403, false]);
    expect(refused.body.data).toBeUndefined();
  });
});
