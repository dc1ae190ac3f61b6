import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../app";
import type { Role } from "../tenancy/roles";
import { NEXT_YEAR } from "../test/dates";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { connectViaEmulator } from "../test/oauth";
import { addMember, dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;

const join = (workspaceId: string, u: User, role: Role) => addMember(workspaceId, u.user.id, role);
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const mailTo = (email: string) =>
  env.DB.prepare("SELECT subject, text, html FROM dev_mailbox WHERE to_address = ? ORDER BY created_at")
    .bind(email)
    .all<{ subject: string; text: string; html: string | null }>();
const targetsOf = async (ws: string, postId: string) =>
  (await dbOf(ws))
    .prepare("SELECT status, due_at FROM post_targets WHERE post_id = ?")
    .bind(postId)
    .all<{ status: string; due_at: number | null }>();

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Olga's workspace with an X account connected through the emulator, a contributor, an editor and a viewer. */
async function team() {
  const owner = await registerUser({ displayName: "Olga" });
  await connectViaEmulator(owner.cookie, "twitter");
  const account = (await call<"GET /api/accounts">("/api/accounts", { token: owner.token })).body.data.accounts[0]
    ._id as string;
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "team.jpg"));
  const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: owner.token, body: form })).body
    .data[0].id as string;
  const ws = owner.user.id;
  const members = {} as Record<"contributor" | "editor" | "viewer", User>;
  for (const role of ["contributor", "editor", "viewer"] as const) {
    members[role] = await registerUser({ displayName: role[0]!.toUpperCase() + role.slice(1) });
    await join(ws, members[role], role);
  }
  const as = (u: User) => ({ token: u.token, headers: { "X-Workspace-Id": ws } });
  const post = (fields: Record<string, unknown>) => ({
    platforms: ["twitter"],
    selectedAccounts: { twitter: [account] },
    images: [image],
    ...fields,
  });
  return { owner, ws, members, as, post };
}

