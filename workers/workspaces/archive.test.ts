import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { addMember, dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;

/** Olga owns "Acme" (not her personal workspace); Ann is its admin. */
async function agency() {
  const olga = await registerUser({ displayName: "Olga" });
  const ws = (await call<"POST /api/workspaces">("/api/workspaces", { token: olga.token, body: { name: "Acme" } })).body
    .data.id as string;
  const ann = await registerUser({ displayName: "Ann" });
  await addMember(ws, ann.user.id, "admin");
  const as = (u: User) => ({ token: u.token, headers: { "X-Workspace-Id": ws } });
  return { olga, ann, ws, as };
}

const READ_ONLY = "Acme is archived, so it is read-only. An owner can unarchive it in Settings → Workspace.";

describe("archiving a client workspace (issue 41)", () => {
  it("makes it read-only for everyone and flags it in the list; unarchiving lets it change again", async () => {
    const { olga, ann, ws, as } = await agency();
    const archived = await call<"POST /api/workspaces/:id/archive">(`/api/workspaces/${ws}/archive`, {
      ...as(olga),
      method: "POST",
    });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ message: "Workspace archived", data: { id: ws, archived: true } });
    const mine = (await call<"GET /api/workspaces">("/api/workspaces", { token: olga.token })).body.data.workspaces;
    expect(mine.find((w) => w.id === ws)).toMatchObject({ archived: true });

    // Reads answer; every change is refused, whoever asks.
    expect((await call(`/api/posts`, as(ann))).status).toBe(200);
    expect((await call(`/api/workspaces/${ws}/activity`, as(ann))).status).toBe(200);
    for (const [path, method, body] of [
      ["/api/posts", "POST", { content: "Frozen", platforms: [], status: "draft" }],
      [`/api/workspaces/${ws}`, "PATCH", { name: "Renamed" }],
      [`/api/workspaces/${ws}/invites`, "POST", { email: "new@example.com", role: "viewer" }],
      ["/api/share-links", "POST", { label: "Late", from: "2030-01-01T00:00:00Z", to: "2030-02-01T00:00:00Z" }],
    ] as const) {
      const refused = await call(path, { ...as(ann), method, body });
      expect(refused.body, path).toEqual({ success: false, message: READ_ONLY });
      expect(refused.status, path).toBe(403);
    }
    expect(
      await (await dbOf(ws)).prepare("SELECT count(*) AS n FROM posts WHERE workspace_id = ?").bind(ws).first("n"),
    ).toBe(0);

    // Only an owner unarchives (an admin's role cannot), and then the workspace changes again.
    const byAdmin = await call(`/api/workspaces/${ws}/unarchive`, { ...as(ann), method: "POST" });
    expect(byAdmin.body).toEqual({ success: false, message: "Your role (admin) cannot do this in Acme." });
    const back = await call<"POST /api/workspaces/:id/unarchive">(`/api/workspaces/${ws}/unarchive`, {
      ...as(olga),
      method: "POST",
    });
    expect(back.body).toMatchObject({ message: "Workspace unarchived", data: { archived: false } });
    const renamed = await call(`/api/workspaces/${ws}`, { ...as(ann), method: "PATCH", body: { name: "Acme Ltd" } });
    expect(renamed.status).toBe(200);
    const log = await call<"GET /api/workspaces/:id/activity">(`/api/workspaces/${ws}/activity`, as(olga));
    expect(log.body.data.entries.map((e) => e.action)).toEqual([
      "settings_changed",
      "unarchived",
      "archived",
      "workspace_created",
    ]);
  });

  it("is refused for a personal workspace and while posts are still scheduled", async () => {
    const { olga, ws, as } = await agency();
    const personal = await call(`/api/workspaces/${olga.user.id}/archive`, { token: olga.token, method: "POST" });
    expect(personal.status).toBe(409);
    expect(personal.body.message).toBe("Your personal workspace cannot be archived.");

    await (await dbOf(ws))
      .prepare(
        "INSERT INTO posts (id, workspace_id, user_id, content, platforms, status, scheduled_at, timezone, created_at, updated_at) VALUES (?, ?, ?, 'Still due', '[]', 'scheduled', ?, 'UTC', ?, ?)",
      )
      .bind(crypto.randomUUID(), ws, olga.user.id, Date.now() + 86_400_000, Date.now(), Date.now())
      .run();
    const waiting = await call(`/api/workspaces/${ws}/archive`, { ...as(olga), method: "POST" });
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(
      "1 post is still scheduled or waiting for approval here. Publish, unschedule or delete it before archiving.",
    );
    expect((await call<"GET /api/workspaces/:id">(`/api/workspaces/${ws}`, as(olga))).body.data.archived).toBe(false);
  });
});
