import { describe, expect, it, vi } from "vitest";
import { call, registerUser } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { dbOf } from "../test/shards";

const postsOf = async (ws: string) =>
  (await (
    await dbOf(ws)
  )
    .prepare("SELECT count(*) AS n FROM posts WHERE workspace_id = ?")
    .bind(ws)
    .first<{ n: number }>())!.n;

describe("text-only posts, as the workspace allows", () => {
  it("refused by default (SPEC's rule); with 'Every post needs media' off, a text-only LinkedIn post publishes and Instagram still asks", async () => {
    const u = await registerUser();
    const ws = u.user.id;
    await connectViaEmulator(u.cookie, "linkedin");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts;
    const linkedin = accounts.find((a) => a.platform === "linkedin")!._id;
    const body = {
      content: "Words only, for once",
      platforms: ["linkedin"],
      selectedAccounts: { linkedin: [linkedin] },
      publishNow: true,
    };
    const refused = await call<"POST /api/posts">("/api/posts", { token: u.token, body });
    expect([refused.status, refused.body.message]).toEqual([400, "Images are required for all posts"]);
    expect(await postsOf(ws)).toBe(0);

    const off = await call(`/api/workspaces/${ws}`, {
      token: u.token,
      method: "PATCH",
      body: { mediaRequired: false },
    });
    expect(off.status, off.body.message).toBe(200);
    expect(off.body.data).toMatchObject({ mediaRequired: false });

    // Pre-flight names the network that still needs media before anything is sent.
    const check = await call<"POST /api/posts/preflight">("/api/posts/preflight", {
      token: u.token,
      body: {
        ...body,
        platforms: ["linkedin", "instagram"],
        selectedAccounts: { linkedin: [linkedin], instagram: ["ig"] },
      },
    });
    expect(check.body.data).toMatchObject({ messages: ["Instagram posts need at least one image or video"] });

    const made = await call<"POST /api/posts">("/api/posts", { token: u.token, body });
    expect(made.status, made.body.message).toBe(201);
    const published = await vi.waitFor(
      async () => {
        const post = (await call<"GET /api/posts/:id">(`/api/posts/${made.body.data._id}`, { token: u.token })).body
          .data;
        if (post.status !== "published") throw new Error(`still ${post.status}`);
        return post;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(published.platformPosts).toEqual([
      expect.objectContaining({
        platform: "linkedin",
        status: "published",
        permalink: expect.stringMatching(/^https:/),
      }),
    ]);
    expect(published.media).toEqual([]);
  });

  it.each(["twitter", "threads", "facebook"] as const)(
    "with the setting off, a text-only %s post publishes through the emulator",
    async (platform) => {
      const u = await registerUser();
      await connectViaEmulator(u.cookie, platform);
      await call(`/api/workspaces/${u.user.id}`, { token: u.token, method: "PATCH", body: { mediaRequired: false } });
      const account = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts.find(
        (a) => a.platform === platform,
      )!._id;
      const made = await call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: {
          content: `Text only on ${platform}`,
          platforms: [platform],
          selectedAccounts: { [platform]: [account] },
          publishNow: true,
        },
      });
      expect(made.status, made.body.message).toBe(201);
      const status = await vi.waitFor(
        async () => {
          const post = (await call<"GET /api/posts/:id">(`/api/posts/${made.body.data._id}`, { token: u.token })).body
            .data;
          if (!["published", "failed"].includes(post.status)) throw new Error(`still ${post.status}`);
          return post.platformPosts.map((t) => [t.status, t.error?.message ?? null]);
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(status).toEqual([["published", null]]);
    },
  );
});
