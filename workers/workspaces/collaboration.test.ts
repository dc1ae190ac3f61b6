import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Role } from "../tenancy/roles";
import { call, registerUser } from "../test/helpers";
import { addMember, dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;

/** A shared workspace: Olga owns it, with an admin, an editor (Anna Berg), a contributor and a viewer, and a draft. */
async function team() {
  const owner = await registerUser({ displayName: "Olga" });
  const ws = (
    await call<"POST /api/workspaces">("/api/workspaces", { token: owner.token, body: { name: "Crumb Agency" } })
  ).body.data.id as string;
  const as = (u: User) => ({ token: u.token, headers: { "X-Workspace-Id": ws } });
  const m = {} as Record<Exclude<Role, "owner">, User>;
  for (const role of ["admin", "editor", "contributor", "viewer"] as const) {
    m[role] = await registerUser({ displayName: role === "editor" ? "Anna Berg" : `The ${role}` });
    await addMember(ws, m[role].user.id, role);
  }
  const post = (
    await call<"POST /api/posts">("/api/posts", {
      ...as(m.contributor),
      body: { content: "Rye bread week plan", platforms: ["linkedin"] },
    })
  ).body.data._id as string;
  return { owner, ws, as, m, post };
}

describe("comments and @mentions", () => {
  it("a member comments; @mentioned members are told in-app and by email; viewers read but cannot comment", async () => {
    const { as, m, post, owner } = await team();
    const res = await call<"POST /api/posts/:id/comments">(`/api/posts/${post}/comments`, {
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
    const inbox = (await call<"GET /api/notifications">("/api/notifications", as(m.editor))).body.data.notifications;
    expect(inbox[0]).toMatchObject({ kind: "mention", postId: post });
    expect(inbox[0].message).toBe(
      'The contributor mentioned you on "Rye bread week plan": @anna berg and @Olga: is Tuesday fine? (not @Annabel)',
    );
    const mail = await env.DB.prepare("SELECT subject FROM dev_mailbox WHERE to_address = ?")
      .bind(m.editor.email)
      .first<{ subject: string }>();
    expect(mail?.subject).toBe("The contributor mentioned you in Crumb Agency");
    expect((await call<"GET /api/notifications">("/api/notifications", as(m.admin))).body.data.notifications).toEqual(
      [],
    );

    const read = await call<"GET /api/posts/:id/comments">(`/api/posts/${post}/comments`, as(m.viewer));
    expect(read.body.data.comments.map((c: { body: string }) => c.body)).toEqual([res.body.data.body]);
    const refused = await call<"POST /api/posts/:id/comments">(`/api/posts/${post}/comments`, {
      ...as(m.viewer),
      body: { body: "Nice" },
    });
    expect(refused.body).toEqual({ success: false, message: "Your role (viewer) cannot do this in Crumb Agency." });
    const empty = await call<"POST /api/posts/:id/comments">(`/api/posts/${post}/comments`, {
      ...as(m.editor),
      body: { body: "   " },
    });
    expect(empty.body).toEqual({ success: false, message: "Write a comment first." });
  });

  it("another workspace's post has no comments to read or write (404)", async () => {
    const { post, ws } = await team();
    const stranger = await registerUser();
    for (const opts of [{}, { body: { body: "hi" } }]) {
      const res = await call<"POST /api/posts/:id/comments">(`/api/posts/${post}/comments`, {
        token: stranger.token,
        ...opts,
      });
      expect(res.body).toEqual({ success: false, message: "The requested resource was not found." });
    }
    expect(
      await (await dbOf(ws)).prepare("SELECT count(*) AS n FROM post_comments WHERE post_id = ?").bind(post).first("n"),
    ).toBe(0);
  });
});

describe("the activity log", () => {
  it("records who created, edited, rejected and commented on what; owners and admins read it, page by page, narrowed and as CSV", async () => {
    const { ws, as, m, owner, post } = await team();
    const put = await call<"PUT /api/posts/:id">(`/api/posts/${post}`, {
      ...as(m.contributor),
      method: "PUT",
      body: { content: "Rye bread week plan, final" },
    });
    expect(put.status).toBe(200);
    // Submitting needs a connected account and media; its approval row is what matters here.
    const shard = await dbOf(ws);
    await shard.batch([
      shard.prepare("UPDATE posts SET status = 'pending_approval' WHERE id = ?").bind(post),
      shard
        .prepare(
          "INSERT INTO post_approvals (id, workspace_id, post_id, submitted_by, submitted_at, status) VALUES (?, ?, ?, ?, ?, 'pending')",
        )
        .bind(crypto.randomUUID(), ws, post, m.contributor.user.id, Date.now()),
    ]);
    const reject = await call<"POST /api/posts/:id/reject">(`/api/posts/${post}/reject`, {
      ...as(m.editor),
      body: { comment: "Add a photo" },
    });
    expect(reject.status).toBe(200);
    expect(
      (
        await call<"POST /api/posts/:id/comments">(`/api/posts/${post}/comments`, {
          ...as(m.editor),
          body: { body: "A crust close-up?" },
        })
      ).status,
    ).toBe(201);

    const log = await call<"GET /api/workspaces/:id/activity">(`/api/workspaces/${ws}/activity?limit=2`, as(m.admin));
    expect(log.status).toBe(200);
    // The workspace's creation is the first entry.
    expect(log.body.data.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    expect(log.body.data.entries).toMatchObject([
      { action: "commented", subject: "post", subjectId: post, who: { displayName: "Anna Berg" } },
      { action: "rejected", subject: "post", subjectId: post, who: { displayName: "Anna Berg" } },
    ]);
    const page2 = await call<"GET /api/workspaces/:id/activity">(
      `/api/workspaces/${ws}/activity?limit=2&page=2`,
      as(owner),
    );
    expect(page2.body.data.entries).toMatchObject([
      { action: "edited", who: { displayName: "The contributor" }, summary: "Rye bread week plan, final" },
      { action: "created", summary: "Rye bread week plan" },
    ]);

    // Narrowed to one kind of action, or to one member.
    const comments = await call<"GET /api/workspaces/:id/activity">(
      `/api/workspaces/${ws}/activity?action=commented`,
      as(owner),
    );
    expect(comments.body.data.entries.map((e: { action: string }) => e.action)).toEqual(["commented"]);
    expect(comments.body.data.pagination.total).toBe(1);
    const bySomeone = await call<"GET /api/workspaces/:id/activity">(
      `/api/workspaces/${ws}/activity?userId=${m.contributor.user.id}`,
      as(owner),
    );
    expect(bySomeone.body.data.entries.map((e: { action: string }) => e.action)).toEqual(["edited", "created"]);
    const bogus = await call<"GET /api/workspaces/:id/activity">(
      `/api/workspaces/${ws}/activity?action=undone`,
      as(owner),
    );
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toMatch(/^Choose one of: created, edited, .*commented/);

    for (const role of ["editor", "contributor", "viewer"] as const) {
      const refused = await call<"GET /api/workspaces/:id/activity">(`/api/workspaces/${ws}/activity`, as(m[role]));
      expect(refused.body).toEqual({ success: false, message: `Your role (${role}) cannot do this in Crumb Agency.` });
    }
    const stranger = await registerUser();
    expect(
      (await call<"GET /api/workspaces/:id/activity">(`/api/workspaces/${ws}/activity`, { token: stranger.token }))
        .status,
    ).toBe(404);

    const csv = async (query = "") => {
      const res = await SELF.fetch(`http://localhost/api/workspaces/${ws}/activity.csv${query}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      return (await res.text()).trim().split("\r\n");
    };
    const lines = await csv();
    expect(lines[0]).toBe("When (UTC),Who,Email,Action,Subject,Subject id,Summary");
    expect(lines).toHaveLength(6);
    expect(lines[2]).toContain(`Anna Berg,${m.editor.email},rejected,post,${post},"Rye bread week plan, final"`);
    const rejected = await csv("?action=rejected");
    expect(rejected).toHaveLength(2);
    expect(rejected[1]).toContain(",rejected,post,");
  });
});
