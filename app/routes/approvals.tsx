import { useState } from "react";
import { useActionData, useSearchParams } from "react-router";
import { ChannelCopyPreview } from "~/components/composer/ChannelCopyPreview";
import { PageHeader } from "~/components/PageHeader";
import { StatusBadge } from "~/components/posts/StatusBadge";
import { EmptyState } from "~/components/ui/EmptyState";
import { FormError } from "~/components/ui/FormError";
import { GetFormButton } from "~/components/ui/GetFormButton";
import { ClipboardCheck } from "~/components/ui/icons";
import { inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { type FormReply, useFormAction } from "~/lib/use-form-action";
import { useTimeZone } from "~/lib/use-time-zone";
import { appContext } from "../../workers/context";
import type { ApprovalService } from "../../workers/workspaces/index";
import { ApprovalMessages } from "../../workers/workspaces/public";
import type { Route } from "./+types/approvals";
import { approvalsAction, approvalsData } from "./approvals.server";

type Pending = Awaited<ReturnType<ApprovalService["queueWithChannels"]>>[number];

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Approvals", description: "Posts waiting for an approver." });

export function loader({ url, context }: Route.LoaderArgs) {
  return approvalsData(context.get(appContext), url);
}

/** Approve and reject post to this action: through fetchers with JavaScript (a toast), as plain posts without. */
export function action({ request, context, url }: Route.ActionArgs) {
  return approvalsAction(request, context.get(appContext), url);
}

/** The GET form "Reject" submits without JavaScript: `?reject=<post>` opens that post's comment box. */
const OPEN_FORM = "approvals-open";

export default function ApprovalsPage({ loaderData }: Route.ComponentProps) {
  const { approvals, accounts } = loaderData;
  // A plain post's reply (without JavaScript): a success here, a refusal in its post's row while it is listed.
  const posted = useActionData() as FormReply | undefined;
  const listed = approvals.some((a) => a.post.id === posted?.id);
  return (
    <>
      <PageHeader title="Approvals" description="Posts waiting for an approver: approve them, or send them back." />
      <form id={OPEN_FORM} method="get" hidden />
      {posted?.ok ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {posted.message}
        </p>
      ) : posted && !listed ? (
        <div className="mb-4">
          <FormError message={posted.message} />
        </div>
      ) : null}
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
  const [params] = useSearchParams();
  const { post } = pending;
  const [newTime, setNewTime] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  // With JavaScript a refusal shows in the post's row (not a toast); the time has passed: ask for a new one.
  const options = {
    id: post.id,
    check: () => {
      setError(null);
      return null;
    },
    announce: (kind: "success" | "error", message: string) => {
      if (kind === "success") return notify.success(message);
      setError(message);
      if (message === ApprovalMessages.timePassed && newTime === null) setNewTime("");
    },
  };
  const approve = useFormAction("approve", options);
  const reject = useFormAction("reject", options);
  const busy = approve.busy || reject.busy;
  const shown = error ?? approve.error ?? reject.error;
  const askTime = newTime !== null || approve.error === ApprovalMessages.timePassed;
  const writing = rejecting || params.get("reject") === post.id || reject.error !== null;
  const approveForm = `approve-${post.id}`;
  const rejectForm = `reject-${post.id}`;

  return (
    <li
      aria-label={`Submitted by ${pending.submittedBy.displayName}`}
      className="rounded-lg border border-slate-200 bg-surface p-4"
    >
      <form id={approveForm} {...approve.form}>
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={post.id} />
        {askTime ? <input type="hidden" name="timezone" value={timeZone} /> : null}
      </form>
      <form id={rejectForm} {...reject.form}>
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="id" value={post.id} />
      </form>
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
      {/* Each channel as it publishes (its own version where it has one), so the approver approves what goes out. */}
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {pending.channels.map((c) => (
          <ChannelCopyPreview key={c.id} channel={c} account={accounts.find((a) => a.id === c.accountId)} />
        ))}
      </div>
      {shown && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {shown}
        </p>
      )}
      {askTime && (
        <label className="mt-3 block max-w-xs text-sm font-medium text-slate-700">
          New time ({timeZone})
          <input
            type="datetime-local"
            name="newTime"
            form={approveForm}
            className={`${inputClass} mt-1`}
            value={newTime ?? ""}
            onChange={(e) => setNewTime(e.target.value)}
          />
        </label>
      )}
      {writing && (
        <label className="mt-3 block text-sm font-medium text-slate-700">
          What needs to change?
          <textarea
            name="comment"
            form={rejectForm}
            className={`${inputClass} mt-1 h-20`}
            value={comment}
            maxLength={2000}
            onChange={(e) => setComment(e.target.value)}
          />
        </label>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="submit" form={approveForm} className={primaryButton} disabled={busy || newTime === ""}>
          {askTime ? "Approve at this time" : "Approve"}
        </button>
        {writing ? (
          <button type="submit" form={rejectForm} className={secondaryButton} disabled={busy}>
            Send back
          </button>
        ) : (
          <GetFormButton
            form={OPEN_FORM}
            name="reject"
            value={post.id}
            className={secondaryButton}
            onClick={() => setRejecting(true)}
          >
            Reject
          </GetFormButton>
        )}
      </div>
    </li>
  );
}
