import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  type Action,
  archivedRefusal,
  can,
  ensureCan,
  postWriteActions,
  ROLES,
  type Role,
  refusals,
} from "./roles";

const allowed = (role: Role) => ACTIONS.filter((a) => can(role, a));

describe("can(role, action)", () => {
  it("a viewer only reads (and may leave)", () => {
    expect(allowed("viewer")).toEqual(["workspace.read", "workspace.leave"]);
  });

  it("a contributor writes drafts, comments, uploads, uses AI and triages the inbox, but cannot publish, reply, manage others' work, accounts or members", () => {
    expect(allowed("contributor")).toEqual([
      "workspace.read",
      "workspace.leave",
      "posts.write",
      "posts.comment",
      "media.upload",
      "ai.use",
      "notifications.dismiss",
      "inbox.triage",
    ]);
    expect(can("contributor", "inbox.reply")).toBe(false);
  });

  it("an editor does everything with posts, media and the schedule, nothing with accounts, members or settings", () => {
    for (const a of [
      "posts.write",
      "posts.manage",
      "posts.publish",
      "posts.approve",
      "media.upload",
      "media.manage",
      "analytics.manage",
      "inbox.reply",
    ] as Action[])
      expect(can("editor", a), a).toBe(true);
    for (const a of [
      "accounts.manage",
      "members.manage",
      "workspace.settings",
      "workspace.delete",
      "workspace.transfer",
    ] as Action[])
      expect(can("editor", a), a).toBe(false);
  });

  it("an admin adds accounts, members, webhooks and settings and reads the activity log; only the owner deletes or transfers the workspace", () => {
    expect(ACTIONS.filter((a) => can("owner", a) && !can("admin", a))).toEqual([
      "workspace.delete",
      "workspace.transfer",
    ]);
    expect(ACTIONS.filter((a) => can("admin", a) && !can("editor", a))).toEqual([
      "accounts.manage",
      "members.manage",
      "webhooks.manage",
      "workspace.settings",
      "activity.read",
    ]);
  });

  it("each role holds everything the role below it holds", () => {
    for (let i = 1; i < ROLES.length; i++) {
      for (const a of allowed(ROLES[i]!)) expect(can(ROLES[i - 1]!, a), `${ROLES[i - 1]} ${a}`).toBe(true);
    }
  });
});

describe("postWriteActions", () => {
  it("asks posts.manage for someone else's post and posts.publish for a write that schedules", () => {
    expect(postWriteActions({ own: true, schedules: false })).toEqual(["posts.write"]);
    expect(postWriteActions({ own: false, schedules: false })).toEqual(["posts.write", "posts.manage"]);
    expect(postWriteActions({ own: true, schedules: true })).toEqual(["posts.write", "posts.publish"]);
    expect(postWriteActions({ own: true, schedules: true }).every((a) => can("contributor", a))).toBe(false);
  });
});

describe("an archived workspace (ADR 078)", () => {
  const archived = { role: "owner" as const, name: "Acme", archived: true };
  it("lets its members read and leave, and its owners unarchive, transfer or delete; nothing else", () => {
    for (const action of ["workspace.read", "workspace.leave", "activity.read", "workspace.delete"] as const)
      expect(() => ensureCan(archived, action), action).not.toThrow();
    for (const action of ["posts.write", "posts.publish", "workspace.settings", "members.manage"] as const)
      expect(() => ensureCan(archived, action), action).toThrow(
        "Acme is archived, so it is read-only. An owner can unarchive it in Settings → Workspace.",
      );
  });

  it("still refuses by role first", () => {
    expect(() => ensureCan({ ...archived, role: "viewer" }, "workspace.delete")).toThrow(
      "Your role (viewer) cannot do this in Acme.",
    );
  });
});

describe("refusals(workspace)", () => {
  it("names only what the role may not do, in the 403's words and who can grant it", () => {
    const viewer = refusals({ role: "viewer", name: "Oven" });
    expect(Object.keys(viewer)).toEqual(ACTIONS.filter((a) => !can("viewer", a)));
    expect(viewer["posts.write"]).toBe(
      "Your role (viewer) cannot do this in Oven. Ask an owner or admin for the contributor role.",
    );
    expect(viewer["members.manage"]).toBe(
      "Your role (viewer) cannot do this in Oven. Ask an owner for the admin role.",
    );
    expect(viewer["workspace.delete"]).toBe("Your role (viewer) cannot do this in Oven.");
    expect(refusals({ role: "owner", name: "Oven" })).toEqual({});
  });

  it("in an archived workspace every change is refused with the archive's words, whatever the role", () => {
    const owner = refusals({ role: "owner", name: "Oven", archived: true });
    expect(owner["posts.write"]).toBe(archivedRefusal("Oven"));
    expect(owner["workspace.read"]).toBeUndefined();
    expect(owner["workspace.delete"]).toBeUndefined();
    expect(refusals({ role: "viewer", name: "Oven", archived: true })["posts.write"]).toBe(archivedRefusal("Oven"));
  });
});
