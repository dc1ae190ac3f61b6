import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { insertAccount, insertScheduledPost } from "../test/fixtures";
import { ORIGIN, registerUser, uniqueIp } from "../test/helpers";
import { registerIn } from "../test/shards";
import { type MoveStep, moveWorkspace } from "./index";

const OPERATOR = "ops@postline.example";
/** The Worker with two shards, each its own D1 file: the directory DB and SHARD_B; one operator. */
const twoShards = Object.create(env, {
  WORKSPACE_DBS: { value: "DB,SHARD_B" },
  OPERATOR_EMAILS: { value: ` ${OPERATOR.toUpperCase()} , other@postline.example` },
}) as Env;
const DAY = 86_400_000;

async function send(path: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { Origin: ORIGIN, "CF-Connecting-IP": uniqueIp() };
  headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const ctx = createExecutionContext();
  const req = new Request(`${ORIGIN}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await worker.fetch(req as Request<unknown, IncomingRequestCfProperties>, twoShards, ctx);
  await waitOnExecutionContext(ctx);
  const json = (await res.json()) as { success: boolean; message: string; data: any };
  return { status: res.status, body: json, retryAfter: res.headers.get("Retry-After") };
}

/**
 * A workspace with an account, a draft and a post scheduled next month, on DB: signed up where DB is the only
 * shard (the suite's three would place it on the emptiest, ADR 106), so each move here starts from the directory.
 */
const onDb = Object.create(env, { WORKSPACE_DBS: { value: "DB" } }) as Env;
async function workspaceWithPosts() {
  const owner = await registerIn(onDb, "Owner");
  const id = owner.workspaceId;
  const accountId = await insertAccount(id, "instagram");
  const { postId, targetIds } = await insertScheduledPost(
    id,
    [{ accountId, platform: "instagram", dueAt: Date.now() + 30 * DAY }],
    "Next month",
  );
  // Two analytics snapshots: their triggers fill the deltas and the rollups, which must move equal too.
  for (const [i, likes] of [3, 8].entries())
    await env.DB.prepare(
      `INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at,
         impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?, ?, ?, ?, ?, 'instagram', ?, 10, 5, ?, 1, 0, 0, 0, 0)`,
    )
      .bind(crypto.randomUUID(), targetIds[0], postId, accountId, id, Date.now() - (2 - i) * DAY, likes)
      .run();
  const draft = await send("/api/posts", owner.token, {
    content: "A draft",
    platforms: ["instagram"],
    status: "draft",
  });
  expect(draft.status).toBe(201);
  return { id, token: owner.token, accountId };
}

const rowsOn = async (d1: D1Database, table: string, id: string) =>
  (await d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = ?`).bind(id).first<{ n: number }>())!.n;
const placement = (id: string) =>
  env.DB.prepare("SELECT shard, moving_to, move_step FROM workspaces WHERE id = ?").bind(id).first();
const postsSeen = async (token: string) =>
  ((await send("/api/posts", token)).body.data.posts as { content: string }[]).map((p) => p.content).sort();

const crashAt = (step: MoveStep) => (s: MoveStep) => {
  if (s === step) throw new Error(`crash at ${s}`);
};

/** `d1` counting its round trips (a batch is one, as is each statement run on its own) into `tally`. */
function counted(d1: D1Database, tally: { calls: number }): D1Database {
  const statement = (st: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(st, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        const value = Reflect.get(target, prop);
        if (!["run", "all", "raw", "first"].includes(String(prop))) return value;
        return (...args: unknown[]) => {
          tally.calls++;
          return value.apply(target, args);
        };
      },
    });
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => statement(target.prepare(sql));
      if (prop === "batch")
        return (statements: D1PreparedStatement[]) => {
          tally.calls++;
          return target.batch(statements);
        };
      return Reflect.get(target, prop);
    },
  });
}

