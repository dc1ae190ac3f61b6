import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildServices } from "../services";
import { call, registerUser } from "../test/helpers";
import { dbOf } from "../test/shards";
import { teammatesOfRows, teammatesQuery } from "./pending-invites";
import { MemberMessages } from "./rules";

type User = Awaited<ReturnType<typeof registerUser>>;

const newEmail = () => `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
const as = (u: User) => ({ token: u.token });

/** A shared workspace created by `owner`. */
async function team(owner: User, name = "Acme Agency") {
  const res = await call<"POST /api/workspaces">("/api/workspaces", {
    ...as(owner),
    body: { name, timezone: "Europe/Paris" },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** Invites by email and returns the token from the link in the dev mailbox. */
async function invite(owner: User, ws: string, email: string, role = "editor") {
  const res = await call<"POST /api/workspaces/:id/invites">(`/api/workspaces/${ws}/invites`, {
    ...as(owner),
    body: { email, role },
  });
  expect(res.status, res.body.message).toBe(201);
  const mail = await env.DB.prepare(
    "SELECT subject, text FROM dev_mailbox WHERE to_address = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
  )
    .bind(email)
    .first<{ subject: string; text: string }>();
  expect(mail!.subject).toContain("Acme Agency");
  return /\/invite\/([\w-]+)/.exec(mail!.text)![1]!;
}

const membersOf = async (ws: string) =>
  (
    await env.DB.prepare("SELECT user_id, role FROM workspace_members WHERE workspace_id = ? ORDER BY joined_at")
      .bind(ws)
      .all<{ user_id: string; role: string }>()
  ).results;

describe("invitations", () => {
  it("a new user signs up with the invited address and joins with the invited role; the link works once", async () => {
    const owner = await registerUser();
    const ws = await team(owner);
    const email = newEmail();
    const token = await invite(owner, ws, email, "editor");
    expect((await call<"GET /api/invites/:token">(`/api/invites/${token}`)).body.data).toEqual({
      workspaceName: "Acme Agency",
      email,
      role: "editor",
      state: "pending",
    });

    const invitee = await registerUser({ email });
    const accepted = await call<"POST /api/invites/:token/accept">(`/api/invites/${token}/accept`, {
      ...as(invitee),
      method: "POST",
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ id: ws, name: "Acme Agency", role: "editor", personal: false });
    expect(accepted.headers.get("Set-Cookie")).toContain(`pl_workspace=${ws}`);
    expect(await membersOf(ws)).toEqual([
      { user_id: owner.user.id, role: "owner" },
      { user_id: invitee.user.id, role: "editor" },
    ]);

    const again = await call<"POST /api/invites/:token/accept">(`/api/invites/${token}/accept`, {
      ...as(invitee),
      method: "POST",
    });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ success: false, message: MemberMessages.inviteUsed });
    expect((await call<"GET /api/invites/:token">(`/api/invites/${token}`)).body.data.state).toBe("used");
  });

  it("the invitation comes from the workspace in its brand: its name on the text, its colour and the link as a button", async () => {
    const owner = await registerUser();
    const ws = await team(owner, "Acme Bakery");
    const brand = await call("/api/brand", {
      ...as(owner),
      headers: { "X-Workspace-Id": ws },
      method: "PUT",
      body: { color: "#0f766e" },
    });
    expect(brand.status).toBe(200);
    const email = newEmail();
    await call(`/api/workspaces/${ws}/invites`, { ...as(owner), body: { email, role: "viewer" } });
    const mail = await env.DB.prepare("SELECT subject, text, html FROM dev_mailbox WHERE to_address = ?")
      .bind(email)
      .first<{ subject: string; text: string; html: string }>();
    expect(mail!.subject).toBe(`${owner.user.displayName} invited you to Acme Bakery on Postline`);
    const url = /Accept the invitation: (\S+\/invite\/[\w-]+)/.exec(mail!.text)![1]!;
    expect(mail!.text.startsWith("Acme Bakery\n\n")).toBe(true);
    expect(mail!.text).toContain("as viewer.");
    expect(mail!.html).toContain("background:#0f766e;color:#ffffff");
    expect(mail!.html).toContain(`<a href="${url}" style="display:inline-block;background:#0f766e`);
  });

  it("refuses a different address and an expired link, and nobody joins", async () => {
    const owner = await registerUser();
    const ws = await team(owner);
    const email = newEmail();
    const token = await invite(owner, ws, email);
    const other = await registerUser();
    const wrong = await call<"POST /api/invites/:token/accept">(`/api/invites/${token}/accept`, {
      ...as(other),
      method: "POST",
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(MemberMessages.inviteEmail);

    const invitee = await registerUser({ email });
    await env.DB.prepare("UPDATE workspace_invites SET expires_at = ? WHERE workspace_id = ?")
      .bind(Date.now() - 1, ws)
      .run();
    const late = await call<"POST /api/invites/:token/accept">(`/api/invites/${token}/accept`, {
      ...as(invitee),
      method: "POST",
    });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(MemberMessages.inviteExpired);
    expect(await membersOf(ws)).toEqual([{ user_id: owner.user.id, role: "owner" }]);
    expect(
      (
        await call<"POST /api/invites/:token/accept">(`/api/invites/not-a-real-token/accept`, {
          ...as(invitee),
          method: "POST",
        })
      ).status,
    ).toBe(404);
  });

  it("the dashboard's teammates are the other members and the pending invitations, not an accepted or expired one", async () => {
    const owner = await registerUser();
    const ws = await team(owner);
    const { workspaces, directory } = buildServices(env);
    // The dashboard page reads them in the session's batch for the workspace its cookie names and the personal one.
    const onPage = async (among: string | null) =>
      teammatesOfRows(await directory.all(teammatesQuery(owner.user.id, among, Date.now())));
    const counted = async () => {
      const n = await workspaces.teammates(ws);
      expect(Object.fromEntries(await onPage(ws))).toEqual({ [ws]: n, [owner.user.id]: 0 });
      return n;
    };
    expect(await counted()).toBe(0);
    const joining = newEmail();
    const token = await invite(owner, ws, joining);
    await invite(owner, ws, newEmail());
    const lapsing = newEmail();
    await invite(owner, ws, lapsing);
    expect(await counted()).toBe(3);
    // Without a cookie the page shows the personal workspace; one the user is not in reads nothing.
    expect([...(await onPage(null)).keys()]).toEqual([owner.user.id]);
    const stranger = await registerUser();
    expect([...(await onPage(stranger.user.id)).keys()]).toEqual([owner.user.id]);
    await env.DB.prepare("UPDATE workspace_invites SET expires_at = ? WHERE workspace_id = ? AND email = ?")
      .bind(Date.now() - 1, ws, lapsing)
      .run();
    expect(await counted()).toBe(2);
    const invitee = await registerUser({ email: joining });
    const accepted = await call<"POST /api/invites/:token/accept">(`/api/invites/${token}/accept`, {
      ...as(invitee),
      method: "POST",
    });
    expect(accepted.status).toBe(200);
    // The accepted invitation is now a member, counted once.
    expect(await counted()).toBe(2);
    expect(await workspaces.teammates(owner.user.id)).toBe(0);
  });

  it("an admin cannot invite an owner; a contributor cannot invite at all", async () => {
    const owner = await registerUser();
    const ws = await team(owner);
    const admin = await registerUser({ email: newEmail() });
    await call<"POST /api/invites/:token/accept">(
      `/api/invites/${await invite(owner, ws, admin.email, "admin")}/accept`,
      {
        ...as(admin),
        method: "POST",
      },
    );
    const asOwner = await call<"POST /api/workspaces/:id/invites">(`/api/workspaces/${ws}/invites`, {
      ...as(admin),
      body: { email: newEmail(), role: "owner" },
    });
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.message).toBe(MemberMessages.ownerOnly);
    const contributor = await registerUser({ email: newEmail() });
    await call<"POST /api/invites/:token/accept">(
      `/api/invites/${await invite(owner, ws, contributor.email, "contributor")}/accept`,
      {
        ...as(contributor),
        method: "POST",
      },
    );
    const refused = await call<"POST /api/workspaces/:id/invites">(`/api/workspaces/${ws}/invites`, {
      ...as(contributor),
      body: { email: newEmail(), role: "viewer" },
    });
    expect(refused.body).toEqual({ success: false, message: "Your role (contributor) cannot do this in Acme Agency." });
  });
});

