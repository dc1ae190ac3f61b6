import type { Context } from "hono";
import { Hono } from "hono";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { claimMarkOf, idempotent } from "../http/idempotency";
import { describeRoute, noData } from "../http/route-registry";
import { readJson } from "../http/validate";
import { requirePermission, SELF, workspaceCookie } from "../tenancy/middleware";
import { MemberMessages } from "./rules";
import { Data, inviteInput, roleInput, transferInput, workspaceInput, workspacePatch } from "./schemas";

const tag = "Workspaces";
const base = "/api/workspaces";
const d = describeRoute;
d({
  method: "get",
  path: base,
  tag,
  summary: "The caller's workspaces, each with the caller's role",
  data: Data.workspaces,
});
d({
  method: "post",
  path: base,
  idempotent: true,
  tag,
  summary: "Create a workspace (the caller becomes its owner)",
  body: workspaceInput,
  data: Data.workspace,
  status: 201,
});
d({
  method: "get",
  path: `${base}/{id}`,
  tag,
  summary: "A workspace's settings and the caller's role",
  data: Data.workspace,
});
d({
  method: "patch",
  path: `${base}/{id}`,
  tag,
  summary: "Change name, timezone (new posts default to it) or approval required (admin)",
  body: workspacePatch,
  data: Data.workspace,
});
d({
  method: "delete",
  path: `${base}/{id}`,
  tag,
  summary: "Delete the workspace and everything in it (owner; not a personal workspace)",
  data: noData,
  // A personal workspace.
  errors: [409],
});
d({
  method: "post",
  path: `${base}/{id}/switch`,
  tag,
  summary: "Make it the browser's workspace (sets the pl_workspace cookie)",
  data: Data.workspace,
});
d({ method: "get", path: `${base}/{id}/members`, tag, summary: "Members and their roles", data: Data.members });
d({
  method: "patch",
  path: `${base}/{id}/members/{userId}`,
  tag,
  summary: "Change a member's role (admin; owners only by an owner)",
  body: roleInput,
  data: Data.member,
  // The last owner.
  errors: [409],
});
d({
  method: "delete",
  path: `${base}/{id}/members/{userId}`,
  tag,
  summary: "Remove a member: their sessions lose access at once",
  data: noData,
  // The last owner.
  errors: [409],
});
d({
  method: "post",
  path: `${base}/{id}/leave`,
  tag,
  summary: "Leave the workspace (the last owner cannot)",
  data: noData,
  errors: [409],
});
d({
  method: "post",
  path: `${base}/{id}/transfer`,
  tag,
  summary: "Make another member the owner; the caller becomes an admin",
  body: transferInput,
  data: Data.members,
});
d({ method: "get", path: `${base}/{id}/invites`, tag, summary: "Pending invitations", data: Data.invites });
d({
  method: "post",
  path: `${base}/{id}/invites`,
  idempotent: true,
  tag,
  summary: "Invite by email: a single-use link valid for 7 days",
  body: inviteInput,
  data: Data.invite,
  status: 201,
});
d({
  method: "delete",
  path: `${base}/{id}/invites/{inviteId}`,
  tag,
  summary: "Withdraw a pending invitation",
  data: noData,
});
d({
  method: "post",
  path: `${base}/{id}/archive`,
  tag,
  summary: "Archive the workspace (owner): read-only and out of the switcher; refused while posts are scheduled",
  data: Data.workspace,
  errors: [409],
});
d({
  method: "post",
  path: `${base}/{id}/unarchive`,
  tag,
  summary: "Unarchive the workspace (owner): it can be changed again",
  data: Data.workspace,
  errors: [409],
});
d({
  method: "get",
  path: "/api/invites/{token}",
  tag,
  summary: "What an invitation is for (workspace, address, role, state)",
  data: Data.preview,
  auth: false,
});
d({
  method: "post",
  path: "/api/invites/{token}/accept",
  tag,
  summary: "Join with the invited role (signed in with the invited address); switches to the workspace",
  data: Data.workspace,
  // The invitation was used or has expired.
  errors: [410],
});

/** The browser's choice of workspace (the switcher, an accepted invitation). */
function switchTo(c: Context, workspaceId: string) {
  c.header("Set-Cookie", workspaceCookie(workspaceId, c.req.url), { append: true });
}

/**
 * The answers from the work a request's claim was marked with, for the retry of a request that died before
 * answering (ADR 125). Both works are in the directory, so their keys are claimed there.
 */
const answers = {
  created: async (c: Context<SignedInEnv>, id: string) =>
    ok(c, await c.var.services.workspaces.created(id), "Workspace created", 201),
  invited: async (c: Context<SignedInEnv>, id: string) => {
    const invite = await c.var.services.workspaces.finishInvitation(c.var.workspace, id);
    return ok(c, invite, `Invitation sent to ${invite.email}`, 201);
  },
};

