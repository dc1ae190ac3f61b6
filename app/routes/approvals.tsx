import { ClipboardCheck } from "lucide-react";
import { useState } from "react";
import { redirect, useRevalidator } from "react-router";
import { PlatformPreview } from "~/components/composer/PlatformPreview";
import { PageHeader } from "~/components/PageHeader";
import { StatusBadge } from "~/components/posts/StatusBadge";
import { EmptyState } from "~/components/ui/EmptyState";
import { inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { signInPath } from "~/lib/redirect";
import { useTimeZone } from "~/lib/use-time-zone";
import { appContext } from "../../workers/context";
import type { ApprovalService } from "../../workers/workspaces/approvals";
import { can } from "../../workers/workspaces/roles";
import type { Route } from "./+types/approvals";

type Pending = Awaited<ReturnType<ApprovalService["queue"]>>[number];

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Approvals", description: "Posts waiting for an approver." });

/** The queue, for roles that approve; anyone else goes back to the dashboard (the API refuses them too). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { services, auth, workspace } = context.get(appContext);
  if (!auth || !workspace) throw redirect(signInPath(url));
  if (!can(workspace.role, "posts.approve")) throw redirect("/dashboard");
  const [approvals, accounts] = await Promise.all([
    services.approvals.queue(workspace.id),
    services.accounts.list(workspace.id),
  ]);
  return { approvals, accounts };
}

export default function ApprovalsPage({ loaderData }: Route.ComponentProps) {
  const { approvals, accounts } = loaderData;
  return (
    <>
      <PageHeader title="Approvals" description="Posts waiting for an approver: approve them, or send them back." />
      {approvals.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title="Nothing is waiting for approval">
          Posts that contributors submit (or every post, when the workspace requires approval) appear here.
        </EmptyState>
      ) : (
        <ul className="space-y-6" aria-label="Waiting for approval">
          {approvals.map((a) => (
            <ApprovalItem key={a.id} pending={a} accounts={accounts} />
          ))}
        </ul>
      )}
    </>
  );
}

function ApprovalItem({
  pending,
  accounts,
}: {
  pending: Pending;
  accounts: Route.ComponentProps["loaderData"]["accounts"];
}) {
  const timeZone = useTimeZone();
  const revalidator = useRevalidator();
  const { post } = pending;
  const [busy, setBusy] = useState(false);
  const [newTime, setNewTime] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function act(path: "approve" | "reject", json: unknown) {
    setBusy(true);
    setError(null);
    const res = await api(`/api/posts/${encodeURIComponent(post.id)}/${path}`, { json });
    setBusy(false);
    if (res.ok) {
      notify.success(res.message);
      await revalidator.revalidate();
      return;
    }
    // The asked time has passed: the approver picks a new one and approves again.
    if (path === "approve" && res.status === 409 && newTime === null) setNewTime("");
    setError(res.message);
  }

  const approve = () => {
    if (newTime === null) return act("approve", {});
    const [localDate, localTime] = newTime.split("T");
    return act("approve", { scheduledDate: { localDate, localTime }, timezone: timeZone });
  };

  return (
    <li
      aria-label={`Submitted by ${pending.submittedBy.displayName}`}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <StatusBadge status={post.status} />
        <span>
          {pending.submittedBy.displayName} submitted {formatDateTime(pending.submittedAt, timeZone)} ·{" "}
          {pending.publishNow
            ? "asks to publish now"
            : post.scheduledDate
              ? `for ${formatDateTime(post.scheduledDate, timeZone)}`
              : "no time yet"}
        </span>
      </div>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {post.platformPosts.map((t) => (
          <PlatformPreview
            key={t.id}
            platform={t.platform}
            account={accounts.find((a) => a.id === t.accountId)}
            content={post.content}
            hashtags={post.hashtags}
            media={post.media}
            title={post.title ?? ""}
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {newTime !== null && (
        <label className="mt-3 block max-w-xs text-sm font-medium text-slate-700">
          New time ({timeZone})
          <input
            type="datetime-local"
            className={`${inputClass} mt-1`}
            value={newTime}
            onChange={(e) => setNewTime(e.target.value)}
          />
        </label>
      )}
      {rejecting && (
        <label className="mt-3 block text-sm font-medium text-slate-700">
          What needs to change?
          <textarea
            className={`${inputClass} mt-1 h-20`}
            value={comment}
            maxLength={2000}
            onChange={(e) => setComment(e.target.value)}
          />
        </label>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryButton}
          disabled={busy || newTime === ""}
          onClick={() => void approve()}
        >
          {newTime === null ? "Approve" : "Approve at this time"}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={() => (rejecting ? void act("reject", { comment }) : setRejecting(true))}
        >
          {rejecting ? "Send back" : "Reject"}
        </button>
      </div>
    </li>
  );
}