describe("the approval's notices", () => {
  it("the approver's bell asks; the author reads the approved time in their own zone, never as an ISO instant", async () => {
    const { members, as, post, owner } = await team();
    const tz = await call<"PUT /api/users/timezone">("/api/users/timezone", {
      token: members.contributor.token,
      method: "PUT",
      body: { timezone: "Asia/Tokyo" },
    });
    expect(tz.status).toBe(200);
    const res = await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content: "Summer plan", status: "scheduled", scheduledDate: `${NEXT_YEAR}-06-15T12:00:00.000Z` }),
    });
    const id = res.body.data._id;
    const asked = (await call<"GET /api/notifications">("/api/notifications", as(owner))).body.data;
    expect(asked.notifications).toMatchObject([{ kind: "approval_requested", postId: id, readAt: null }]);
    await call<"POST /api/posts/:id/approve">(`/api/posts/${id}/approve`, { ...as(owner), method: "POST", body: {} });
    const [told] = (await call<"GET /api/notifications">("/api/notifications", as(members.contributor))).body.data
      .notifications;
    // 12:00 UTC is 9 PM in Tokyo.
    expect(told?.message).toBe(`Your post was approved and is scheduled for Jun 15, ${NEXT_YEAR}, 9:00 PM.`);
  });
  it("a member who left hears nothing more: no notice or mail of a decision on their post or a client's review", async () => {
    const { members, as, post, owner, ws } = await team();
    const { contributor, editor } = members;
    const submit = async (content: string) =>
      (
        await call<"POST /api/posts">("/api/posts", {
          ...as(contributor),
          body: post({ content, status: "scheduled", scheduledDate: inHours(3) }),
        })
      ).body.data._id as string;
    const [id, other] = [await submit("Client launch plan"), await submit("Client teaser")];
    const link = await call<"POST /api/share-links">("/api/share-links", {
      ...as(editor),
      body: { label: "Launch review", postIds: [id] },
    });
    for (const gone of [contributor, editor]) {
      const removed = await call<"DELETE /api/workspaces/:id/members/:userId">(
        `/api/workspaces/${ws}/members/${gone.user.id}`,
        { ...as(owner), method: "DELETE" },
      );
      expect(removed.status).toBe(200);
    }
    const token = link.body.data.url.split("/review/")[1]!;
    const review = await call<"POST /api/share/:token/posts/:postId/review">(`/api/share/${token}/posts/${id}/review`, {
      body: { decision: "changes_requested", comment: "Use the spring photo" },
    });
    expect(review.status).toBe(201);
    const rejected = await call<"POST /api/posts/:id/reject">(`/api/posts/${other}/reject`, {
      ...as(owner),
      method: "POST",
      body: { comment: "Too early for a teaser" },
    });
    expect(rejected.status).toBe(200);
    // The approver still hears of it; the author and the link's maker, no longer members, do not.
    const subjects = async (u: User) => (await mailTo(u.email)).results.map((m) => m.subject);
    expect(await subjects(owner)).toContain("A client asked for changes");
    expect(await subjects(contributor)).toEqual([]);
    expect(await subjects(editor)).not.toContain("A client asked for changes");
    const stored = await (await dbOf(ws))
      .prepare(
        "SELECT count(*) AS n FROM notifications WHERE user_id IN (?, ?) AND kind IN ('client_review', 'rejected')",
      )
      .bind(contributor.user.id, editor.user.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});

describe("submitting for approval", () => {
  it("a contributor's schedule waits as pending approval, and the cron never publishes it", async () => {
    const { members, as, post, owner, ws } = await team();
    const content = `Contributor plan ${crypto.randomUUID().slice(0, 8)}`;
    const res = await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content, status: "scheduled", scheduledDate: inHours(2) }),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Post submitted for approval");
    expect(res.body.data).toMatchObject({
      status: "pending_approval",
      approval: { status: "pending", submittedBy: members.contributor.user.id, publishNow: false },
    });
    const id = res.body.data._id;
    // Even overdue, a target waiting for approval is never claimed.
    await (await dbOf(ws))
      .prepare("UPDATE post_targets SET due_at = ? WHERE post_id = ?")
      .bind(Date.now() - 60_000, id)
      .run();
    await runCron();
    expect((await targetsOf(ws, id)).results.map((t) => t.status)).toEqual(["pending_approval"]);
    expect((await call<"GET /api/posts/:id">(`/api/posts/${id}`, as(owner))).body.data.status).toBe("pending_approval");
    // The approvers (owner, editor) are asked, in-app and by email; the viewer and the author are not.
    for (const approver of [owner, members.editor]) {
      const inbox = (await call<"GET /api/notifications">("/api/notifications", as(approver))).body.data;
      expect(inbox.unread).toBe(1);
      expect(inbox.notifications).toMatchObject([
        { kind: "approval_requested", postId: id, message: `Contributor asks you to approve "${content}".` },
      ]);
      const mails = (await mailTo(approver.email)).results;
      expect(mails).toMatchObject([{ subject: "A post waits for your approval in Olga's workspace" }]);
      // The review request comes from the workspace: its name over a plain-text part, and an HTML part in its
      // colour (Postline's until it sets one) with the same words and link.
      const [mail] = mails;
      expect(mail!.text).toMatch(
        new RegExp(
          `^Olga's workspace\n\nContributor asks you to approve "${content}"[.]\n\nOpen Postline: \\S+/content\\?post=${id}&workspace=${ws}$`,
        ),
      );
      expect(mail!.html).toContain("background:#4338ca;color:#ffffff");
      expect(mail!.html).toContain(`Contributor asks you to approve &quot;${content}&quot;.`);
      expect(mail!.html).toMatch(
        new RegExp(`<a href="\\S+/content\\?post=${id}&amp;workspace=${ws}"[^>]*>Open Postline</a>`),
      );
    }
    for (const other of [members.viewer, members.contributor])
      expect((await call<"GET /api/notifications">("/api/notifications", as(other))).body.data).toEqual({
        unread: 0,
        notifications: [],
      });
  });

  it("a contributor can never publish: Publish Now submits, and publish, retry, approve and the scheduler trigger are refused", async () => {
    const { members, as, post, ws } = await team();
    const me = as(members.contributor);
    const now = await call<"POST /api/posts">("/api/posts", {
      ...me,
      body: post({ content: "Right now please", publishNow: true }),
    });
    expect(now.status).toBe(201);
    expect(now.body.data).toMatchObject({ status: "pending_approval", approval: { publishNow: true } });
    const id = now.body.data._id;
    const target = now.body.data.platformPosts[0].id;
    const refused = { success: false, message: "Your role (contributor) cannot do this in Olga's workspace." };
    for (const path of [
      `/api/posts/${id}/publish`,
      `/api/posts/${id}/targets/${target}/retry`,
      `/api/posts/${id}/approve`,
      "/api/scheduler/trigger",
    ]) {
      const res = await call(path, { ...me, method: "POST", body: {} });
      expect(res.body, path).toEqual(refused);
    }
    expect((await call<"GET /api/approvals">("/api/approvals", me)).body).toEqual(refused);
    expect((await targetsOf(ws, id)).results.map((t) => t.status)).toEqual(["pending_approval"]);
  });

  it("when the workspace requires approval, the owner's own Publish Now waits too", async () => {
    const { owner, ws, post } = await team();
    await env.DB.prepare("UPDATE workspaces SET approval_required = 1 WHERE id = ?").bind(ws).run();
    const res = await call<"POST /api/posts">("/api/posts", {
      token: owner.token,
      body: post({ content: "Owner asks", publishNow: true }),
    });
    expect(res.body.message).toBe("Post submitted for approval");
    const draft = await call<"POST /api/posts">("/api/posts", {
      token: owner.token,
      body: post({ content: "Just a draft" }),
    });
    const publish = await call<"POST /api/posts/:id/publish">(`/api/posts/${draft.body.data._id}/publish`, {
      token: owner.token,
      method: "POST",
    });
    expect(publish.status).toBe(200);
    expect(publish.body).toMatchObject({
      message: "Post submitted for approval",
      data: { status: "pending_approval" },
    });
  });
});

