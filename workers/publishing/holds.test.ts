import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../app";
import { call, type Data, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { connectViaEmulator } from "../test/oauth";
import { dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;
type Post = Data<"GET /api/posts/:id">;

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const getPost = async (u: User, id: string) =>
  (await call<"GET /api/posts/:id">(`/api/posts/${id}`, { token: u.token })).body.data!;
const channel = (post: Post, platform: string) => post.platformPosts.find((t) => t.platform === platform)!;

/** Waits until the real queue consumer has settled the post's channel on `platform`. */
const settledOn = (u: User, id: string, platform: string, status: string) =>
  vi.waitFor(
    async () => {
      const post = await getPost(u, id);
      if (channel(post, platform).status !== status)
        throw new Error(`${platform} is ${channel(post, platform).status}`);
      return post;
    },
    { timeout: 20_000, interval: 200 },
  );

describe("disconnecting an account with scheduled posts", () => {
  it("asks first, holds its channels as waiting for reconnect, and a reconnect of the same account releases them", {
    timeout: 60_000,
  }, async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "twitter");
    await connectViaEmulator(u.cookie, "linkedin");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data!.accounts;
    const x = accounts.find((a) => a.platform === "twitter")!;
    const li = accounts.find((a) => a.platform === "linkedin")!;
    const form = new FormData();
    form.append("files", fileOf(jpegBytes(1080, 1080), "launch.jpg"));
    const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body
      .data[0].id;
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    const create = (content: string, platforms: string[]) =>
      call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: {
          content,
          platforms,
          selectedAccounts: { twitter: [x.id], linkedin: [li.id] },
          images: [image],
          status: "scheduled",
          scheduledDate: inAnHour,
        },
      }).then((r) => r.body.data!);
    const xOnly = await create(`Only on X ${crypto.randomUUID().slice(0, 8)}`, ["twitter"]);
    const both = await create(`On X and LinkedIn ${crypto.randomUUID().slice(0, 8)}`, ["twitter", "linkedin"]);

    // First call: the affected posts, and nothing changes.
    const ask = await call<"DELETE /api/accounts/:id">(`/api/accounts/${x.id}`, { method: "DELETE", token: u.token });
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe(
      "2 scheduled posts publish to this account. If you disconnect it, those channels wait (they are not published) until you reconnect the same account. Disconnect anyway?",
    );
    expect(ask.body.data.posts.map((p: { id: string }) => p.id).sort()).toEqual([xOnly.id, both.id].sort());
    expect((await call<"GET /api/accounts/:id">(`/api/accounts/${x.id}`, { token: u.token })).status).toBe(200);

    const done = await call<"DELETE /api/accounts/:id">(`/api/accounts/${x.id}?confirm=true`, {
      method: "DELETE",
      token: u.token,
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("Account disconnected successfully");
    expect(
      (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data!.accounts.map((a) => a.platform),
    ).toEqual(["linkedin"]);
    const waiting = {
      status: "held",
      error: {
        kind: "account_disconnected",
        message: `Waiting for reconnect: your X account @${x.username} was disconnected. Reconnect it to publish, or remove this channel.`,
      },
    };
    const heldOnly = await getPost(u, xOnly.id);
    expect(heldOnly.status).toBe("scheduled");
    expect(heldOnly.platformPosts).toEqual([expect.objectContaining(waiting)]);

    // The two-channel post comes due: LinkedIn goes out, X waits, and the post does not claim "published".
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET due_at = ? WHERE post_id = ?")
      .bind(Date.now() - 1000, both.id)
      .run();
    await runCron();
    const half = await settledOn(u, both.id, "linkedin", "published");
    expect(channel(half, "twitter")).toMatchObject(waiting);
    expect(half.status).toBe("scheduled");

    // Reconnecting the same X account: the post still ahead is scheduled again; the one whose time passed asks for a new time.
    await connectViaEmulator(u.cookie, "twitter");
    expect(
      (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data!.accounts.find(
        (a) => a.platform === "twitter",
      )?.id,
    ).toBe(x.id);
    expect((await getPost(u, xOnly.id)).platformPosts).toEqual([
      expect.objectContaining({ status: "scheduled", error: null, dueAt: inAnHour }),
    ]);
    expect(channel(await getPost(u, both.id), "twitter")).toMatchObject({
      status: "held",
      error: {
        kind: "time_passed",
        message: "Its time passed while the account was disconnected: choose a new time or publish now.",
      },
    });
    const now = await call<"POST /api/posts/:id/publish">(`/api/posts/${both.id}/publish`, {
      method: "POST",
      token: u.token,
    });
    expect(now.status).toBe(200);
    const published = await settledOn(u, both.id, "twitter", "published");
    expect(published.status).toBe("published");
  });
});
