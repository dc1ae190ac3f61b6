import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Role } from "../tenancy/roles";
import { insertAccount } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { addMember, dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;

/** Members are added with SQL here; the members API has its own tests. */
const join = (workspaceId: string, u: User, role: Role) => addMember(workspaceId, u.user.id, role);
const postsIn = async (workspaceId: string) =>
  (await (
    await dbOf(workspaceId)
  )
    .prepare("SELECT count(*) AS n FROM posts WHERE workspace_id = ?")
    .bind(workspaceId)
    .first<{ n: number }>())!.n;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

/** An owner's workspace with a LinkedIn account and one scheduled post of the owner's. */
async function ownerWorkspace() {
  const owner = await registerUser({ displayName: "Olga", timezone: "Asia/Tokyo" });
  const account = await insertAccount(owner.user.id, "linkedin");
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "team.jpg"));
  const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: owner.token, body: form })).body
    .data[0].id as string;
  // A post body for the shared LinkedIn account, with the workspace's image.
  const body = (fields: Record<string, unknown>) => ({
    platforms: ["linkedin"],
    selectedAccounts: { linkedin: [account] },
    images: [image],
    ...fields,
  });
  const post = await call<"POST /api/posts">("/api/posts", {
    token: owner.token,
    body: body({ content: "Owner's plan", status: "scheduled", scheduledDate: tomorrow() }),
  });
  expect(post.status, post.body.message).toBe(201);
  return { owner, ws: owner.user.id, account, body, postId: post.body.data._id as string };
}

