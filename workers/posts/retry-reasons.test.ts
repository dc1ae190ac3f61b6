import { describe, expect, it } from "vitest";
import { MAX_PUBLISH_ATTEMPTS } from "../delivery/retry-budget";
import { insertAccounts, insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { dbOf } from "../test/shards";

/** More channels waiting to be retried than D1 binds in one statement (ADR 118), all on one post. */
const CHANNELS = 120;

describe("channels waiting to be retried, more than one statement binds", () => {
  it("each says its latest failure's words, in the post and in the list", async () => {
    const u = await registerUser();
    const accounts = await insertAccounts(u.user.id, "twitter", CHANNELS, "x");
    const due = Date.now() + 3600_000;
    const { postId, targetIds } = await insertScheduledPost(
      u.user.id,
      accounts.map((accountId) => ({ accountId, platform: "twitter", dueAt: due, status: "queued" })),
      "An outage's worth of retries",
    );
    // Each channel failed twice; the later attempt's words are the ones to show.
    const d1 = await dbOf(u.user.id);
    const attempt = d1.prepare(
      "INSERT INTO publish_attempts (id, target_id, started_at, duration_ms, kind, outcome, error_message) VALUES (?, ?, ?, 5, 'publish', 'retry', ?)",
    );
    await d1.batch([
      d1.prepare("UPDATE post_targets SET attempt_count = 2, next_attempt_at = ? WHERE post_id = ?").bind(due, postId),
      ...targetIds.flatMap((id, i) => [
        attempt.bind(crypto.randomUUID(), id, due - 7200_000, `first failure ${i}`),
        attempt.bind(crypto.randomUUID(), id, due - 3600_000, `Service unavailable (${i})`),
      ]),
    ]);
    const expected = targetIds.map((_, i) => ({
      attempt: 3,
      of: MAX_PUBLISH_ATTEMPTS,
      reason: `Service unavailable (${i})`,
    }));
    const reasons = (channels: Array<{ id: string; retry: unknown }>) =>
      targetIds.map((id) => channels.find((c) => c.id === id)?.retry);

    const one = await call<"GET /api/posts/:id">(`/api/posts/${postId}`, { token: u.token });
    expect(one.status, one.body.message).toBe(200);
    expect(reasons(one.body.data!.platformPosts)).toEqual(expected.map((e) => expect.objectContaining(e)));

    const list = await call<"GET /api/posts">("/api/posts?limit=100", { token: u.token });
    expect(list.status, list.body.message).toBe(200);
    const listed = list.body.data!.posts.find((p) => p._id === postId)!;
    expect(reasons(listed.platformPosts)).toEqual(expected.map((e) => expect.objectContaining(e)));
  });
});
