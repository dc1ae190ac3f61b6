import { afterEach, describe, expect, it } from "vitest";
import { MAX_PUBLISH_ATTEMPTS } from "../delivery/retry-budget";
import { publishTarget } from "../publishing/consumer";
import { publishDeps } from "../publishing/deps";
import { insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { armFault, connectViaEmulator } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { servicesOn } from "../test/shards";

/** The publisher as the queue consumer on the workspace's shard builds it. */
const deps = async (t: { u: { user: { id: string } } }) => publishDeps(await servicesOn(t.u.user.id));

async function xPost(text: string) {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, "twitter");
  const account = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data!.accounts[0]!;
  const { targetIds, postId } = await insertScheduledPost(
    u.user.id,
    [{ accountId: account._id, platform: "twitter", dueAt: Date.now(), status: "queued" }],
    text,
  );
  return { u, accountId: account._id, targetId: targetIds[0]!, postId };
}

afterEach(clearFaults);

describe("channel notes in the post detail", () => {
  it("a channel waiting to be retried says when, which attempt of how many, and the platform's reason", async () => {
    const t = await xPost(`Retry note ${crypto.randomUUID()}`);
    await armFault("twitter", "500", 1);
    const before = Date.now();
    expect((await publishTarget(t.targetId, await deps(t))).ack).toBe(false);

    const res = await call<"GET /api/posts/:id">(`/api/posts/${t.postId}`, { token: t.u.token });
    expect(res.status).toBe(200);
    const channel = res.body.data!.platformPosts[0];
    expect(channel.status).toBe("queued");
    expect(channel.retry).toMatchObject({ attempt: 2, of: MAX_PUBLISH_ATTEMPTS });
    const { reason, at } = channel.retry!;
    expect(reason).toEqual(expect.any(String));
    expect(reason!.length).toBeGreaterThan(0);
    expect(Date.parse(at)).toBeGreaterThan(before);

    // Once it publishes, there is nothing to explain.
    expect(await publishTarget(t.targetId, await deps(t))).toEqual({ ack: true });
    const after = (await call<"GET /api/posts/:id">(`/api/posts/${t.postId}`, { token: t.u.token })).body.data!
      .platformPosts[0];
    expect(after).toMatchObject({ status: "published", retry: null });
  });

  it("duplicates: a published post's own channel counts as a duplicate for a repost; other users get 404", async () => {
    const text = `Duplicate note ${crypto.randomUUID()}`;
    const t = await xPost(text);
    const empty = await call<"GET /api/posts/:id/duplicates">(`/api/posts/${t.postId}/duplicates`, {
      token: t.u.token,
    });
    expect(empty.status).toBe(200);
    expect(empty.body.data!.duplicates).toEqual([]);

    expect(await publishTarget(t.targetId, await deps(t))).toEqual({ ack: true });
    const res = await call<"GET /api/posts/:id/duplicates">(`/api/posts/${t.postId}/duplicates`, { token: t.u.token });
    expect(res.status).toBe(200);
    expect(res.body.data!.duplicates).toEqual([
      { platform: "twitter", accountId: t.accountId, postId: t.postId, publishedAt: expect.any(String) },
    ]);

    const other = await registerUser();
    const stranger = await call<"GET /api/posts/:id/duplicates">(`/api/posts/${t.postId}/duplicates`, {
      token: other.token,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ success: false, message: "The requested resource was not found." });
  });
});
