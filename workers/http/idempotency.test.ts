import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { insertAccount } from "../test/fixtures";
import { call, registerUser, uploadImage } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { dbOf } from "../test/shards";
import { IdempotencyMessages, STALE_CLAIM_MS } from "./idempotency";

/** A count over the workspace's rows, on its shard. */
const count = async (sql: string, workspaceId: string) =>
  (await (await dbOf(workspaceId)).prepare(sql).bind(workspaceId).first<{ n: number }>())!.n;

describe("Idempotency-Key", () => {
  it("20 parallel publish-now requests with one key create one post with one channel, and replay its answer", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "linkedin");
    const image = await uploadImage(u.token);
    const body = {
      content: "Launch day",
      platforms: ["linkedin"],
      selectedAccounts: { linkedin: [account] },
      images: [image],
      publishNow: true,
    };
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call<"POST /api/posts">("/api/posts", { token: u.token, body, headers })),
    );
    const done = answers.filter((a) => a.status === 201);
    const busy = answers.filter((a) => a.status === 409);
    expect(done.length + busy.length, JSON.stringify(answers.map((a) => [a.status, a.body.message]))).toBe(20);
    expect(done.length).toBeGreaterThan(0);
    for (const b of busy) expect(b.body).toEqual({ success: false, message: IdempotencyMessages.inProgress });
    expect(new Set(done.map((a) => a.body.data._id)).size).toBe(1);
    expect(await count("SELECT count(*) AS n FROM posts WHERE workspace_id = ?", u.user.id)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.workspace_id = ?",
        u.user.id,
      ),
    ).toBe(1);

    // Later, the same key and body replays the first answer, also re-serialised (other member order, spacing);
    // a different body is refused.
    const again = await call<"POST /api/posts">("/api/posts", { token: u.token, body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data._id).toBe(done[0]!.body.data._id);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const reserialised = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: JSON.stringify(reordered, null, 2),
      headers,
    });
    expect(JSON.stringify(reordered, null, 2)).not.toBe(JSON.stringify(body));
    expect(reserialised.status).toBe(201);
    expect(reserialised.headers.get("Idempotent-Replayed")).toBe("true");
    expect(reserialised.body.data._id).toBe(done[0]!.body.data._id);
    const other = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...body, content: "Something else" },
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ success: false, message: IdempotencyMessages.mismatch });
    expect(await count("SELECT count(*) AS n FROM posts WHERE workspace_id = ?", u.user.id)).toBe(1);
  });

  it("20 parallel publish calls on one draft with one key queue it once", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "linkedin");
    const image = await uploadImage(u.token);
    const draft = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Draft",
        platforms: ["linkedin"],
        selectedAccounts: { linkedin: [account] },
        images: [image],
        status: "draft",
      },
    });
    const headers = { "Idempotency-Key": "publish-once" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<"POST /api/posts/:id/publish">(`/api/posts/${draft.body.data._id}/publish`, {
          token: u.token,
          method: "POST",
          headers,
        }),
      ),
    );
    expect(
      answers.every((a) => a.status === 200 || a.status === 409),
      JSON.stringify(answers.map((a) => [a.status, a.body.message])),
    ).toBe(true);
    const firsts = answers.filter((a) => a.status === 200 && !a.headers.get("Idempotent-Replayed"));
    expect(firsts).toHaveLength(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.workspace_id = ?",
        u.user.id,
      ),
    ).toBe(1);
  });

  it("keys of two users never collide", async () => {
    const [a, b] = [await registerUser(), await registerUser()];
    const headers = { "Idempotency-Key": "same-key" };
    const body = { content: "Idea", platforms: ["linkedin"], status: "draft" };
    const ra = await call<"POST /api/posts">("/api/posts", { token: a.token, body, headers });
    const rb = await call<"POST /api/posts">("/api/posts", { token: b.token, body, headers });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(rb.headers.get("Idempotent-Replayed")).toBeNull();
    expect(ra.body.data._id).not.toBe(rb.body.data._id);
  });

  it("20 parallel uploads of the same files with one key (a new form boundary each) store the files once", async () => {
    const u = await registerUser();
    const headers = { "Idempotency-Key": "upload-once" };
    const bytes = jpegBytes(640, 640);
    const form = () => {
      const f = new FormData();
      f.append("files", fileOf(bytes, "once.jpg"));
      return f;
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form(), headers }),
      ),
    );
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.data[0].id)).size).toBe(1);
    expect(await count("SELECT count(*) AS n FROM media WHERE workspace_id = ?", u.user.id)).toBe(1);
  });

  it("a claim whose request died is released after two minutes; the cron purges old answers and dead claims", async () => {
    const u = await registerUser();
    const shard = await dbOf(u.user.id);
    const insert = (key: string, status: number | null, createdAt: number, expiresAt: number) =>
      shard
        .prepare(
          "INSERT INTO idempotency_keys (workspace_id, owner, key, request_hash, response_status, created_at, expires_at) VALUES (?, ?, ?, 'h', ?, ?, ?)",
        )
        .bind(u.user.id, u.user.id, key, status, createdAt, expiresAt)
        .run();
    const now = Date.now();
    await insert("died", null, now - STALE_CLAIM_MS - 1000, now + 86_400_000);
    const body = { content: "Idea", platforms: ["linkedin"], status: "draft" };
    const retried = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body,
      headers: { "Idempotency-Key": "died" },
    });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();

    await insert("old", 201, now - 86_400_000, now - 1);
    await insert("dead", null, now - STALE_CLAIM_MS - 1000, now + 86_400_000);
    await insert("running", null, now, now + 86_400_000);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await shard
      .prepare("SELECT key FROM idempotency_keys WHERE owner = ? ORDER BY key")
      .bind(u.user.id)
      .all<{ key: string }>();
    expect(left.results.map((r) => r.key)).toEqual(["died", "running"]);
  });
});