describe("moving a workspace between shards (ADR 082)", () => {
  it("copies every row, switches the directory, and empties the old shard", async () => {
    const ws = await workspaceWithPosts();
    const before = await postsSeen(ws.token);
    const moved = await moveWorkspace(twoShards, ws.id, "SHARD_B", { now: Date.now });
    expect(moved).toMatchObject({ outcome: "moved", from: "DB", to: "SHARD_B" });
    expect(moved.tables).toContainEqual({ table: "posts", rows: 2 });
    expect(moved.tables).toContainEqual({ table: "post_metric_snapshots", rows: 2 });
    expect(moved.tables).toContainEqual({ table: "post_metrics_current", rows: 1 });
    expect(await placement(ws.id)).toEqual({ shard: "SHARD_B", moving_to: null, move_step: null });
    expect(await postsSeen(ws.token)).toEqual(before);
    expect([await rowsOn(env.DB, "posts", ws.id), await rowsOn(env.SHARD_B, "posts", ws.id)]).toEqual([0, 2]);
    // And back: the stand-in rows it had on SHARD_B go with it.
    expect((await moveWorkspace(twoShards, ws.id, "DB", { now: Date.now })).outcome).toBe("moved");
    expect(await postsSeen(ws.token)).toEqual(before);
    const standIn = await env.SHARD_B.prepare("SELECT count(*) AS n FROM workspaces WHERE id = ?").bind(ws.id).first();
    expect([await rowsOn(env.SHARD_B, "posts", ws.id), standIn]).toEqual([0, { n: 0 }]);
  });

  it("reads, copies, verifies and cleans a small workspace in a few batches, not a call per table", async () => {
    const ws = await workspaceWithPosts();
    const tally = { calls: 0 };
    const counting = Object.create(twoShards, {
      DB: { value: counted(env.DB, tally) },
      SHARD_B: { value: counted(env.SHARD_B, tally) },
    }) as Env;
    const moved = await moveWorkspace(counting, ws.id, "SHARD_B", { now: Date.now });
    expect(moved.outcome).toBe("moved");
    // Over 70 tables; a call per table to copy, three to verify and one to delete made 389 calls.
    expect(moved.tables.length).toBeGreaterThan(70);
    expect(tally.calls).toBeLessThan(40);
  });

  it("pages through a table larger than a read and a delete (1,050 activity rows)", async () => {
    const ws = await workspaceWithPosts();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1050)
       INSERT INTO activity_log (id, workspace_id, action, subject, summary)
       SELECT ?1 || '-' || i, ?1, 'post_created', 'post', 'row ' || i FROM n`,
    )
      .bind(ws.id)
      .run();
    const moved = await moveWorkspace(twoShards, ws.id, "SHARD_B", { now: Date.now });
    expect(moved.outcome).toBe("moved");
    expect(moved.tables.find((t) => t.table === "activity_log")!.rows).toBeGreaterThanOrEqual(1050);
    const rows = [await rowsOn(env.DB, "activity_log", ws.id), await rowsOn(env.SHARD_B, "activity_log", ws.id)];
    expect(rows[0]).toBe(0);
    expect(rows[1]).toBeGreaterThanOrEqual(1050);
  });

  it.each<MoveStep>(["flag", "copy", "mid-copy", "verify", "switch"])(
    "a crash at %s leaves it whole on the old shard; a rerun moves it",
    async (step) => {
      const ws = await workspaceWithPosts();
      const before = await postsSeen(ws.token);
      await expect(moveWorkspace(twoShards, ws.id, "SHARD_B", { now: Date.now, at: crashAt(step) })).rejects.toThrow(
        `crash at ${step}`,
      );
      expect((await placement(ws.id))?.shard).toBe("DB");
      expect(await postsSeen(ws.token)).toEqual(before);
      expect(await rowsOn(env.DB, "posts", ws.id)).toBe(2);
      if (step !== "flag") {
        // Read-only until the move is rerun: writes answer 503 with Retry-After, reads work.
        const write = await send("/api/posts", ws.token, { content: "Now", platforms: ["instagram"], status: "draft" });
        expect(write.status).toBe(503);
        expect(write.body).toMatchObject({ success: false, message: expect.stringContaining("being moved") });
        expect(write.retryAfter).toBe("30");
      }
      expect((await moveWorkspace(twoShards, ws.id, "SHARD_B", { now: Date.now })).outcome).toBe("moved");
      expect(await postsSeen(ws.token)).toEqual(before);
      expect([await rowsOn(env.DB, "posts", ws.id), await rowsOn(env.SHARD_B, "posts", ws.id)]).toEqual([0, 2]);
      const targets = [await rowsOn(env.DB, "post_targets", ws.id), await rowsOn(env.SHARD_B, "post_targets", ws.id)];
      expect(targets).toEqual([0, 1]);
    },
  );

  it.each<MoveStep>(["cleanup", "mid-cleanup"])(
    "a crash at %s (after the switch) leaves it whole on the new shard; a rerun finishes the cleanup",
    async (step) => {
      const ws = await workspaceWithPosts();
      const before = await postsSeen(ws.token);
      await expect(moveWorkspace(twoShards, ws.id, "SHARD_B", { now: Date.now, at: crashAt(step) })).rejects.toThrow(
        `crash at ${step}`,
      );
      // A second crash in the rerun's own cleanup changes nothing either.
      await expect(moveWorkspace(twoShards, ws.id, "SHARD_B", { now: Date.now, at: crashAt(step) })).rejects.toThrow();
      expect(await placement(ws.id)).toEqual({ shard: "SHARD_B", moving_to: null, move_step: "cleanup:DB" });
      expect(await postsSeen(ws.token)).toEqual(before);
      const write = await send("/api/posts", ws.token, {
        content: "Writable",
        platforms: ["instagram"],
        status: "draft",
      });
      expect(write.status).toBe(201);
      const rerun = await moveWorkspace(twoShards, ws.id, "SHARD_B", { now: Date.now });
      expect(rerun).toMatchObject({ outcome: "moved", message: expect.stringContaining("Finished moving") });
      expect([await rowsOn(env.DB, "posts", ws.id), await rowsOn(env.SHARD_B, "posts", ws.id)]).toEqual([0, 3]);
      expect(await placement(ws.id)).toEqual({ shard: "SHARD_B", moving_to: null, move_step: null });
    },
  );

  it("rolls back when a row changes during the copy, and says which table", async () => {
    const ws = await workspaceWithPosts();
    // A background job writing to the old shard while the copy runs.
    const moved = await moveWorkspace(twoShards, ws.id, "SHARD_B", {
      now: Date.now,
      at: async (s) => {
        if (s === "verify")
          await env.DB.prepare(
            "UPDATE posts SET content = 'Edited meanwhile' WHERE workspace_id = ? AND content = 'A draft'",
          )
            .bind(ws.id)
            .run();
      },
    });
    expect(moved.outcome).toBe("rolled_back");
    expect(moved.message).toContain("posts");
    expect(await placement(ws.id)).toEqual({ shard: "DB", moving_to: null, move_step: null });
    expect([await rowsOn(env.DB, "posts", ws.id), await rowsOn(env.SHARD_B, "posts", ws.id)]).toEqual([2, 0]);
  });

  it("names the tables a background job changed after they were copied", async () => {
    const ws = await workspaceWithPosts();
    const moved = await moveWorkspace(twoShards, ws.id, "SHARD_B", {
      now: Date.now,
      at: async (s) => {
        if (s === "switch")
          await env.DB.prepare("UPDATE posts SET content = 'Too late' WHERE workspace_id = ? AND content = 'A draft'")
            .bind(ws.id)
            .run();
      },
    });
    expect(moved.outcome).toBe("moved");
    expect(moved.message).toContain("Changes made to posts after they were copied were not carried over.");
    expect(await postsSeen(ws.token)).toEqual(["A draft", "Next month"]);
  });

  it("refuses while a post is due within 10 minutes, with when to try again", async () => {
    const ws = await workspaceWithPosts();
    const now = Date.now();
    await insertScheduledPost(ws.id, [{ accountId: ws.accountId, platform: "instagram", dueAt: now + 5 * 60_000 }]);
    await expect(moveWorkspace(twoShards, ws.id, "SHARD_B", { now: () => now })).rejects.toThrow(
      `try the move again after ${new Date(now + 15 * 60_000).toISOString()}`,
    );
    expect(await placement(ws.id)).toEqual({ shard: "DB", moving_to: null, move_step: null });
  });
});

describe("a move that outlasts its quiet window", () => {
  it("rolls back when a post comes due before the switch", async () => {
    const ws = await workspaceWithPosts();
    let clock = Date.now();
    await insertScheduledPost(ws.id, [{ accountId: ws.accountId, platform: "instagram", dueAt: clock + 15 * 60_000 }]);
    const moved = await moveWorkspace(twoShards, ws.id, "SHARD_B", {
      now: () => clock,
      at: (s) => {
        if (s === "verify") clock += 9 * 60_000;
      },
    });
    expect(moved).toMatchObject({ outcome: "rolled_back", message: expect.stringContaining("A post came due") });
    expect(await placement(ws.id)).toEqual({ shard: "DB", moving_to: null, move_step: null });
    expect([await rowsOn(env.DB, "posts", ws.id), await rowsOn(env.SHARD_B, "posts", ws.id)]).toEqual([3, 0]);
  });
});

describe("POST /api/operator/workspaces/:id/move", () => {
  it("lets a listed operator move any workspace, and refuses everyone else and API keys", async () => {
    const ws = await workspaceWithPosts();
    const operator = await registerUser({ email: OPERATOR });
    const path = `/api/operator/workspaces/${ws.id}/move`;
    const owner = await send(path, ws.token, { shard: "SHARD_B" });
    expect([owner.status, owner.body]).toEqual([
      403,
      { success: false, message: "Only an operator of this deployment can move a workspace between databases." },
    ]);
    const invalid = await send(path, operator.token, { shard: "" });
    expect([invalid.status, invalid.body.message]).toEqual([400, "Name the shard to move the workspace to."]);
    const unknown = await send(path, operator.token, { shard: "NOPE" });
    expect([unknown.status, unknown.body.message]).toEqual([400, '"NOPE" is not a shard listed in WORKSPACE_DBS.']);
    const moved = await send(path, operator.token, { shard: "SHARD_B" });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ success: true, data: { outcome: "moved", from: "DB", to: "SHARD_B" } });
    expect(await postsSeen(ws.token)).toHaveLength(2);
    const again = await send(path, operator.token, { shard: "SHARD_B" });
    expect(again.body.data.outcome).toBe("already_there");
    const missing = await send("/api/operator/workspaces/nope/move", operator.token, { shard: "DB" });
    expect(missing.status).toBe(404);
  });
});
