import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { registerIn, sendTo } from "../test/shards";

/**
 * The seam of ADR 035 with two shards, each its own D1 (the directory DB and SHARD_B), each recording the SQL it
 * is given: the test shows which database every statement goes to (the workspace's own shard for its rows, the
 * directory for accounts).
 */
function recording(d1: D1Database) {
  const sql: string[] = [];
  const binding = new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          sql.push(query);
          return target.prepare(query);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, sql, clear: () => sql.splice(0) };
}

const directory = recording(env.DB);
const shardB = recording(env.SHARD_B);
/** The Worker's bindings with a second shard; `first` is where new workspaces go. */
const envWith = (first: "DB" | "SHARD_B", listed = first === "DB" ? "DB,SHARD_B" : "SHARD_B,DB") =>
  Object.create(env, {
    DB: { value: directory.binding },
    SHARD_B: { value: shardB.binding },
    WORKSPACE_DBS: { value: listed },
  }) as Env;
const onA = envWith("DB");
const onB = envWith("SHARD_B");

const send = sendTo;
const register = async (e: Env, name: string) => (await registerIn(e, name)).token;

/** Statements that read or write a workspace's posts and their channels. */
const postSql = (sql: string[]) => sql.filter((q) => /\b(posts|post_targets)\b/.test(q));

describe("workspaces on two shards", () => {
  it("each workspace's rows go to its own shard, accounts to the directory; the cron and the queue cover both", async () => {
    // A's workspace on DB, B's on SHARD_B: each placed with one shard listed, whatever earlier files stored where.
    const a = await register(envWith("DB", "DB"), "Ann");
    const b = await register(envWith("SHARD_B", "SHARD_B"), "Bo");
    const draft = { content: "On my shard", platforms: ["instagram"], status: "draft" };

    directory.clear();
    shardB.clear();
    const created = await send(onB, "/api/posts", { token: b, body: draft });
    expect(created.status).toBe(201);
    const listed = await send(onB, "/api/posts", { token: b });
    expect(listed.body.data.posts.map((p: { id: string }) => p.id)).toEqual([created.body.data.id]);
    expect(postSql(shardB.sql).some((q) => /^insert into "posts"/i.test(q))).toBe(true);
    expect(postSql(shardB.sql).some((q) => /^select .* from "posts"/i.test(q))).toBe(true);
    // The directory answered the session's workspace lookup, and saw none of B's posts.
    expect(directory.sql.some((q) => /workspace_members/.test(q))).toBe(true);
    expect(postSql(directory.sql)).toEqual([]);

    directory.clear();
    shardB.clear();
    expect((await send(onA, "/api/posts", { token: a, body: draft })).status).toBe(201);
    expect((await send(onA, "/api/posts", { token: a })).body.data.posts).toHaveLength(1);
    expect(postSql(directory.sql).length).toBeGreaterThan(0);
    expect(shardB.sql).toEqual([]);

    // One cron run claims due channels on every shard.
    directory.clear();
    shardB.clear();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), onA, ctx);
    await waitOnExecutionContext(ctx);
    const claim = (sql: string[]) => sql.filter((q) => /UPDATE post_targets SET status = 'queued'/.test(q));
    expect(claim(directory.sql).length).toBeGreaterThan(0);
    expect(claim(shardB.sql).length).toBeGreaterThan(0);

    // A message names its shard; the consumer reads the target there.
    directory.clear();
    shardB.clear();
    const batch = createMessageBatch("postline-publish", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { targetId: "gone", claimId: "c", shard: "SHARD_B" } },
    ]);
    await worker.queue(batch, onA);
    expect(postSql(shardB.sql).length).toBeGreaterThan(0);
    expect(postSql(directory.sql)).toEqual([]);
  });
});
