import { ROLES, type Role } from "../db/schema/value-lists";
import { Forbidden } from "../errors";

export { ROLES, type Role };

/**
 * What a member may do in a workspace, decided on the server for every /api route (each route declares
 * its action with `requirePermission`). Pure, so the UI can hide what a role cannot do with the same table.
 */
export const ACTIONS = [
  /** Read anything in the workspace: posts, media, accounts, analytics, members. */
  "workspace.read",
  /** Leave the workspace (every member may; the last owner is refused by the rules). */
  "workspace.leave",
  /** Create drafts and edit or delete one's own drafts. */
  "posts.write",
  /** Edit or delete any member's post. */
  "posts.manage",
  /** Schedule, publish now, retry or confirm a channel, trigger the scheduler. */
  "posts.publish",
  /** Approve or reject submitted posts; share posts with a client for approval (ADR 016). */
  "posts.approve",
  /** Comment on a post and @mention members: whoever writes posts may discuss them; viewers only read. */
  "posts.comment",
  "media.upload",
  /** Edit or delete any file in the library. */
  "media.manage",
  "ai.use",
  /** Sync analytics now, set up scheduled reports. */
  "analytics.manage",
  /** Dismiss the publishing-failure notices. */
  "notifications.dismiss",
  /** Mark engagement inbox items done or open again, assign them to a member (ADR 069). */
  "inbox.triage",
  /** Answer a comment on the network as the account: public words, so editors and up (ADR 069). */
  "inbox.reply",
  "accounts.manage",
  "members.manage",
  /** Webhook endpoints and their delivery log (which carries the workspace's events). */
  "webhooks.manage",
  "workspace.settings",
  /** Read and export the activity log (who did what, when). */
  "activity.read",
  "workspace.delete",
  "workspace.transfer",
] as const;
export type Action = (typeof ACTIONS)[number];

const VIEWER: readonly Action[] = ["workspace.read", "workspace.leave"];
const CONTRIBUTOR: readonly Action[] = [
  ...VIEWER,
  "posts.write",
  "posts.comment",
  "media.upload",
  "ai.use",
  "notifications.dismiss",
  "inbox.triage",
];
const EDITOR: readonly Action[] = [
  ...CONTRIBUTOR,
  "posts.manage",
  "posts.publish",
  "posts.approve",
  "media.manage",
  "analytics.manage",
  "inbox.reply",
];
const ADMIN: readonly Action[] = [
  ...EDITOR,
  "accounts.manage",
  "members.manage",
  "webhooks.manage",
  "workspace.settings",
  "activity.read",
];
const OWNER: readonly Action[] = [...ADMIN, "workspace.delete", "workspace.transfer"];

const GRANTS: Record<Role, ReadonlySet<Action>> = {
  owner: new Set(OWNER),
  admin: new Set(ADMIN),
  editor: new Set(EDITOR),
  contributor: new Set(CONTRIBUTOR),
  viewer: new Set(VIEWER),
};

export function can(role: Role, action: Action): boolean {
  return GRANTS[role].has(action);
}

/** The 403 message of a refused action. */
export function refusal(role: Role, workspaceName: string): string {
  return `Your role (${role}) cannot do this in ${workspaceName}.`;
}

/** What an archived workspace still allows: reading it, leaving it, and its owners' unarchive, transfer, delete. */
export const ARCHIVED_ALLOWS: readonly Action[] = [
  "workspace.read",
  "workspace.leave",
  "activity.read",
  "workspace.delete",
  "workspace.transfer",
];

/** The 403 message of a change refused because the workspace is archived (ADR 078). */
export const archivedRefusal = (workspaceName: string) =>
  `${workspaceName} is archived, so it is read-only. An owner can unarchive it in Settings → Workspace.`;

/** Whether the member may do `action` here: their role allows it, and the workspace is not archived or it allows it. */
export function allows(workspace: { role: Role; archived?: boolean }, action: Action): boolean {
  return can(workspace.role, action) && !(workspace.archived && !ARCHIVED_ALLOWS.includes(action));
}

/**
 * Refuses (403) an action the member's role cannot do, or any change while the workspace is archived; for the
 * middleware and for checks that depend on the data (whose post).
 */
export function ensureCan(workspace: { role: Role; name: string; archived?: boolean }, action: Action): void {
  if (!can(workspace.role, action)) throw new Forbidden(refusal(workspace.role, workspace.name));
  if (workspace.archived && !ARCHIVED_ALLOWS.includes(action)) throw new Forbidden(archivedRefusal(workspace.name));
}

/**
 * The actions a post write needs: a contributor writes their own drafts; someone else's post needs
 * `posts.manage`; a write that schedules or publishes needs `posts.publish`.
 */
export function postWriteActions(change: { own: boolean; schedules: boolean }): Action[] {
  return [
    "posts.write",
    ...(change.own ? [] : (["posts.manage"] as const)),
    ...(change.schedules ? (["posts.publish"] as const) : []),
  ];
}

/**
 * Why each action the member may not do here is refused, for the pages to hide or disable its controls (ADR 127),
 * in the 403's own words: in an archived workspace the archive's (no role would help), else the role's and who can
 * grant the role that may. Only refused actions are named, so the words live here, not in every page's bundle.
 */
export function refusals(workspace: { role: Role; name: string; archived?: boolean }): Partial<Record<Action, string>> {
  const out: Partial<Record<Action, string>> = {};
  for (const action of ACTIONS) {
    if (workspace.archived && !ARCHIVED_ALLOWS.includes(action)) out[action] = archivedRefusal(workspace.name);
    else if (!can(workspace.role, action)) {
      const lowest = ROLES.findLast((r) => can(r, action))!;
      const granters =
        lowest === "owner" ? "" : ` Ask an owner${lowest === "admin" ? "" : " or admin"} for the ${lowest} role.`;
      out[action] = `${refusal(workspace.role, workspace.name)}${granters}`;
    }
  }
  return out;
}
