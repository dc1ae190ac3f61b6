import { useState } from "react";
import { useRevalidator } from "react-router";
import { FormError } from "~/components/ui/FormError";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { useFormAction } from "~/lib/use-form-action";
import { can, ROLES, type Role } from "../../../workers/workspaces/roles";
import type { WorkspaceService } from "../../../workers/workspaces/service";
import type { Notify } from "./NotificationBanner";

type Workspace = Awaited<ReturnType<WorkspaceService["get"]>>;
type Member = Awaited<ReturnType<WorkspaceService["members"]>>[number];
type Invite = Awaited<ReturnType<WorkspaceService["pendingInvites"]>>[number];

/**
 * Settings → Workspace: settings, members and invitations of the current workspace (from the page's loader);
 * shows only what the role may do. The settings form posts to the page's action, so it works without JavaScript.
 */
export function WorkspaceTab({
  workspace: ws,
  members,
  invites,
  userId,
  notify,
}: {
  workspace: Workspace;
  members: Member[];
  invites: Invite[];
  userId: string;
  notify: Notify;
}) {
  const base = `/api/workspaces/${encodeURIComponent(ws.id)}`;
  const { revalidate } = useRevalidator();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const save = useFormAction("workspace", { announce: notify });

  async function run(path: string, init: Parameters<typeof api>[1], after?: () => void) {
    const res = await api(path, init);
    notify(res.ok ? "success" : "error", res.message);
    if (res.ok) (after ?? (() => void revalidate()))();
  }

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
        <FormError message={save.error} />
        {settings && (
          <button type="submit" className={primaryButton} disabled={save.busy}>
            {save.busy ? "Saving..." : "Save workspace"}
          </button>
        )}
      </form>

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
                  <select
                    aria-label={`Role of ${m.displayName}`}
                    value={m.role}
                    className={`${inputClass} w-36`}
                    onChange={(e) =>
                      void run(`${base}/members/${m.userId}`, { method: "PATCH", json: { role: e.target.value } })
                    }
                  >
                    {ROLES.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => void run(`${base}/members/${m.userId}`, { method: "DELETE" })}
                  >
                    Remove
                  </button>
                </>
              ) : (
                <span className="text-slate-600">{m.role}</span>
              )}
            </li>
          ))}
        </ul>
        {!ws.personal && (
          <button
            type="button"
            className={`${secondaryButton} mt-3`}
            onClick={() => void run(`${base}/leave`, { method: "POST" }, () => window.location.assign("/dashboard"))}
          >
            Leave workspace
          </button>
        )}
      </section>

      {manage && (
        <section aria-label="Invite a member">
          <h2 className="mb-2 font-semibold">Invite by email</h2>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void run(`${base}/invites`, { method: "POST", json: { email, role } }, () => {
                setEmail("");
                void revalidate();
              });
            }}
          >
            <label className={labelClass}>
              Email
              <input
                type="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className={inputClass}
              />
            </label>
            <label className={labelClass}>
              Role
              <select value={role} onChange={(e) => setRole(e.target.value as Role)} className={inputClass}>
                {ROLES.filter((r) => r !== "owner" || ws.role === "owner").map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <button type="submit" className={primaryButton}>
              Send invitation
            </button>
          </form>
          {invites.length > 0 && (
            <ul className="mt-3 space-y-1 text-sm text-slate-600">
              {invites.map((i) => (
                <li key={i.id}>
                  {i.email} · {i.role} · pending until {i.expiresAt.slice(0, 10)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
