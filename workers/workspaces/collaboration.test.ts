import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import type { Role } from "./roles";

type User = Awaited<ReturnType<typeof registerUser>>;

/** A shared workspace: Olga owns it, with an admin, an editor (Anna Berg), a contributor and a viewer, and a draft. */
async function team() {
  const owner = await registerUser({ displayName: "Olga" });
  const ws = (await call("/api/workspaces", { token: owner.token, body: { name: "Crumb Agency" } })).body.data
    .id as string;
  const as = (u: User) => ({ token: u.token, headers: { "X-Workspace-Id": ws } });
  const m = {} as Record<Exclude<Role, "owner">, User>;
  for (const role of ["admin", "editor", "contributor", "viewer"] as const) {
    m[role] = await registerUser({ displayName: role === "editor" ? "Anna Berg" : `The ${role}` });
    await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)")
      .bind(ws, m[role].user.id, role, Date.now())
      .run();
  }
  const post = (
    await call("/api/posts", {
      ...as(m.contributor),
      body: { content: "Rye bread week plan", platforms: ["linkedin"] },
    })
  ).body.data._id as string;
  return { owner, ws, as, m, post };
}

describe("comments and @mentions", () => {
  it("a member comments; @mentioned members are told in-app and by email; viewers read but cannot comment", async () => {
    const { as, m, post, owner } = await team();
    const res = await call(`/api/posts/${post}/comments`, {
      ...as(m.contributor),
      body: { body: "  @anna berg and @Olga: is Tuesday fine? (not @Annabel)  " },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: "Comment added",
      data: {
        body: "@anna berg and @Olga: is Tuesday fine? (not @Annabel)",
        author: { displayName: "The contributor" },
      },
    });
    expect([...res.body.data.mentions].sort()).toEqual([owner.user.id, m.editor.user.id].sort());
    const inbox = (await call("/api/notifications", as(m.editor))).body.data.notifications;
    expect(inbox[0]).toMatchObject({ kind: "mention", postId: post });
    expect(inbox[0].message).toBe(
      'The contributor mentioned you on "Rye bread week plan": @anna berg and @Olga: is Tuesday fine? (not @Annabel)',
    );
    const mail = await env.DB.prepare("SELECT subject FROM dev_mailbox WHERE to_address = ?")
      .bind(m.editor.email)
      .first<{ subject: string }>();
    expect(mail?.subject).toBe("The contributor mentioned you in Crumb Agency");
    expect((await call("/api/notifications", as(m.admin))).body.data.notifications).toEqual([]);

    const read = await call(`/api/posts/${post}/comments`, as(m.viewer));
    expect(read.body.data.comments.map((c: { body: string }) => c.body)).toEqual([res.body.data.body]);
    const refused = await call(`/api/posts/${post}/comments`, { ...as(m.viewer), body: { body: "Nice" } });
    expect(refused.body).toEqual({ success: false, message: "Your role (viewer) cannot do this in Crumb Agency." });
    const empty = await call(`/api/posts/${post}/comments`, { ...as(m.editor), body: { body: "   " } });
    expect(empty.body).toEqual({ success: false, message: "Write a comment first." });
  });

  it("another workspace's post has no comments to read or write (404)", async () => {
    const { post } = await team();
    const stranger = await registerUser();
    for (const opts of [{}, { body: { body: "hi" } }]) {
      const res = await call(`/api/posts/${post}/comments`, { token: stranger.token, ...opts });
      expect(res.body).toEqual({ success: false, message: "The requested resource was not found." });
    }
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM post_comments WHERE post_id = ?").bind(post).first("n"),
    ).toBe(0);
  });
});

describe("the activity log", () => {
  it("records who created, edited and rejected what; owners and admins read it, page by page and as CSV", async () => {
    const { ws, as, m, owner, post } = await team();
    const put = await call(`/api/posts/${post}`, {
      ...as(m.contributor),
      method: "PUT",
      body: { content: "Rye bread week plan, final" },
    });
    expect(put.status).toBe(200);
    // Submitting needs a connected account and media; its approval row is what matters here.
    await env.DB.batch([
      env.DB.prepare("UPDATE posts SET status = 'pending_approval' WHERE id = ?").bind(post),
      env.DB.prepare(
        "INSERT INTO post_approvals (id, workspace_id, post_id, submitted_by, submitted_at, status) VALUES (?, ?, ?, ?, ?, 'pending')",
      ).bind(crypto.randomUUID(), ws, post, m.contributor.user.id, Date.now()),
    ]);
    const reject = await call(`/api/posts/${post}/reject`, { ...as(m.editor), body: { comment: "Add a photo" } });
    expect(reject.status).toBe(200);

    const log = await call(`/api/workspaces/${ws}/activity?limit=2`, as(m.admin));
    expect(log.status).toBe(200);
    expect(log.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(log.body.data.entries).toMatchObject([
      { action: "rejected", subject: "post", subjectId: post, who: { displayName: "Anna Berg" } },
      {
        action: "edited",
        subjectId: post,
        who: { displayName: "The contributor" },
        summary: "Rye bread week plan, final",
      },
    ]);
    const page2 = await call(`/api/workspaces/${ws}/activity?limit=2&page=2`, as(owner));
    expect(page2.body.data.entries).toMatchObject([{ action: "created", summary: "Rye bread week plan" }]);

    for (const role of ["editor", "contributor", "viewer"] as const) {
      const refused = await call(`/api/workspaces/${ws}/activity`, as(m[role]));
      expect(refused.body).toEqual({ success: false, message: `Your role (${role}) cannot do this in Crumb Agency.` });
    }
    const stranger = await registerUser();
    expect((await call(`/api/workspaces/${ws}/activity`, { token: stranger.token })).status).toBe(404);

    const csv = await SELF.fetch(`http://localhost/api/workspaces/${ws}/activity.csv`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("When (UTC),Who,Email,Action,Subject,Subject id,Summary");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`Anna Berg,${m.editor.email},rejected,post,${post},"Rye bread week plan, final"`);
  });
});
