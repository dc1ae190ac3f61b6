import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../app";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { connectViaEmulator } from "../test/oauth";
import { addMember, dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
/** The post's time passes without waiting: its channels fall due a second ago. */
const timePasses = async (ws: string, postId: string) =>
  (await dbOf(ws))
    .prepare("UPDATE post_targets SET due_at = ? WHERE post_id = ?")
    .bind(Date.now() - 1000, postId)
    .run();

/**
 * Olga (owner) schedules a post; Carl (editor) shares it with the client; Ann (admin) approves posts too.
 * Eve (viewer) is a member who is neither told nor asked.
 */
async function agency() {
  const olga = await registerUser({ displayName: "Olga" });
  await connectViaEmulator(olga.cookie, "twitter");
  const account = (await call<"GET /api/accounts">("/api/accounts", { token: olga.token })).body.data.accounts[0]
    ._id as string;
  const ws = olga.user.id;
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "launch.jpg"));
  const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: olga.token, body: form })).body
    .data[0].id as string;
  const join = async (name: string, role: string) => {
    const u = await registerUser({ displayName: name });
    await addMember(ws, u.user.id, role);
    return u;
  };
  const [carl, ann, eve] = [await join("Carl", "editor"), await join("Ann", "admin"), await join("Eve", "viewer")];
  const as = (u: User) => ({ token: u.token, headers: { "X-Workspace-Id": ws } });
  const content = `Spring launch ${crypto.randomUUID().slice(0, 8)}`;
  const created = await call<"POST /api/posts">("/api/posts", {
    ...as(olga),
    body: {
      content,
      platforms: ["twitter"],
      selectedAccounts: { twitter: [account] },
      images: [image],
      status: "scheduled",
      scheduledDate: inHours(2),
    },
  });
  if (created.status !== 201) throw new Error(created.body.message);
  const post = created.body.data._id as string;
  const link = await call<"POST /api/share-links">("/api/share-links", {
    ...as(carl),
    body: { label: "Acme review", postIds: [post] },
  });
  const token = link.body.data.url.split("/review/")[1]!;
  const review = (body: { decision: "approved" | "changes_requested"; comment?: string }) =>
    call<"POST /api/share/:token/posts/:postId/review">(`/api/share/${token}/posts/${post}/review`, { body });
  const getPost = async () => (await call<"GET /api/posts/:id">(`/api/posts/${post}`, as(olga))).body.data;
  return { olga, carl, ann, eve, ws, as, post, content, link, review, getPost };
}

const notices = async (u: User, ws: string) =>
  (await call<"GET /api/notifications">("/api/notifications", { token: u.token, headers: { "X-Workspace-Id": ws } }))
    .body.data.notifications;