/** /api/workspaces: the workspace named in the path is the request's workspace (resolveWorkspace). */
export const workspaceRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission(SELF), async (c) =>
    ok(c, { workspaces: await c.var.services.workspaces.listMine(c.var.auth.user.id) }),
  )
  .post("/", requirePermission(SELF), idempotent(answers.created, { on: "directory" }), async (c) => {
    const input = await readJson(c, workspaceInput);
    const created = await c.var.services.workspaces.create(c.var.auth.user.id, input, claimMarkOf(c));
    return ok(c, created, "Workspace created", 201);
  })
  .get("/:id", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.workspaces.get(c.var.workspace)),
  )
  .patch("/:id", requirePermission("workspace.settings"), async (c) => {
    const patch = await readJson(c, workspacePatch);
    return ok(
      c,
      await c.var.services.workspaces.update(c.var.workspace, c.var.auth.user.id, patch),
      "Workspace settings saved",
    );
  })
  .delete("/:id", requirePermission("workspace.delete"), async (c) => {
    await c.var.services.workspaces.remove(c.var.workspace);
    return ok(c, null, "Workspace deleted");
  })
  .post("/:id/archive", requirePermission("workspace.delete"), async (c) =>
    ok(c, await c.var.services.workspaces.archive(c.var.workspace, c.var.auth.user.id, true), "Workspace archived"),
  )
  .post("/:id/unarchive", requirePermission("workspace.delete"), async (c) =>
    ok(c, await c.var.services.workspaces.archive(c.var.workspace, c.var.auth.user.id, false), "Workspace unarchived"),
  )
  .post("/:id/switch", requirePermission("workspace.read"), async (c) => {
    switchTo(c, c.var.workspace.id);
    return ok(c, await c.var.services.workspaces.get(c.var.workspace), `Switched to ${c.var.workspace.name}`);
  })
  .get("/:id/members", requirePermission("workspace.read"), async (c) =>
    ok(c, { members: await c.var.services.workspaces.members(c.var.workspace.id) }),
  )
  .patch("/:id/members/:userId", requirePermission("members.manage"), async (c) => {
    const { role } = await readJson(c, roleInput);
    return ok(
      c,
      await c.var.services.workspaces.changeRole(c.var.workspace, c.var.auth.user.id, c.req.param("userId"), role),
      "Role changed",
    );
  })
  .delete("/:id/members/:userId", requirePermission("members.manage"), async (c) => {
    await c.var.services.workspaces.removeMember(c.var.workspace, c.var.auth.user.id, c.req.param("userId"));
    return ok(c, null, "Member removed");
  })
  .post("/:id/leave", requirePermission("workspace.leave"), async (c) => {
    await c.var.services.workspaces.leave(c.var.workspace, c.var.auth.user.id);
    return ok(c, null, `You left ${c.var.workspace.name}`);
  })
  .post("/:id/transfer", requirePermission("workspace.transfer"), async (c) => {
    const { userId } = await readJson(c, transferInput);
    return ok(
      c,
      { members: await c.var.services.workspaces.transfer(c.var.workspace, c.var.auth.user.id, userId) },
      "Ownership transferred",
    );
  })
  .get("/:id/invites", requirePermission("members.manage"), async (c) =>
    ok(c, { invites: await c.var.services.workspaces.pendingInvites(c.var.workspace.id) }),
  )
  .post(
    "/:id/invites",
    requirePermission("members.manage"),
    idempotent(answers.invited, { on: "directory" }),
    async (c) => {
      const input = await readJson(c, inviteInput);
      const invite = await c.var.services.workspaces.invite(c.var.workspace, c.var.auth.user, input, claimMarkOf(c));
      return ok(c, invite, `Invitation sent to ${invite.email}`, 201);
    },
  )
  .delete("/:id/invites/:inviteId", requirePermission("members.manage"), async (c) => {
    await c.var.services.workspaces.revokeInvite(c.var.workspace, c.var.auth.user.id, c.req.param("inviteId"));
    return ok(c, null, "Invitation withdrawn");
  });

/** /api/invites/{token}: the invite page's preview (no session needed) and accepting it. */
export const inviteRoutes = new Hono<SignedInEnv>()
  .get("/:token", async (c) => ok(c, await c.var.services.workspaces.preview(c.req.param("token"))))
  .post("/:token/accept", requirePermission(SELF), async (c) => {
    const joined = await c.var.services.workspaces.accept(c.req.param("token"), c.var.auth.user);
    // The browser switches to the workspace it just joined.
    switchTo(c, joined.id);
    return ok(c, joined, MemberMessages.joined(joined.name));
  });
