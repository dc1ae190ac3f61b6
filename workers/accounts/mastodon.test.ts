import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { syncAccount } from "../analytics/sync";
import { call, ORIGIN, registerUser, settledPost, uploadImage } from "../test/helpers";
import { advanceEmulator, connectViaEmulator, platformHarness, raw } from "../test/oauth";
import { dbOf, drizzleOf, servicesOn } from "../test/shards";

/**
 * Mastodon through the app (ADR 059): the user names an instance, Postline registers itself there once, the
 * consent is the instance's, and each account keeps its instance and that instance's limits, which pre-flight
 * and publishing apply per account.
 */
type Account = { _id: string; platform: string; username: string; metadata: Record<string, unknown> };

async function mastodonAccounts(token: string) {
  const { accounts } = (await call<"GET /api/accounts">("/api/accounts", { token })).body.data;
  return (accounts as Account[]).filter((a) => a.platform === "mastodon");
}

/** The workspace's pending OAuth states, on its shard. */
const stateCount = async (workspaceId: string) =>
  (await (
    await dbOf(workspaceId)
  )
    .prepare("SELECT count(*) AS n FROM oauth_states WHERE platform = 'mastodon' AND workspace_id = ?")
    .bind(workspaceId)
    .first<{ n: number }>())!.n;

describe("connecting Mastodon accounts on chosen instances", () => {
  it("asks for the server's domain and starts nothing without a valid one", async () => {
    const u = await registerUser();
    const before = await stateCount(u.user.id);
    for (const body of [{}, { instance: "not a domain" }, { instance: "localhost" }]) {
      const res = await call("/api/auth/mastodon/connect", { token: u.token, body });
      expect([res.status, res.body]).toEqual([
        400,
        { success: false, message: "Enter the domain of your Mastodon server, like mastodon.social." },
      ]);
    }
    // An instance the sandbox cannot reach is refused before any consent, with the reason.
    const unknown = await call("/api/auth/mastodon/connect", {
      token: u.token,
      body: { instance: "elsewhere.example" },
    });
    expect(unknown.status).toBe(503);
    expect(unknown.body.message).toMatch(/^Mastodon cannot be connected: .*elsewhere\.example/);
    // The Settings form's plain GET sends the user back to Settings with the reason, not to a JSON page.
    const form = await raw("/api/auth/mastodon?instance=not+a+domain", { cookie: u.cookie });
    expect(form.status).toBe(302);
    const back = new URL(form.headers.get("Location")!, ORIGIN);
    expect([back.pathname, back.searchParams.get("error")]).toEqual([
      "/settings",
      "Enter the domain of your Mastodon server, like mastodon.social.",
    ]);
    expect(await stateCount(u.user.id)).toBe(before);
  });

  it("connects accounts on two instances into one workspace, each with its own instance and limits", async () => {
    const u = await registerUser();
    const start = await call<"POST /api/auth/:platform/connect">("/api/auth/mastodon/connect", {
      token: u.token,
      body: { instance: "https://Mastodon.Social/" },
    });
    expect(start.status).toBe(200);
    const authUrl = new URL(start.body.data.authUrl);
    expect(authUrl.pathname).toBe("/sandbox/mastodon.social/oauth/authorize");
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    const first = await connectViaEmulator(u.cookie, "mastodon", { instance: "mastodon.social" });
    expect(first.settings.searchParams.get("connected")).toBe("mastodon");
    await connectViaEmulator(u.cookie, "mastodon", { instance: "mastodon.example" });
    const accounts = await mastodonAccounts(u.token);
    expect(
      accounts.map((a) => [
        a.username,
        a.metadata.instance,
        (a.metadata.limits as { maxCharacters: number }).maxCharacters,
      ]),
    ).toEqual([
      ["postline@mastodon.social", "mastodon.social", 500],
      ["bakery@mastodon.example", "mastodon.example", 1000],
    ]);
    // Postline registered once per instance, however many connects.
    const apps = await env.DB.prepare(
      "SELECT instance, count(*) AS n FROM instance_apps WHERE platform = 'mastodon' GROUP BY instance ORDER BY instance",
    ).all<{ instance: string; n: number }>();
    expect(apps.results).toEqual([
      { instance: "mastodon.example", n: 1 },
      { instance: "mastodon.social", n: 1 },
    ]);
    // A reconnect goes back to the account's own instance without being told.
    const again = await connectViaEmulator(u.cookie, "mastodon", { reconnect: accounts[1]!._id });
    expect(again.authUrl.pathname).toBe("/sandbox/mastodon.example/oauth/authorize");
    expect((await mastodonAccounts(u.token)).length).toBe(2);
  });
});

describe("the daily connection check", () => {
  it("reads the instance's limits again, so a server that changed them is followed", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "mastodon", { instance: "mastodon.social" });
    const [account] = await mastodonAccounts(u.token);
    // As if the instance had allowed 100 characters when the account was connected.
    await (await dbOf(u.user.id))
      .prepare(
        "UPDATE connected_accounts SET metadata = json_set(metadata, '$.limits.maxCharacters', 100) WHERE id = ?",
      )
      .bind(account!._id)
      .run();
    expect(((await mastodonAccounts(u.token))[0]!.metadata.limits as { maxCharacters: number }).maxCharacters).toBe(
      100,
    );
    const checked = await platformHarness({}, await drizzleOf(u.user.id)).accounts.checkConnection(account!._id);
    expect(checked?.lastVerifiedAt).toBeTruthy();
    const [after] = await mastodonAccounts(u.token);
    expect(after!.metadata).toMatchObject({
      instance: "mastodon.social",
      limits: { maxCharacters: 500, maxMediaAttachments: 4 },
    });
  });
});

