import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RateLimits } from "../auth/rate-limit";
import { sha256Hex } from "../crypto";
import { KEY_LOGOUT_REFUSAL, KEY_OTHER_WORKSPACE, KEY_SELF_REFUSAL } from "../tenancy/middleware";
import { call, registerUser } from "../test/helpers";
import { addMember, dbOf } from "../test/shards";

const draft = { content: "From the API", platforms: ["linkedin"], status: "draft" };

async function keyFor(token: string, body: Record<string, unknown>) {
  const res = await call<"POST /api/keys">("/api/keys", { token, body });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data as { id: string; token: string; scopes: string[] };
}

describe("API keys", () => {
  it("is shown once, stored hashed, and acts as its owner in its workspace", async () => {
    const u = await registerUser();
    const created = await call<"POST /api/keys">("/api/keys", {
      token: u.token,
      body: { name: "Zapier", scopes: ["read", "write"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("API key created. Copy it now: it is shown only once.");
    const key = created.body.data.token as string;
    expect(key).toMatch(/^pl_[0-9a-f]{16}_[\w-]{43}$/);

    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?")
      .bind(created.body.data.id)
      .first<Record<string, unknown>>();
    expect(row!.secret_hash).toBe(await sha256Hex(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(20));

    const made = await call<"POST /api/posts">("/api/posts", { token: key, body: draft });
    expect(made.status, made.body.message).toBe(201);
    expect(made.headers.get("RateLimit-Limit")).toBe(String(RateLimits.apiKey.limit));
    expect(made.headers.get("RateLimit-Remaining")).toBe(String(RateLimits.apiKey.limit - 1));
    expect(Number(made.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
    const mine = await call<"GET /api/posts/:id">(`/api/posts/${made.body.data._id}`, { token: u.token });
    expect(mine.body.data.content).toBe("From the API");

    const listed = await call<"GET /api/keys">("/api/keys", { token: u.token });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ name: "Zapier", scopes: ["read", "write"], active: true });
    expect(listed.body.data[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(key);
  });

  it("is limited by its scopes: a read key cannot write, a write key cannot publish or manage keys", async () => {
    const u = await registerUser();
    const read = await keyFor(u.token, { name: "read", scopes: ["read"] });
    expect((await call<"GET /api/posts">("/api/posts", { token: read.token })).status).toBe(200);
    const refused = await call<"POST /api/posts">("/api/posts", { token: read.token, body: draft });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'This API key lacks the "write" scope.' });
    expect(
      (await (
        await dbOf(u.user.id)
      )
        .prepare("SELECT count(*) AS n FROM posts WHERE workspace_id = ?")
        .bind(u.user.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);

    const write = await keyFor(u.token, { name: "write", scopes: ["write"] });
    const post = await call<"POST /api/posts">("/api/posts", { token: write.token, body: draft });
    const publish = await call<"POST /api/posts/:id/publish">(`/api/posts/${post.body.data._id}/publish`, {
      token: write.token,
      method: "POST",
    });
    expect(publish.status).toBe(403);
    expect(publish.body.message).toBe('This API key lacks the "publish" scope.');

    const escalate = await call<"POST /api/keys">("/api/keys", {
      token: write.token,
      body: { name: "more", scopes: ["read", "write", "publish"] },
    });
    expect(escalate.status).toBe(403);
    expect(escalate.body.message).toBe(KEY_SELF_REFUSAL);
  });

  it("is accepted whatever the case of the Bearer scheme, as RFC 9110 says", async () => {
    const u = await registerUser();
    const key = await keyFor(u.token, { name: "any case", scopes: ["read"] });
    for (const scheme of ["Bearer", "bearer", "BEARER"]) {
      const res = await call<"GET /api/posts">("/api/posts", { headers: { Authorization: `${scheme} ${key.token}` } });
      expect(res.status, scheme).toBe(200);
    }
    const malformed = await call<"GET /api/posts">("/api/posts", { headers: { Authorization: `Bearer${key.token}` } });
    expect(malformed.status).toBe(401);
  });

  it("is not signed out by POST /api/auth/logout: refused, and it keeps working", async () => {
    const u = await registerUser();
    const key = await keyFor(u.token, { name: "sync", scopes: ["read"] });
    const out = await call<"POST /api/auth/logout">("/api/auth/logout", { token: key.token, body: {} });
    expect([out.status, out.body]).toEqual([403, { success: false, message: KEY_LOGOUT_REFUSAL }]);
    expect((await call<"GET /api/posts">("/api/posts", { token: key.token })).status).toBe(200);
  });

  it("answers 401 once revoked or expired", async () => {
    const u = await registerUser();
    const key = await keyFor(u.token, { name: "ci", scopes: ["read"] });
    const revoked = await call<"DELETE /api/keys/:id">(`/api/keys/${key.id}`, { token: u.token, method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.active).toBe(false);
    const after = await call<"GET /api/posts">("/api/posts", { token: key.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ success: false, message: "This API key is invalid, revoked or expired." });

    const expiring = await keyFor(u.token, {
      name: "short",
      scopes: ["read"],
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await call<"GET /api/posts">("/api/posts", { token: expiring.token })).status).toBe(200);
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, expiring.id)
      .run();
    expect((await call<"GET /api/posts">("/api/posts", { token: expiring.token })).status).toBe(401);
  });

  it("refuses an expiry in the past and an empty scope list", async () => {
    const u = await registerUser();
    const past = await call<"POST /api/keys">("/api/keys", {
      token: u.token,
      body: { name: "x", scopes: ["read"], expiresAt: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("The expiry must be in the future");
    const none = await call<"POST /api/keys">("/api/keys", { token: u.token, body: { name: "x", scopes: [] } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Please choose at least one scope");
    expect((await call<"GET /api/keys">("/api/keys", { token: u.token })).body.data).toEqual([]);
  });

  it("answers 429 with Retry-After and the RateLimit headers once the key's window is full", async () => {
    const u = await registerUser();
    const key = await keyFor(u.token, { name: "busy", scopes: ["read"] });
    const { limit, windowMs } = RateLimits.apiKey;
    const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`apiKey:${key.id}`));
    for (let i = 0; i < limit; i++) await limiter.hit(limit, windowMs, Date.now());
    const res = await call<"GET /api/posts">("/api/posts", { token: key.token });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe("Too many requests. Please try again later.");
    expect(res.headers.get("RateLimit-Remaining")).toBe("0");
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another key of the same user has its own window.
    const other = await keyFor(u.token, { name: "calm", scopes: ["read"] });
    expect((await call<"GET /api/posts">("/api/posts", { token: other.token })).status).toBe(200);
  });

  it("is bound to its workspace", async () => {
    const owner = await registerUser();
    const u = await registerUser();
    const key = await keyFor(u.token, { name: "mine", scopes: ["read", "write", "publish"] });
    // Naming another workspace does not move the key out of its own.
    const res = await call<"GET /api/posts">("/api/posts", {
      token: key.token,
      headers: { "X-Workspace-Id": owner.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.posts ?? res.body.data).toEqual([]);
    // The same header with the user's session is refused: only the key ignores it.
    expect(
      (await call<"GET /api/posts">("/api/posts", { token: u.token, headers: { "X-Workspace-Id": owner.user.id } }))
        .status,
    ).toBe(404);
  });

  it("refuses a path naming another workspace instead of answering with its own", async () => {
    const owner = await registerUser({ displayName: "Olga" });
    const u = await registerUser();
    await addMember(owner.user.id, u.user.id, "admin");
    const key = await keyFor(u.token, { name: "mine", scopes: ["read", "write", "publish"] });
    for (const path of [`/api/workspaces/${owner.user.id}`, `/api/workspaces/${owner.user.id}/members`]) {
      const res = await call(path, { token: key.token });
      expect([res.status, res.body], path).toEqual([403, { success: false, message: KEY_OTHER_WORKSPACE }]);
    }
    const unknown = await call("/api/workspaces/no-such-workspace/activity", { token: key.token });
    expect([unknown.status, unknown.body.message]).toEqual([403, KEY_OTHER_WORKSPACE]);
    // Its own workspace, named by the path, answers as before.
    const own = await call<"GET /api/workspaces/:id">(`/api/workspaces/${u.user.id}`, { token: key.token });
    expect([own.status, own.body.data.id]).toEqual([200, u.user.id]);
  });

  it("is capped by the member's role in its workspace, and stops when they leave it", async () => {
    const owner = await registerUser({ displayName: "Olga" });
    const viewer = await registerUser();
    await addMember(owner.user.id, viewer.user.id, "viewer");
    const created = await call<"POST /api/keys">("/api/keys", {
      token: viewer.token,
      headers: { "X-Workspace-Id": owner.user.id },
      body: { name: "all", scopes: ["read", "write", "publish"] },
    });
    expect(created.body.data.workspaceId).toBe(owner.user.id);
    const key = created.body.data.token as string;
    expect((await call<"GET /api/posts">("/api/posts", { token: key })).status).toBe(200);
    const write = await call<"POST /api/posts">("/api/posts", { token: key, body: draft });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe("Your role (viewer) cannot do this in Olga's workspace.");
    await env.DB.prepare("DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?")
      .bind(owner.user.id, viewer.user.id)
      .run();
    const gone = await call<"GET /api/posts">("/api/posts", { token: key });
    expect(gone.status).toBe(401);
    expect(gone.body.message).toBe("This API key's owner is no longer a member of its workspace.");
  });
});