describe("the workspace of a request", () => {
  it("is the personal one by default: sign-up made the user its owner, in their timezone", async () => {
    const u = await registerUser({ displayName: "Ann", timezone: "Europe/Berlin" });
    const me = await call<"GET /api/auth/me">("/api/auth/me", { token: u.token });
    expect(me.body.data.workspace).toMatchObject({
      id: u.user.id,
      name: "Ann's workspace",
      timezone: "Europe/Berlin",
      role: "owner",
      approvalRequired: false,
    });
  });

  it("a workspace named by header that the caller is not in answers 404 and shows nothing", async () => {
    const { ws } = await ownerWorkspace();
    const stranger = await registerUser();
    const res = await call<"GET /api/posts">("/api/posts", {
      token: stranger.token,
      headers: { "X-Workspace-Id": ws },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: "The requested resource was not found." });
  });

  it("a member acts in the shared workspace by header or cookie; a stale cookie falls back to the personal one", async () => {
    const { ws, postId } = await ownerWorkspace();
    const editor = await registerUser();
    await join(ws, editor, "editor");
    const byHeader = await call<"GET /api/posts">("/api/posts", {
      token: editor.token,
      headers: { "X-Workspace-Id": ws },
    });
    expect(byHeader.body.data.posts.map((p: { _id: string }) => p._id)).toEqual([postId]);
    const byCookie = await call<"GET /api/posts">("/api/posts", { cookie: `${editor.cookie}; pl_workspace=${ws}` });
    expect(byCookie.body.data.posts.map((p: { _id: string }) => p._id)).toEqual([postId]);
    const personal = await call<"GET /api/posts">("/api/posts", { token: editor.token });
    expect(personal.body.data.posts).toEqual([]);
    const stale = await call<"GET /api/auth/me">("/api/auth/me", {
      cookie: `${editor.cookie}; pl_workspace=${crypto.randomUUID()}`,
    });
    expect(stale.body.data.workspace).toMatchObject({ id: editor.user.id, role: "owner" });
  });

  it("a mailed notice's link names its workspace: opening it moves the browser there; one not theirs is dropped", async () => {
    const { ws, owner, postId } = await ownerWorkspace();
    const editor = await registerUser({ displayName: "Eddie" });
    await join(ws, editor, "editor");
    const comment = await call<"POST /api/posts/:id/comments">(`/api/posts/${postId}/comments`, {
      token: owner.token,
      body: { body: "@Eddie can you check the date?" },
    });
    expect(comment.status).toBe(201);
    const mail = await env.DB.prepare("SELECT text FROM dev_mailbox WHERE to_address = ?")
      .bind(editor.email)
      .first<{ text: string }>();
    const path = /Open Postline: http:\/\/localhost(\S+)/.exec(mail?.text ?? "")?.[1];
    expect(path).toBe(`/content?post=${postId}&workspace=${ws}`);
    // Eddie's browser is in his own workspace: the link moves it to Olga's, where the post is.
    const opened = await call(path!, { cookie: editor.cookie, redirect: "manual" });
    expect([opened.status, opened.headers.get("Location")]).toEqual([302, `/content?post=${postId}`]);
    expect(opened.headers.get("Set-Cookie")).toContain(`pl_workspace=${ws};`);
    const stranger = await registerUser();
    const dropped = await call(path!, { cookie: stranger.cookie, redirect: "manual" });
    expect([dropped.status, dropped.headers.get("Location")]).toEqual([302, `/content?post=${postId}`]);
    expect(dropped.headers.get("Set-Cookie")).toBeNull();
  });

  it("new posts default to the workspace's timezone, and the author is the member who wrote it", async () => {
    const { ws, body } = await ownerWorkspace();
    const editor = await registerUser({ timezone: "America/New_York" });
    await join(ws, editor, "editor");
    // A month ahead (posts are refused beyond two years); Tokyo has no DST, so 09:00 there is 00:00 UTC.
    const localDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: editor.token,
      headers: { "X-Workspace-Id": ws },
      body: body({ content: "Team post", status: "scheduled", scheduledDate: { localDate, localTime: "09:00" } }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ timezone: "Asia/Tokyo", scheduledDate: `${localDate}T00:00:00.000Z` });
    const row = await (await dbOf(ws))
      .prepare("SELECT workspace_id, user_id FROM posts WHERE id = ?")
      .bind(res.body.data._id)
      .first();
    expect(row).toEqual({ workspace_id: ws, user_id: editor.user.id });
  });

  it("a removed member is refused at once, with the same session", async () => {
    const { ws } = await ownerWorkspace();
    const member = await registerUser();
    await join(ws, member, "admin");
    expect(
      (await call<"GET /api/accounts">("/api/accounts", { token: member.token, headers: { "X-Workspace-Id": ws } }))
        .status,
    ).toBe(200);
    await env.DB.prepare("DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?")
      .bind(ws, member.user.id)
      .run();
    const after = await call<"GET /api/accounts">("/api/accounts", {
      token: member.token,
      headers: { "X-Workspace-Id": ws },
    });
    expect(after.status).toBe(404);
    expect(after.body.data).toBeUndefined();
  });
});