describe("publishing to Mastodon accounts on different instances", () => {
  async function setup() {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "mastodon", { instance: "mastodon.social" });
    await connectViaEmulator(u.cookie, "mastodon", { instance: "mastodon.example" });
    const [social, example] = await mastodonAccounts(u.token);
    return { u, social: social!._id, example: example!._id };
  }

  it("holds each account to its own instance's character limit before scheduling", async () => {
    const { u, social, example } = await setup();
    const text = `Long bakery news ${"and more ".repeat(80)}`.slice(0, 700);
    // SPEC §5: every scheduled post carries an image.
    const images = [await uploadImage(u.token)];
    const check = await call<"POST /api/posts/preflight">("/api/posts/preflight", {
      token: u.token,
      body: { content: text, platforms: ["mastodon"], selectedAccounts: { mastodon: [social, example] }, images },
    });
    expect(check.status).toBe(200);
    expect(check.body.data.problems).toEqual([
      { platform: "mastodon", accountId: social, message: expect.stringMatching(/Mastodon.*700.*500/) },
    ]);
    const refused = await call("/api/posts", {
      token: u.token,
      body: {
        content: text,
        platforms: ["mastodon"],
        selectedAccounts: { mastodon: [social, example] },
        images,
        publishNow: true,
      },
    });
    expect([refused.status, refused.body.success, refused.body.message]).toEqual([
      400,
      false,
      expect.stringMatching(/700.*500/),
    ]);
    const accepted = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: text,
        platforms: ["mastodon"],
        selectedAccounts: { mastodon: [example] },
        images,
        publishNow: true,
      },
    });
    expect(accepted.status, accepted.body.message).toBe(201);
    const post = await settledPost(u.token, accepted.body.data._id, 30_000);
    expect(post.platformPosts[0]).toMatchObject({ status: "published" });
    expect(post.platformPosts[0]!.permalink).toMatch(/^https:\/\/mastodon\.example\/@bakery\/\d+$/);
  });

  it("publishes an image with alt text, a content warning, a 3-part thread and a first comment, then syncs metrics", {
    timeout: 60_000,
  }, async () => {
    const { u, social } = await setup();
    const image = await uploadImage(u.token);
    const tag = crypto.randomUUID().slice(0, 8);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `Part 1 ${tag}`,
        platforms: ["mastodon"],
        selectedAccounts: { mastodon: [social] },
        images: [image],
        publishNow: true,
        channels: [
          {
            platform: "mastodon",
            accountId: social,
            thread: [`Part 2 ${tag}`, `Part 3 ${tag}`],
            firstComment: `Comment ${tag}`,
            options: {
              statusVisibility: "unlisted",
              contentWarning: "bread talk",
              language: "en",
              altText: { [image]: "A sourdough loaf" },
            },
          },
        ],
      },
    });
    expect(res.status, res.body.message).toBe(201);
    const post = await settledPost(u.token, res.body.data._id, 40_000);
    const [channel] = post.platformPosts;
    expect(channel!.status).toBe("published");
    expect(channel!.partIds).toHaveLength(3);
    const rows = await env.DB.prepare(
      "SELECT id, data FROM emu_objects WHERE platform = 'mastodon:mastodon.social' AND kind = 'status' AND data LIKE ? ORDER BY created_at, rowid",
    )
      .bind(`%${tag}%`)
      .all<{ id: string; data: string }>();
    const statuses = rows.results.map(
      (r) =>
        ({ id: r.id, ...(JSON.parse(r.data) as Record<string, unknown>) }) as Record<string, unknown> & { id: string },
    );
    expect(statuses.map((s) => [s.text, s.replyTo])).toEqual([
      [`Part 1 ${tag}`, null],
      [`Part 2 ${tag}`, channel!.partIds![0]],
      [`Part 3 ${tag}`, channel!.partIds![1]],
      [`Comment ${tag}`, channel!.partIds![0]],
    ]);
    // Every part and the first comment keep the post's audience, warning and language, as Mastodon's own composer
    // does for a reply: the instance's default (public) would widen the thread after its first status.
    for (const s of statuses)
      expect([s.text, s.visibility, s.spoilerText, s.language]).toEqual([s.text, "unlisted", "bread talk", "en"]);
    // In sandbox mode the permalink opens the emulator's viewer: the thread under its first status, in order.
    const page = await (await raw(`/sandbox/view?url=${encodeURIComponent(channel!.permalink!)}`)).text();
    expect(page).toContain("Postline Demo (@postline@mastodon.social)");
    const at = [1, 2, 3].map((n) => page.indexOf(`Part ${n} ${tag}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const media = await env.DB.prepare(
      "SELECT data FROM emu_objects WHERE kind = 'media' AND json_extract(data, '$.statusId') = ?",
    )
      .bind(statuses[0]!.id)
      .first<{ data: string }>();
    expect(JSON.parse(media!.data)).toMatchObject({ description: "A sourdough loaf" });
    // Analytics: a sync two days on reads favourites, boosts and replies into the post's snapshot.
    await advanceEmulator(2 * 86_400_000);
    const result = await syncAccount(social, (await servicesOn(u.user.id)).analyticsDeps(), { force: true });
    expect(result?.failures).toEqual([]);
    const snapshot = await (await dbOf(u.user.id))
      .prepare("SELECT likes, comments, shares FROM post_metric_snapshots WHERE target_id = ?")
      .bind(channel!.id)
      .first<{ likes: number; comments: number; shares: number }>();
    expect(snapshot!.likes).toBeGreaterThan(0);
    // Replies count the thread's next part and the first comment, besides what followers wrote.
    expect(snapshot!.comments).toBeGreaterThanOrEqual(2);
  });
});