describe("the Approvals queue", () => {
  it("approvers see pending posts with their author; a viewer is refused", async () => {
    const { members, as, post, owner } = await team();
    const res = await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content: "Queue me", status: "scheduled", scheduledDate: inHours(3) }),
    });
    await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content: "Only a draft" }),
    });
    for (const approver of [owner, members.editor]) {
      const queue = await call<"GET /api/approvals">("/api/approvals", as(approver));
      expect(queue.status).toBe(200);
      expect(queue.body.data.approvals).toHaveLength(1);
      expect(queue.body.data.approvals[0]).toMatchObject({
        postId: res.body.data._id,
        submittedBy: { id: members.contributor.user.id, displayName: "Contributor" },
        post: { content: "Queue me" },
      });
    }
    expect((await call<"GET /api/approvals">("/api/approvals", as(members.viewer))).status).toBe(403);
    expect(
      (await call<"GET /api/approvals">("/api/approvals", { token: (await registerUser()).token })).body.data.approvals,
    ).toEqual([]);
  });

  it("approving Publish Now publishes through the emulator; the author is told in-app and by email", async () => {
    const { members, as, post, owner } = await team();
    const content = `Approved launch ${crypto.randomUUID().slice(0, 8)}`;
    const res = await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content, publishNow: true }),
    });
    const id = res.body.data._id;
    const approved = await call<"POST /api/posts/:id/approve">(`/api/posts/${id}/approve`, {
      ...as(owner),
      method: "POST",
    });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe("Post approved");
    expect(approved.body.data.approval).toMatchObject({ status: "approved", decidedBy: owner.user.id });
    const published = await vi.waitFor(
      async () => {
        const p = (await call<"GET /api/posts/:id">(`/api/posts/${id}`, as(members.contributor))).body.data;
        if (p.status !== "published") throw new Error(p.status);
        return p;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(published.platformPosts[0].permalink).toMatch(/^https:\/\//);
    expect((await call<"GET /api/approvals">("/api/approvals", as(owner))).body.data.approvals).toEqual([]);
    const notices = (await call<"GET /api/notifications">("/api/notifications", as(members.contributor))).body.data
      .notifications;
    expect(notices).toMatchObject([
      { kind: "approved", postId: id, message: "Your post was approved and is being published now.", readAt: null },
    ]);
    expect((await mailTo(members.contributor.email)).results).toMatchObject([{ subject: "Your post was approved" }]);
    // Notices are the member's own: the owner cannot mark the contributor's read.
    expect(
      (
        await call<"POST /api/notifications/:id/read">(`/api/notifications/${notices[0].id}/read`, {
          ...as(owner),
          method: "POST",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call<"POST /api/notifications/:id/read">(`/api/notifications/${notices[0].id}/read`, {
          ...as(members.contributor),
          method: "POST",
        })
      ).status,
    ).toBe(200);
    const after = (await call<"GET /api/notifications">("/api/notifications", as(members.contributor))).body.data;
    expect(after.notifications[0].readAt).not.toBeNull();
    expect(after.unread).toBe(0);

    // Mark all read: only the caller's own notices in this workspace.
    expect((await call<"GET /api/notifications">("/api/notifications", as(owner))).body.data.unread).toBe(1);
    const all = await call<"POST /api/notifications/read-all">("/api/notifications/read-all", {
      ...as(owner),
      method: "POST",
    });
    expect(all.body).toEqual({ success: true, message: "All notifications marked as read", data: { marked: 1 } });
    expect((await call<"GET /api/notifications">("/api/notifications", as(owner))).body.data.unread).toBe(0);
    expect((await call<"GET /api/notifications">("/api/notifications", as(members.editor))).body.data.unread).toBe(1);
  });

  it("a schedule keeps its time when approved; once its time has passed, approval asks for a new one", async () => {
    const { members, as, post, owner, ws } = await team();
    const at = inHours(5);
    const first = await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content: "Later today", status: "scheduled", scheduledDate: at }),
    });
    const ok = await call<"POST /api/posts/:id/approve">(`/api/posts/${first.body.data._id}/approve`, {
      ...as(members.editor),
      method: "POST",
    });
    expect(ok.body.data).toMatchObject({
      status: "scheduled",
      scheduledDate: at,
      platformPosts: [{ status: "scheduled", dueAt: at }],
    });

    const late = await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content: "Missed it", status: "scheduled", scheduledDate: inHours(1) }),
    });
    const id = late.body.data._id;
    await (await dbOf(ws))
      .prepare("UPDATE posts SET scheduled_at = ? WHERE id = ?")
      .bind(Date.now() - 60_000, id)
      .run();
    const asked = await call<"POST /api/posts/:id/approve">(`/api/posts/${id}/approve`, {
      ...as(owner),
      method: "POST",
    });
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({
      success: false,
      message: "The time this post was scheduled for has passed. Choose a new time to approve it.",
    });
    expect((await targetsOf(ws, id)).results.map((t) => t.status)).toEqual(["pending_approval"]);
    const past = await call<"POST /api/posts/:id/approve">(`/api/posts/${id}/approve`, {
      ...as(owner),
      body: { scheduledDate: new Date(Date.now() - 5_000).toISOString() },
    });
    expect(past.status).toBe(409);
    const later = inHours(6);
    const again = await call<"POST /api/posts/:id/approve">(`/api/posts/${id}/approve`, {
      ...as(owner),
      body: { scheduledDate: later },
    });
    expect(again.body.data).toMatchObject({ status: "scheduled", scheduledDate: later });
    expect(
      (await call<"POST /api/posts/:id/approve">(`/api/posts/${id}/approve`, { ...as(owner), method: "POST" })).body,
    ).toEqual({
      success: false,
      message: "This post is not waiting for approval.",
    });
  });

  it("rejecting needs a comment, sends the post back to draft and tells the author why", async () => {
    const { members, as, post, owner, ws } = await team();
    const res = await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content: "Too salesy", status: "scheduled", scheduledDate: inHours(2) }),
    });
    const id = res.body.data._id;
    const blank = await call<"POST /api/posts/:id/reject">(`/api/posts/${id}/reject`, {
      ...as(owner),
      body: { comment: "  " },
    });
    expect(blank.body).toEqual({ success: false, message: "Please say what needs to change." });
    expect((await targetsOf(ws, id)).results.map((t) => t.status)).toEqual(["pending_approval"]);
    const rejected = await call<"POST /api/posts/:id/reject">(`/api/posts/${id}/reject`, {
      ...as(owner),
      body: { comment: "Tone it down, no prices." },
    });
    expect(rejected.body.message).toBe("Post sent back to its author");
    const seen = (await call<"GET /api/posts/:id">(`/api/posts/${id}`, as(members.contributor))).body.data;
    expect(seen).toMatchObject({
      status: "draft",
      approval: { status: "rejected", comment: "Tone it down, no prices.", decidedBy: owner.user.id },
      platformPosts: [{ status: "draft", dueAt: null }],
    });
    expect(
      (await call<"GET /api/notifications">("/api/notifications", as(members.contributor))).body.data.notifications[0],
    ).toMatchObject({
      kind: "rejected",
      message: "Your post was sent back: Tone it down, no prices.",
    });
    expect((await mailTo(members.contributor.email)).results.at(-1)).toMatchObject({
      subject: "Your post needs changes",
      text: expect.stringContaining("Tone it down, no prices."),
    });
  });

  it("editing an approved post that has not gone out sends it back for approval", async () => {
    const { members, as, post, owner, ws } = await team();
    const res = await call<"POST /api/posts">("/api/posts", {
      ...as(members.contributor),
      body: post({ content: "v1", status: "scheduled", scheduledDate: inHours(4) }),
    });
    const id = res.body.data._id;
    await call<"POST /api/posts/:id/approve">(`/api/posts/${id}/approve`, { ...as(owner), method: "POST" });
    const edited = await call<"PUT /api/posts/:id">(`/api/posts/${id}`, {
      ...as(members.contributor),
      method: "PUT",
      body: { content: "v2 with a surprise" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      message: "Post submitted for approval",
      data: { status: "pending_approval", content: "v2 with a surprise", approval: { status: "pending" } },
    });
    expect(
      (await call<"GET /api/approvals">("/api/approvals", as(owner))).body.data.approvals.map(
        (a: { postId: string }) => a.postId,
      ),
    ).toEqual([id]);
    await runCron();
    expect((await targetsOf(ws, id)).results.map((t) => t.status)).toEqual(["pending_approval"]);
  });
});