describe("the posts list, read in one batch with the membership (ADR 050)", () => {
  const ids = (res: { body: { data: { posts: { _id: string }[] } } }) => res.body.data.posts.map((p) => p._id);

  it("a cookie naming a workspace the caller is not in lists their personal posts, never the named one's", async () => {
    const { ws, postId } = await ownerWorkspace();
    const stranger = await registerUser();
    const res = await call<"GET /api/posts">("/api/posts", { cookie: `${stranger.cookie}; pl_workspace=${ws}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ posts: [], pagination: { total: 0 } });
    expect(JSON.stringify(res.body)).not.toContain(postId);
    // A member removed with the same cookie falls back the same way.
    const former = await registerUser();
    await join(ws, former, "viewer");
    const cookie = `${former.cookie}; pl_workspace=${ws}`;
    expect(ids(await call<"GET /api/posts">("/api/posts", { cookie }))).toEqual([postId]);
    await env.DB.prepare("DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?")
      .bind(ws, former.user.id)
      .run();
    expect(ids(await call<"GET /api/posts">("/api/posts", { cookie }))).toEqual([]);
  });

  it("an API key lists its own workspace's posts, whatever workspace the request names", async () => {
    const { owner, postId } = await ownerWorkspace();
    // The key's owner is also in another workspace, which the request names.
    const other = await registerUser();
    await join(other.user.id, owner, "owner");
    const created = await call<"POST /api/keys">("/api/keys", {
      token: owner.token,
      body: { name: "n8n", scopes: ["read"] },
    });
    const token = created.body.data.token as string;
    const named = await call<"GET /api/posts">("/api/posts", { token, headers: { "X-Workspace-Id": other.user.id } });
    expect(ids(named)).toEqual([postId]);
  });
});

describe("roles decided on the server", () => {
  it("a viewer reads everything but changes nothing (403 naming the role and the workspace)", async () => {
    const { ws, postId, account, body } = await ownerWorkspace();
    const viewer = await registerUser();
    await join(ws, viewer, "viewer");
    const as = { token: viewer.token, headers: { "X-Workspace-Id": ws } };
    expect((await call<"GET /api/posts/:id">(`/api/posts/${postId}`, as)).status).toBe(200);
    expect((await call<"GET /api/analytics/overview">("/api/analytics/overview", as)).status).toBe(200);
    const refused = "Your role (viewer) cannot do this in Olga's workspace.";
    for (const [path, method, payload] of [
      ["/api/posts", "POST", body({ content: "Viewer draft" })],
      [`/api/posts/${postId}`, "PUT", { content: "changed" }],
      [`/api/posts/${postId}`, "DELETE", undefined],
      [`/api/accounts/${account}`, "DELETE", undefined],
      ["/api/ai/generate-content", "POST", { prompt: "x", platform: "linkedin" }],
    ] as const) {
      const res = await call(path, { ...as, method, body: payload });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ success: false, message: refused });
    }
    expect(await postsIn(ws)).toBe(1);
    expect((await call<"GET /api/posts/:id">(`/api/posts/${postId}`, as)).body.data.content).toBe("Owner's plan");
  });

  it("a contributor writes and edits their own drafts, but cannot publish or touch others' posts (scheduling submits for approval)", async () => {
    const { ws, postId, body } = await ownerWorkspace();
    const contributor = await registerUser();
    await join(ws, contributor, "contributor");
    const as = { token: contributor.token, headers: { "X-Workspace-Id": ws } };
    const draft = await call<"POST /api/posts">("/api/posts", { ...as, body: body({ content: "My draft" }) });
    expect(draft.status).toBe(201);
    expect(draft.body.data.status).toBe("draft");
    const id = draft.body.data._id;
    expect(
      (
        await call<"PUT /api/posts/:id">(`/api/posts/${id}`, {
          ...as,
          method: "PUT",
          body: { content: "My better draft" },
        })
      ).status,
    ).toBe(200);
    const message = "Your role (contributor) cannot do this in Olga's workspace.";
    expect(
      (await call<"POST /api/posts/:id/publish">(`/api/posts/${id}/publish`, { ...as, method: "POST" })).status,
    ).toBe(403);
    expect(
      (await call<"PUT /api/posts/:id">(`/api/posts/${postId}`, { ...as, method: "PUT", body: { content: "hijack" } }))
        .body,
    ).toEqual({
      success: false,
      message,
    });
    expect((await call<"DELETE /api/posts/:id">(`/api/posts/${postId}`, { ...as, method: "DELETE" })).status).toBe(403);
    expect(await postsIn(ws)).toBe(2);
    expect((await call<"GET /api/posts/:id">(`/api/posts/${id}`, as)).body.data).toMatchObject({
      content: "My better draft",
      status: "draft",
    });
    expect((await call<"DELETE /api/posts/:id">(`/api/posts/${id}`, { ...as, method: "DELETE" })).status).toBe(200);
    expect(await postsIn(ws)).toBe(1);
    const schedule = await call<"POST /api/posts">("/api/posts", {
      ...as,
      body: body({ content: "Please approve", status: "scheduled", scheduledDate: tomorrow() }),
    });
    expect(schedule.body).toMatchObject({
      message: "Post submitted for approval",
      data: { status: "pending_approval" },
    });
  });
});
