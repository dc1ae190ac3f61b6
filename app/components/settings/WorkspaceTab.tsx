import { type ComponentProps, useRef } from "react";
import { useNavigate } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { dangerButton, inputClass, labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { useFormAction } from "~/lib/use-form-action";
import { useHydrated } from "~/lib/use-hydrated";
import type { Label } from "../../../workers/labels/public";
import { can, ROLES } from "../../../workers/tenancy/roles";
import type { WorkspaceService } from "../../../workers/workspaces/index";
import { BrandSection } from "./BrandSection";
import { LabelsSection } from "./LabelsSection";
import type { Notify } from "./NotificationBanner";
import { RowAction } from "./RowAction";

type Workspace = Awaited<ReturnType<WorkspaceService["get"]>>;
type Member = Awaited<ReturnType<WorkspaceService["members"]>>[number];
type Invite = Awaited<ReturnType<WorkspaceService["pendingInvites"]>>[number];

/**
 * Settings → Workspace: settings, members and invitations of the current workspace (from the page's loader);
 * shows only what the role may do. Every form posts to the page's action (settings-team.server.ts for members
 * and invitations), so each works without JavaScript.
 */
export function WorkspaceTab({
  workspace: ws,
  members,
  invites,
  archived,
  brand,
  labels,
  userId,
  timezone,
  notify,
}: {
  workspace: Workspace;
  members: Member[];
  invites: Invite[];
  /** The user's other workspaces that are archived (the switcher leaves them out). */
  archived: Array<{ id: string; name: string }>;
  brand: ComponentProps<typeof BrandSection>["brand"];
  labels: Label[];
  userId: string;
  /** The reader's zone: an invitation's expiry is an instant, shown as the rest of the app shows times. */
  timezone: string;
  notify: Notify;
}) {
  const save = useFormAction("workspace", { announce: notify });
  const navigate = useNavigate();
  const leave = useFormAction("leave", { announce: notify, onSuccess: () => navigate("/dashboard") });
  const inviteForm = useRef<HTMLFormElement>(null);
  const invite = useFormAction("invite-create", { announce: notify, onSuccess: () => inviteForm.current?.reset() });

  const settings = can(ws.role, "workspace.settings");
  const manage = can(ws.role, "members.manage");

  return (
    <div className="space-y-8">
      <form {...save.form} className="max-w-lg space-y-3" aria-label="Workspace settings">
        <input type="hidden" name="intent" value="workspace" />
        <label className={labelClass}>
          Workspace name
          <input name="name" defaultValue={ws.name} disabled={!settings} className={inputClass} />
        </label>
        <label className={labelClass}>
          Timezone (new posts default to it)
          <input name="timezone" defaultValue={ws.timezone} disabled={!settings} className={inputClass} />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="approvalRequired" defaultChecked={ws.approvalRequired} disabled={!settings} />{" "}
          Posts need approval before they are scheduled or published
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="mediaRequired" defaultChecked={ws.mediaRequired} disabled={!settings} /> Every
          post needs media (off: text-only posts to X, LinkedIn, Threads and Facebook; Instagram and YouTube still need
          media)
        </label>
        <FormError message={save.error} />
        {settings && (
          <button type="submit" className={primaryButton} disabled={save.busy}>
            {save.busy ? "Saving..." : "Save workspace"}
          </button>
        )}
      </form>

      <LabelsSection labels={labels} canEdit={can(ws.role, "posts.write")} notify={notify} />

      <BrandSection brand={brand} canEdit={settings} notify={notify} />

      <section aria-label="Members">
        <h2 className="mb-2 font-semibold">Members</h2>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
              <span className="flex-1">
                {m.displayName} <span className="text-slate-500">{m.email}</span>
              </span>
              {manage && m.userId !== userId ? (
                <>
                  <RoleForm member={m} notify={notify} />
                  <RowAction intent="member-remove" id={m.userId} busyLabel="Removing..." notify={notify}>
                    Remove
                  </RowAction>
                </>
              ) : (
                <span className="text-slate-600">{m.role}</span>
              )}
            </li>
          ))}
        </ul>
        {!ws.personal && (
          <form {...leave.form} className="mt-3">
            <input type="hidden" name="intent" value="leave" />
            <button type="submit" className={secondaryButton} disabled={leave.busy}>
              {leave.busy ? "Leaving..." : "Leave workspace"}
            </button>
            <FormError message={leave.error} />
          </form>
        )}
      </section>

      {manage && (
        <section aria-label="Invite a member">
          <h2 className="mb-2 font-semibold">Invite by email</h2>
          <form {...invite.form} ref={inviteForm} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="invite-create" />
            <label className={labelClass}>
              Email
              <input type="email" name="email" required className={inputClass} />
            </label>
            <label className={labelClass}>
              Role
              <select name="role" defaultValue="editor" className={inputClass}>
                {ROLES.filter((r) => r !== "owner" || ws.role === "owner").map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <button type="submit" className={primaryButton} disabled={invite.busy}>
              {invite.busy ? "Sending..." : "Send invitation"}
            </button>
          </form>
          <FormError message={invite.error} />
          {invites.length > 0 && (
            <ul className="mt-3 space-y-1 text-sm text-slate-600">
              {invites.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center gap-3">
                  <span>
                    {i.email} · {i.role} · pending until {formatDateTime(i.expiresAt, timezone)}
                  </span>
                  <RowAction
                    intent="invite-revoke"
                    id={i.id}
                    label={`Withdraw the invitation to ${i.email}`}
                    busyLabel="Withdrawing..."
                    notify={notify}
                  >
                    Withdraw
                  </RowAction>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <NewWorkspace timezone={ws.timezone} notify={notify} />
      {archived.length > 0 && <ArchivedWorkspaces archived={archived} />}
      {can(ws.role, "workspace.delete") && !ws.personal ? (
        <>
          <ArchiveWorkspace name={ws.name} archived={ws.archived} notify={notify} />
          <DeleteWorkspace name={ws.name} notify={notify} />
        </>
      ) : null}
    </div>
  );
}

/**
 * A workspace of its own for each client or brand: its channels, posts, team and reports apart. Anyone signed in
 * may create one (they own it); the page then moves to it, as the switcher does.
 */
function NewWorkspace({ timezone, notify }: { timezone: string; notify: Notify }) {
  const create = useFormAction("workspace-create", { announce: notify });
  return (
    <section id="new-workspace" aria-label="New workspace" className="max-w-lg">
      <h2 className="mb-1 font-semibold">New workspace</h2>
      <p className="mb-2 text-sm text-slate-600">
        One per client or brand: its own channels, posts, team and reports. You are its owner.
      </p>
      <form {...create.form} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="workspace-create" />
        <label className={labelClass}>
          Name
          <input name="name" required maxLength={80} className={inputClass} />
        </label>
        <label className={labelClass}>
          Timezone
          <input name="timezone" defaultValue={timezone} className={inputClass} />
        </label>
        <button type="submit" className={primaryButton} disabled={create.busy}>
          {create.busy ? "Creating..." : "Create workspace"}
        </button>
      </form>
      <FormError message={create.error} />
    </section>
  );
}

/** Owners only: a client's workspace kept for the record, read-only and out of the switcher, until unarchived. */
function ArchiveWorkspace({ name, archived, notify }: { name: string; archived: boolean; notify: Notify }) {
  const intent = archived ? "workspace-unarchive" : "workspace-archive";
  const toggle = useFormAction(intent, { announce: notify });
  return (
    <section aria-label="Archive workspace" className="max-w-lg rounded-lg border border-slate-200 p-4">
      <h2 className="mb-1 font-semibold">{archived ? "Archived" : "Archive workspace"}</h2>
      <p className="mb-2 text-sm text-slate-700">
        {archived
          ? `${name} is archived: everyone can read it, nobody can change it, and it is not in the switcher.`
          : `Archiving ${name} keeps its posts, analytics and team for the record, read-only, and takes it out of the switcher. Scheduled posts must be published or unscheduled first.`}
      </p>
      <form {...toggle.form}>
        <input type="hidden" name="intent" value={intent} />
        <button type="submit" className={secondaryButton} disabled={toggle.busy}>
          {archived ? "Unarchive workspace" : "Archive workspace"}
        </button>
      </form>
      <FormError message={toggle.error} />
    </section>
  );
}

/** The archived workspaces the user belongs to: opened from here, since the switcher leaves them out. */
function ArchivedWorkspaces({ archived }: { archived: Array<{ id: string; name: string }> }) {
  return (
    <section aria-label="Archived workspaces" className="max-w-lg">
      <h2 className="mb-1 font-semibold">Archived workspaces</h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {archived.map((w) => (
          <li key={w.id} className="flex items-center justify-between gap-2 py-2">
            <span>{w.name}</span>
            <form method="post">
              <input type="hidden" name="intent" value="workspace-open" />
              <input type="hidden" name="id" value={w.id} />
              <button type="submit" className={secondaryButton} aria-label={`Open ${w.name}`}>
                Open
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Owners only, never the personal workspace: says what goes with it and asks for the name, typed. */
function DeleteWorkspace({ name, notify }: { name: string; notify: Notify }) {
  const remove = useFormAction("workspace-delete", { announce: notify });
  return (
    <section aria-label="Delete workspace" className="max-w-lg rounded-lg border border-red-200 p-4">
      <h2 className="mb-1 font-semibold text-red-800">Delete workspace</h2>
      <p className="mb-2 text-sm text-slate-700">
        Deleting {name} removes its posts (scheduled ones will not be published), connected accounts, media library
        (files, thumbnails and captions), brand logo, analytics, report schedules and the reports already sent, queues,
        evergreen categories, feeds, client review links, link-in-bio page, inbox, webhooks, API keys and activity log,
        and every member's access to it. This cannot be undone.
      </p>
      <form {...remove.form} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="workspace-delete" />
        <label className={labelClass}>
          Type {name} to confirm
          <input name="confirm" required autoComplete="off" className={inputClass} />
        </label>
        <button type="submit" className={dangerButton} disabled={remove.busy}>
          {remove.busy ? "Deleting..." : "Delete workspace"}
        </button>
      </form>
      <FormError message={remove.error} />
    </section>
  );
}

/**
 * A member's role: with JavaScript a change submits at once; without it the select posts with its button.
 */
function RoleForm({ member: m, notify }: { member: Member; notify: Notify }) {
  const hydrated = useHydrated();
  const change = useFormAction("member-role", { announce: notify, key: `member-role:${m.userId}` });
  return (
    <form {...change.form} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="member-role" />
      <input type="hidden" name="id" value={m.userId} />
      <select
        name="role"
        aria-label={`Role of ${m.displayName}`}
        defaultValue={m.role}
        disabled={change.busy}
        className={`${inputClass} w-36`}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        {ROLES.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className={secondaryButton}>
          Change role
        </button>
      )}
      <FormError message={change.error} />
    </form>
  );
}
