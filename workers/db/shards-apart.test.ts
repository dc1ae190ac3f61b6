import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dbOf, registerIn, sendTo, threeShards } from "../test/shards";

/**
 * Three workspace databases, each its own D1 file (the directory DB, SHARD_B, SHARD_C): what ADR 035 listed as
 * broken past one shard, shown working with rows that really are in another database than the directory's.
 */
const three = threeShards();
/** New workspaces on the two shards that are not the directory, as the browser journeys' server runs. */
const apart = Object.create(env, { WORKSPACE_DBS: { value: "SHARD_B,SHARD_C" } }) as Env;

const count = async (db: D1Database, table: string, workspaceId: string) =>
  (await db
    .prepare(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = ?`)
    .bind(workspaceId)
    .first<{ n: number }>())!.n;

describe("workspaces in databases apart from the directory", () => {
  it("a new workspace goes to the emptiest shard, and the setup check sizes each", async () => {
    // Other files in this runtime may have stored rows on any shard: read the sizes the rule reads, then place one.
    const names = ["DB", "SHARD_B", "SHARD_C"] as const;
    const bytes = async (name: (typeof names)[number]) =>
      Number((await (env as unknown as Record<string, D1Database>)[name]!.prepare("SELECT 1").run()).meta.size_after);
    const sizes = await Promise.all(names.map(bytes));
    const { workspaceId } = await registerIn(three, "Ada");
    const placed = (await env.DB.prepare("SELECT shard FROM workspaces WHERE id = ?")
      .bind(workspaceId)
      .first<{ shard: (typeof names)[number] }>())!.shard;
    expect(sizes[names.indexOf(placed)]).toBe(Math.min(...sizes));

    const { token } = await registerIn(three, "Owner");
    const check = await sendTo(three, "/api/setup/check", { token });
    expect(check.status).toBe(200);
    expect(check.body.data.shards.map((s: { shard: string }) => s.shard)).toEqual(["DB", "SHARD_B", "SHARD_C"]);
    expect(check.body.data.shards.every((s: { bytes: number; warning?: string }) => s.bytes > 0 && !s.warning)).toBe(
      true,
    );
  });

  it("comments, the activity log and the approvals queue show members' names read from the directory", async () => {
    const { token, workspaceId } = await registerIn(apart, "Nora");
    const shard = await dbOf(workspaceId);
    expect(shard).not.toBe(env.DB);
    const post = await sendTo(apart, "/api/posts", {
      token,
      body: { content: "Launch day", platforms: ["instagram"], status: "draft" },
    });
    expect(post.status).toBe(201);
    const id = post.body.data.id as string;
    expect(await count(shard, "posts", workspaceId)).toBe(1);
    expect(await count(env.DB, "posts", workspaceId)).toBe(0);

    expect((await sendTo(apart, `/api/posts/${id}/comments`, { token, body: { body: "Looks good" } })).status).toBe(
      201,
    );
    const comments = await sendTo(apart, `/api/posts/${id}/comments`, { token });
    expect(comments.body.data.comments.map((c: { author: { displayName: string } }) => c.author.displayName)).toEqual([
      "Nora",
    ]);
    const activity = await sendTo(apart, `/api/workspaces/${workspaceId}/activity`, { token });
    expect(activity.status).toBe(200);
    const who = activity.body.data.entries.map((e: { who: { displayName: string } | null }) => e.who?.displayName);
    expect(who.length).toBeGreaterThan(0);
    expect(who.every((name: string | undefined) => name === "Nora")).toBe(true);
  });

  it("a client's review link reaches the workspace's shard without a session", async () => {
    const { token, workspaceId } = await registerIn(apart, "Otto");
    const post = await sendTo(apart, "/api/posts", {
      token,
      body: { content: "For the client", platforms: ["instagram"], status: "draft" },
    });
    const link = await sendTo(apart, "/api/share-links", {
      token,
      body: { label: "Client", postIds: [post.body.data.id], expiresInDays: 7 },
    });
    expect(link.status).toBe(201);
    expect(await count(await dbOf(workspaceId), "share_links", workspaceId)).toBe(1);
    const reviewToken = new URL(link.body.data.url).pathname.split("/").pop()!;
    const opened = await sendTo(apart, `/api/share/${reviewToken}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data.posts.map((p: { id: string }) => p.id)).toEqual([post.body.data.id]);
    // A guessed token naming the workspace finds its shard and is still not found.
    expect((await sendTo(apart, `/api/share/${workspaceId}.guessed-secret-guessed-secret`)).status).toBe(404);
  });

  it("deleting a workspace removes its rows on its shard and in the directory", async () => {
    const { token } = await registerIn(apart, "Pia");
    const made = await sendTo(apart, "/api/workspaces", { token, body: { name: "Short-lived" } });
    expect(made.status).toBe(201);
    const ws = made.body.data.id as string;
    const shard = await dbOf(ws);
    const headers = { "X-Workspace-Id": ws };
    const post = await sendTo(apart, "/api/posts", {
      token,
      headers,
      body: { content: "Gone soon", platforms: ["instagram"], status: "draft" },
    });
    expect(post.status).toBe(201);
    expect(
      (await sendTo(apart, `/api/posts/${post.body.data.id}/comments`, { token, headers, body: { body: "Hi" } }))
        .status,
    ).toBe(201);
    const onShard = async () =>
      (await count(shard, "posts", ws)) +
      (await count(shard, "post_comments", ws)) +
      (await count(shard, "activity_log", ws));
    const inDirectory = async () =>
      (await count(env.DB, "workspace_members", ws)) +
      (await env.DB.prepare("SELECT count(*) AS n FROM workspaces WHERE id = ?").bind(ws).first<{ n: number }>())!.n;
    expect(await onShard()).toBeGreaterThanOrEqual(3);
    expect(await inDirectory()).toBe(2);

    expect((await sendTo(apart, `/api/workspaces/${ws}`, { token, headers, method: "DELETE" })).status).toBe(200);
    expect([await onShard(), await inDirectory()]).toEqual([0, 0]);
  });
  it("inbox notes and the response measures name members from the directory", async () => {
    const { token, workspaceId } = await registerIn(apart, "Ines");
    const shard = await dbOf(workspaceId);
    expect(shard).not.toBe(env.DB);
    const [accountId, itemId] = [crypto.randomUUID(), crypto.randomUUID()];
    const now = Date.now();
    await shard.batch([
      shard
        .prepare(
          "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES (?1, ?2, ?2, 'mastodon', ?1, 'm', 'M', 'person', 'enc')",
        )
        .bind(accountId, workspaceId),
      shard
        .prepare(
          "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, status, replied_at, handled_by, handled_at) VALUES (?1, ?2, ?3, 'mastodon', ?1, 'comment', 'fan', 'Love it', ?4, ?4, 'done', ?5, ?2, ?5)",
        )
        .bind(itemId, workspaceId, accountId, now - 60_000, now - 1_000),
    ]);
    const added = await sendTo(apart, `/api/inbox/${itemId}/notes`, { token, body: { text: "Thank them" } });
    expect([added.status, added.body.data.map((n: { name: string }) => n.name)]).toEqual([201, ["Ines"]]);
    const stats = await sendTo(apart, `/api/inbox/stats?from=${now - 3_600_000}&to=${now + 60_000}`, { token });
    expect(stats.body.data.members.map((m: { name: string; handled: number }) => [m.name, m.handled])).toEqual([
      ["Ines", 1],
    ]);
  });
});
