import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { addMember, dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;
const DAY = 86_400_000;

async function workspace(owner: User, name: string) {
  return (await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name } })).body.data
    .id as string;
}

async function join(ws: string, user: User, role: string) {
  await addMember(ws, user.user.id, role);
}

/** A post row as its channels left it (the view reads the derived status); times relative to now. */
async function post(ws: string, author: User, content: string, status: string, at: number | null, updated = 0) {
  const id = crypto.randomUUID();
  const now = Date.now();
  await (await dbOf(ws))
    .prepare(
      "INSERT INTO posts (id, workspace_id, user_id, content, platforms, status, scheduled_at, timezone, created_at, updated_at) VALUES (?, ?, ?, ?, '[\"twitter\"]', ?, ?, 'UTC', ?, ?)",
    )
    .bind(id, ws, author.user.id, content, status, at === null ? null : now + at, now, now + updated)
    .run();
  return id;
}

describe("the agency view across workspaces (issue 41)", () => {
  it("lists approvals where the user approves, upcoming posts and failures of every workspace, each labelled", async () => {
    const olga = await registerUser({ displayName: "Olga" });
    const bob = await registerUser({ displayName: "Bob" });
    const acme = await workspace(olga, "Acme");
    const beta = await workspace(bob, "Beta");
    await join(beta, olga, "viewer");
    const waiting = await post(acme, olga, "Acme waits", "pending_approval", 2 * DAY, -60_000);
    const held = await post(acme, olga, "Acme held for the client", "changes_requested", 3 * DAY);
    const acmeNext = await post(acme, olga, "Acme tomorrow", "scheduled", DAY);
    const betaNext = await post(beta, bob, "Beta in an hour", "scheduled", 3600_000);
    const betaWaits = await post(beta, bob, "Beta waits", "pending_approval", DAY);
    await post(acme, olga, "Acme went out", "published", -DAY);
    await post(acme, olga, "Acme last month", "failed", -30 * DAY, -30 * DAY);
    const failed = await post(acme, olga, "Acme failed", "failed", -DAY);

    const res = await call<"GET /api/agency">("/api/agency", { token: olga.token });
    expect(res.status).toBe(200);
    const view = res.body.data;
    expect(view.workspaces.map((w) => [w.name, w.role])).toEqual([
      ["Olga's workspace", "owner"],
      ["Acme", "owner"],
      ["Beta", "viewer"],
    ]);
    // Beta's waiting post is not hers to approve: a viewer there, whatever she is elsewhere.
    expect(view.approvals.map((i) => [i.postId, i.workspace.name, i.canApprove])).toEqual([
      [waiting, "Acme", true],
      [held, "Acme", false],
    ]);
    expect(view.upcoming.map((i) => [i.postId, i.workspace.name])).toEqual([
      [betaNext, "Beta"],
      [acmeNext, "Acme"],
    ]);
    expect(view.failures.map((i) => [i.postId, i.workspace.name, i.status])).toEqual([[failed, "Acme", "failed"]]);

    // Acting goes to the item's workspace with her role there.
    const refused = await call(`/api/posts/${betaWaits}/approve`, {
      token: olga.token,
      headers: { "X-Workspace-Id": beta },
      body: {},
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: "Your role (viewer) cannot do this in Beta." });
  });

  it("leaves out archived workspaces and another user's posts, and an API key sees its own workspace only", async () => {
    const olga = await registerUser({ displayName: "Olga" });
    const eve = await registerUser({ displayName: "Eve" });
    const acme = await workspace(olga, "Acme");
    const old = await workspace(olga, "Old client");
    const secret = await workspace(eve, "Secret");
    await post(secret, eve, "Not Olga's", "scheduled", DAY);
    await post(old, olga, "Archived", "scheduled", DAY);
    await env.DB.prepare("UPDATE workspaces SET archived_at = ? WHERE id = ?").bind(Date.now(), old).run();
    const mine = await post(acme, olga, "Acme soon", "scheduled", DAY);
    const view = (await call<"GET /api/agency">("/api/agency", { token: olga.token })).body.data;
    expect(view.workspaces.map((w) => w.name)).toEqual(["Olga's workspace", "Acme"]);
    expect(view.upcoming.map((i) => i.postId)).toEqual([mine]);

    const key = await call<"POST /api/keys">("/api/keys", {
      token: olga.token,
      headers: { "X-Workspace-Id": acme },
      body: { name: "Reader", scopes: ["read"] },
    });
    const byKey = await call<"GET /api/agency">("/api/agency", { token: key.body.data.token });
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.workspaces.map((w) => w.name)).toEqual(["Acme"]);
    expect((await call("/api/agency")).status).toBe(401);
  });
});