describe("a client's Request changes closes the loop (ADR 078)", () => {
  it("holds the post: it never publishes as it is, even when its time passes, and Publish Now is refused", {
    timeout: 30_000,
  }, async () => {
    const { review, getPost, post, as, olga, ws } = await agency();
    const asked = await review({ decision: "changes_requested", comment: "Use the blue logo" });
    expect(asked.status).toBe(201);
    const held = await getPost();
    expect(held.status).toBe("changes_requested");
    expect(held.platformPosts[0]).toMatchObject({
      status: "held",
      error: {
        kind: "changes_requested",
        message: 'The client (link "Acme review") asked for changes: Use the blue logo. Edit the post to send it on.',
      },
    });

    await timePasses(ws, post);
    await runCron();
    const after = await getPost();
    expect(after.status).toBe("changes_requested");
    expect(after.platformPosts[0]).toMatchObject({ status: "held", remoteId: null });

    const now = await call<"POST /api/posts/:id/publish">(`/api/posts/${post}/publish`, {
      ...as(olga),
      method: "POST",
    });
    expect(now.status).toBe(409);
    expect(now.body.message).toBe(
      'The client (link "Acme review") asked for changes: Use the blue logo. Edit the post to send it on.',
    );
    expect((await getPost()).status).toBe("changes_requested");
  });

  it("tells the author, whoever shared the link and the approvers (in-app and email), and logs it", async () => {
    const { review, olga, carl, ann, eve, ws, as, post } = await agency();
    await review({ decision: "changes_requested", comment: "Use the blue logo" });
    for (const u of [olga, carl, ann]) {
      const [first] = await notices(u, ws);
      expect(first, u.user.displayName).toMatchObject({ kind: "client_review", postId: post });
      expect(first?.message).toMatch(/^A client \(link "Acme review"\) asked for changes to ".*": Use the blue logo$/);
      const mail = await env.DB.prepare("SELECT subject FROM dev_mailbox WHERE to_address = ? AND subject = ?")
        .bind(u.email, "A client asked for changes")
        .all();
      expect(mail.results, u.user.displayName).toHaveLength(1);
    }
    expect((await notices(eve, ws)).filter((n) => n.kind === "client_review")).toEqual([]);

    const log = await call<"GET /api/workspaces/:id/activity">(
      `/api/workspaces/${ws}/activity?action=changes_requested`,
      as(olga),
    );
    expect(log.body.data.entries).toMatchObject([
      { action: "changes_requested", who: null, subject: "post", subjectId: post },
    ]);
    expect(log.body.data.entries[0].summary).toMatch(/^Client link "Acme review": Spring launch/);
  });

  it("an edit sends it on; the client's Approve is recorded with the link and time; it then publishes", {
    timeout: 30_000,
  }, async () => {
    const { review, getPost, post, as, olga, ws, link } = await agency();
    await review({ decision: "changes_requested", comment: "Use the blue logo" });
    const edited = await call<"PUT /api/posts/:id">(`/api/posts/${post}`, {
      ...as(olga),
      method: "PUT",
      body: { content: `Spring launch, now with the blue logo ${crypto.randomUUID().slice(0, 8)}` },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.status).toBe("scheduled");
    expect(edited.body.data.platformPosts[0]).toMatchObject({ status: "scheduled", error: null });

    const approved = await review({ decision: "approved" });
    expect(approved.body).toMatchObject({ message: "Thank you: approved", data: { decision: "approved" } });
    const recorded = await (await dbOf(ws))
      .prepare("SELECT link_id, created_at FROM client_reviews WHERE post_id = ? AND decision = 'approved'")
      .bind(post)
      .first<{ link_id: string; created_at: number }>();
    expect(recorded).toMatchObject({
      link_id: link.body.data.id,
      created_at: Date.parse(approved.body.data.createdAt ?? ""),
    });
    const log = await call<"GET /api/workspaces/:id/activity">(
      `/api/workspaces/${ws}/activity?action=client_approved`,
      as(olga),
    );
    expect(log.body.data.entries).toMatchObject([
      { action: "client_approved", subjectId: post, at: approved.body.data.createdAt },
    ]);

    await timePasses(ws, post);
    await runCron();
    const published = await vi.waitFor(
      async () => {
        const p = await getPost();
        if (p.status !== "published") throw new Error(p.status);
        return p;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(published.platformPosts[0]?.remoteId).toBeTruthy();
  });

  it("a post waiting for approval leaves the Approvals queue until it is edited", async () => {
    const { review, getPost, post, as, ann, ws } = await agency();
    await (await dbOf(ws))
      .prepare("UPDATE post_targets SET status = 'pending_approval', due_at = NULL WHERE post_id = ?")
      .bind(post)
      .run();
    await (await dbOf(ws))
      .prepare(
        "INSERT INTO post_approvals (id, workspace_id, post_id, submitted_by, submitted_at, publish_now, status) VALUES (?, ?, ?, ?, ?, 0, 'pending')",
      )
      .bind(crypto.randomUUID(), ws, post, ann.user.id, Date.now())
      .run();
    await review({ decision: "changes_requested", comment: "Not this week" });
    expect((await getPost()).status).toBe("changes_requested");
    const queue = await call<"GET /api/approvals">("/api/approvals", as(ann));
    expect(queue.body.data.approvals.map((a: { postId: string }) => a.postId)).not.toContain(post);
    const approve = await call<"POST /api/posts/:id/approve">(`/api/posts/${post}/approve`, {
      ...as(ann),
      method: "POST",
      body: {},
    });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe("This post is not waiting for approval.");
  });
});