describe("members", () => {
  it("a removed member is refused at once; the last owner can neither leave nor be demoted until ownership moves", async () => {
    const owner = await registerUser();
    const ws = await team(owner);
    const member = await registerUser({ email: newEmail() });
    await call<"POST /api/invites/:token/accept">(
      `/api/invites/${await invite(owner, ws, member.email, "admin")}/accept`,
      {
        ...as(member),
        method: "POST",
      },
    );

    const leave = await call<"POST /api/workspaces/:id/leave">(`/api/workspaces/${ws}/leave`, {
      ...as(owner),
      method: "POST",
    });
    expect(leave.status).toBe(409);
    expect(leave.body.message).toBe(MemberMessages.lastOwner);
    expect(
      (
        await call<"PATCH /api/workspaces/:id/members/:userId">(`/api/workspaces/${ws}/members/${owner.user.id}`, {
          ...as(owner),
          method: "PATCH",
          body: { role: "editor" },
        })
      ).status,
    ).toBe(409);

    const transfer = await call<"POST /api/workspaces/:id/transfer">(`/api/workspaces/${ws}/transfer`, {
      ...as(owner),
      body: { userId: member.user.id },
    });
    expect(transfer.status).toBe(200);
    expect(await membersOf(ws)).toEqual([
      { user_id: owner.user.id, role: "admin" },
      { user_id: member.user.id, role: "owner" },
    ]);
    expect(
      (await call<"POST /api/workspaces/:id/leave">(`/api/workspaces/${ws}/leave`, { ...as(owner), method: "POST" }))
        .status,
    ).toBe(200);
    expect((await call<"GET /api/workspaces/:id">(`/api/workspaces/${ws}`, as(owner))).status).toBe(404);

    const editor = await registerUser({ email: newEmail() });
    await call<"POST /api/invites/:token/accept">(
      `/api/invites/${await invite(member, ws, editor.email, "editor")}/accept`,
      {
        ...as(editor),
        method: "POST",
      },
    );
    expect(
      (await call<"GET /api/workspaces/:id/members">(`/api/workspaces/${ws}/members`, as(editor))).body.data.members,
    ).toHaveLength(2);
    const removed = await call<"DELETE /api/workspaces/:id/members/:userId">(
      `/api/workspaces/${ws}/members/${editor.user.id}`,
      { ...as(member), method: "DELETE" },
    );
    expect(removed.status).toBe(200);
    const after = await call<"GET /api/posts">("/api/posts", { ...as(editor), headers: { "X-Workspace-Id": ws } });
    expect(after.status).toBe(404);
    expect((await call<"GET /api/workspaces/:id/members">(`/api/workspaces/${ws}/members`, as(editor))).status).toBe(
      404,
    );
  });

  it("settings: an admin changes name, timezone and approval; an editor cannot; only a shared workspace can be deleted", async () => {
    const owner = await registerUser();
    const ws = await team(owner);
    const editor = await registerUser({ email: newEmail() });
    await call<"POST /api/invites/:token/accept">(
      `/api/invites/${await invite(owner, ws, editor.email, "editor")}/accept`,
      {
        ...as(editor),
        method: "POST",
      },
    );
    const saved = await call<"PATCH /api/workspaces/:id">(`/api/workspaces/${ws}`, {
      ...as(owner),
      method: "PATCH",
      body: { name: "Acme", timezone: "America/Chicago", approvalRequired: true },
    });
    expect(saved.body.data).toMatchObject({
      name: "Acme",
      timezone: "America/Chicago",
      approvalRequired: true,
      role: "owner",
    });
    expect(
      (
        await call<"PATCH /api/workspaces/:id">(`/api/workspaces/${ws}`, {
          ...as(editor),
          method: "PATCH",
          body: { name: "Mine" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call<"PATCH /api/workspaces/:id">(`/api/workspaces/${ws}`, {
          ...as(owner),
          method: "PATCH",
          body: { timezone: "Mars/Base" },
        })
      ).body.message,
    ).toBe("Please choose a valid timezone");
    const personal = await call<"DELETE /api/workspaces/:id">(`/api/workspaces/${owner.user.id}`, {
      ...as(owner),
      method: "DELETE",
    });
    expect(personal.status).toBe(409);
    expect(personal.body.message).toBe(MemberMessages.personal);
    // What deletion removes (Settings says so before asking): the workspace's rows on its shard too.
    const label = await call("/api/labels", {
      ...as(owner),
      headers: { "X-Workspace-Id": ws },
      body: { name: "Spring", color: "#c53030" },
    });
    expect(label.status).toBe(201);
    const shard = await dbOf(ws);
    const rowsIn = async (table: string) =>
      (await shard
        .prepare(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = ?`)
        .bind(ws)
        .first<{ n: number }>())!.n;
    expect([await rowsIn("labels"), (await rowsIn("activity_log")) > 0]).toEqual([1, true]);
    expect(
      (await call<"DELETE /api/workspaces/:id">(`/api/workspaces/${ws}`, { ...as(owner), method: "DELETE" })).status,
    ).toBe(200);
    expect(await membersOf(ws)).toEqual([]);
    expect([await rowsIn("labels"), await rowsIn("activity_log")]).toEqual([0, 0]);
    expect(
      (await call<"GET /api/workspaces">("/api/workspaces", as(editor))).body.data.workspaces.map(
        (w: { id: string }) => w.id,
      ),
    ).toEqual([editor.user.id]);
  });
});
