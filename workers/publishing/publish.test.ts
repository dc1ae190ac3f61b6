import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../app";
import { call, registerUser, settledPost } from "../test/helpers";
import { fileOf, jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { armFault, connectViaEmulator } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOf } from "../test/shards";

/** A user with the given platforms connected through the emulator's consent pages and a JPEG in the library. */
async function setup(platforms: Array<{ platform: string; variant?: string }>) {
  const u = await registerUser();
  for (const p of platforms) await connectViaEmulator(u.cookie, p.platform, { variant: p.variant });
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
    platform: string;
  }>;
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "launch.jpg"));
  const upload = await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form });
  return { u, accounts, image: upload.body.data[0].id as string };
}

function selection(accounts: Array<{ _id: string; platform: string }>, platforms: string[]) {
  const selected: Record<string, string[]> = {};
  for (const p of platforms) selected[p] = [accounts.find((a) => a.platform === p)!._id];
  return selected;
}

/** How many posts on the emulator carry this exact text (a duplicate publish would make it 2). */
async function remoteCopies(text: string) {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM emu_objects WHERE data LIKE ? AND kind IN ('media','post','tweet')",
  )
    .bind(`%${text}%`)
    .first<{ n: number }>();
  return row!.n;
}

afterEach(clearFaults);

describe("publish now through the queue", () => {
  it("publishes to Instagram and X once each, with remote ids and permalinks", { timeout: 30_000 }, async () => {
    const { u, accounts, image } = await setup([{ platform: "instagram" }, { platform: "twitter" }]);
    const content = `Launch day ${crypto.randomUUID().slice(0, 8)}`;
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content,
        platforms: ["instagram", "twitter"],
        selectedAccounts: selection(accounts, ["instagram", "twitter"]),
        images: [image],
        publishNow: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Post queued for publishing");
    await settledPost(u.token, res.body.data._id);
    // Instagram's link is read just after the post is recorded published (ADR 010).
    const post = await vi.waitFor(
      async () => {
        const p = (await call<"GET /api/posts/:id">(`/api/posts/${res.body.data._id}`, { token: u.token })).body.data;
        if (p.platformPosts.some((t: { permalink: string | null }) => !t.permalink))
          throw new Error("permalink not read yet");
        return p;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(post.status).toBe("published");
    for (const t of post.platformPosts) {
      expect(t.status, `${t.platform}: ${t.error?.message ?? ""}`).toBe("published");
      expect(t.permalink).toMatch(/^https?:\/\//);
    }
    const attempts = await (await dbOf(u.user.id))
      .prepare(
        "SELECT outcome FROM publish_attempts WHERE target_id IN (SELECT id FROM post_targets WHERE post_id = ?)",
      )
      .bind(post._id)
      .all<{ outcome: string }>();
    expect(attempts.results.map((a) => a.outcome).sort()).toEqual(["published", "published"]);
  });

  it("a failing channel never fails the other, and retrying just that channel publishes it", {
    timeout: 30_000,
  }, async () => {
    const { u, accounts, image } = await setup([{ platform: "linkedin" }, { platform: "twitter" }]);
    await armFault("twitter", "500", 20);
    const content = `Two channels ${crypto.randomUUID().slice(0, 8)}`;
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content,
        platforms: ["linkedin", "twitter"],
        selectedAccounts: selection(accounts, ["linkedin", "twitter"]),
        images: [image],
        publishNow: true,
      },
    });
    // The X channel keeps failing with 500s and is retried with backoff; LinkedIn is published meanwhile.
    await vi.waitFor(
      async () => {
        const post = (await call<"GET /api/posts/:id">(`/api/posts/${res.body.data._id}`, { token: u.token })).body
          .data;
        expect(post.platformPosts.find((t) => t.platform === "linkedin")!.status).toBe("published");
      },
      { timeout: 20_000, interval: 200 },
    );
    await clearFaults();
    // Give up on the X attempt for the test's sake: mark it failed as the last backoff would.
    const xTarget = (
      await call<"GET /api/posts/:id">(`/api/posts/${res.body.data._id}`, { token: u.token })
    ).body.data.platformPosts.find((t) => t.platform === "twitter")!;
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET status = 'failed', error_message = 'Gave up' WHERE id = ?")
      .bind(xTarget.id)
      .run();
    const retry = await call<"POST /api/posts/:id/targets/:targetId/retry">(
      `/api/posts/${res.body.data._id}/targets/${xTarget.id}/retry`,
      {
        token: u.token,
        body: {},
      },
    );
    expect(retry.status).toBe(200);
    const post = await settledPost(u.token, res.body.data._id);
    expect(post.platformPosts.map((t: { status: string }) => t.status)).toEqual(["published", "published"]);
    expect(await remoteCopies(content)).toBe(2);
  });
});

describe("every platform through the pipeline", () => {
  it.each([
    { platform: "facebook", kind: "image" },
    { platform: "threads", kind: "image" },
    { platform: "linkedin", kind: "image" },
    { platform: "youtube", kind: "video" },
  ] as const)(
    "$platform: a $kind post is published once with a permalink",
    { timeout: 30_000 },
    async ({ platform, kind }) => {
      const { u, accounts, image } = await setup([{ platform }]);
      let media = image;
      if (kind === "video") {
        const form = new FormData();
        form.append("files", fileOf(await mp4Bytes({ width: 1280, height: 720, seconds: 2 }), "clip.mp4", "video/mp4"));
        media = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body.data[0]
          .id;
      }
      const content = `Every platform ${platform} ${crypto.randomUUID().slice(0, 8)}`;
      const res = await call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: {
          content,
          platforms: [platform],
          selectedAccounts: selection(accounts, [platform]),
          ...(kind === "video"
            ? { videos: [media], youtubeVideo: media, title: "Pipeline video" }
            : { images: [media] }),
          publishNow: true,
        },
      });
      expect(res.status, res.body.message).toBe(201);
      const post = await settledPost(u.token, res.body.data._id);
      const [target] = post.platformPosts;
      expect(target.status, target.error?.message).toBe("published");
      expect(target.remoteId).toBeTruthy();
      // Meta links are read just after the post is recorded published (ADR 010).
      await vi.waitFor(
        async () => {
          const [t] = (await call<"GET /api/posts/:id">(`/api/posts/${res.body.data._id}`, { token: u.token })).body
            .data.platformPosts;
          expect(t.permalink).toMatch(/^https:\/\//);
        },
        { timeout: 20_000, interval: 200 },
      );
    },
  );
});

describe("the every-minute cron", () => {
  it("picks up a post whose time passed while nothing ran, and publishes it", { timeout: 30_000 }, async () => {
    const { u, accounts, image } = await setup([{ platform: "twitter" }]);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `Missed while down ${crypto.randomUUID().slice(0, 8)}`,
        platforms: ["twitter"],
        selectedAccounts: selection(accounts, ["twitter"]),
        images: [image],
        status: "scheduled",
        scheduledDate: new Date(Date.now() + 3600_000).toISOString(),
      },
    });
    // The system was down when it was due: its time is now in the past.
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET due_at = ? WHERE post_id = ?")
      .bind(Date.now() - 10 * 60_000, res.body.data._id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const post = await settledPost(u.token, res.body.data._id);
    expect(post.status).toBe("published");
    const status = (await call<"GET /api/scheduler/status">("/api/scheduler/status", { token: u.token })).body.data;
    expect(status.lastCronRun).not.toBeNull();
    expect(status).toMatchObject({ queueDepth: 0, late: 0, healthy: true });
  });
});
