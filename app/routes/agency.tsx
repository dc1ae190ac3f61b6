import { useState } from "react";
import { useActionData } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { StatusBadge } from "~/components/posts/StatusBadge";
import { FormError } from "~/components/ui/FormError";
import { inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { formatDateTime, truncate } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { type FormReply, useFormAction } from "~/lib/use-form-action";
import { useTimeZone } from "~/lib/use-time-zone";
import type { AgencyView } from "../../workers/agency/public";
import { appContext } from "../../workers/context";
import { ApprovalMessages } from "../../workers/workspaces/public";
import type { Route } from "./+types/agency";
import { agencyAction, agencyData } from "./agency.server";

type Item = AgencyView["approvals"][number];

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "All workspaces", description: "Approvals, upcoming posts and failures across your workspaces." });

export function loader({ url, context }: Route.LoaderArgs) {
  return agencyData(context.get(appContext), url);
}

/** Approve and reject in the item's workspace; Open moves to it. Plain posts without JavaScript. */
export function action({ request, context, url }: Route.ActionArgs) {
  return agencyAction(request, context.get(appContext), url);
}

/**
 * The agency view (ADR 086): one approvals queue, one calendar of upcoming posts and one list of failures across
 * every workspace the user is in, each item labelled with its workspace. Server-rendered lists, so it reads
 * without JavaScript; every action is taken in the item's workspace with the user's role there.
 */
export default function AgencyPage({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const posted = useActionData() as FormReply | undefined;
  return (
    <>
      <PageHeader
        title="All workspaces"
        description={`Across ${view.workspaces.map((w) => w.name).join(", ")}: what waits for you, what goes out next and what failed.`}
      />
      {posted?.ok ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {posted.message}
        </p>
      ) : null}
      <div className="space-y-8">
        <Section title="Waiting for approval or changes" items={view.approvals} empty="Nothing waits for you." />
        <Section title="Upcoming" items={view.upcoming} empty="Nothing is scheduled." />
        <Section title="Failed in the last two weeks" items={view.failures} empty="No failures." />
      </div>
    </>
  );
}

function Section({ title, items, empty }: { title: string; items: Item[]; empty: string }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-surface">
          {items.map((item) => (
            <AgencyItem key={item.postId} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One post, labelled with its workspace; its actions post the workspace with it. */
function AgencyItem({ item }: { item: Item }) {
  const timeZone = useTimeZone();
  const [newTime, setNewTime] = useState<string | null>(null);
  const approve = useFormAction("approve", {
    id: item.postId,
    // The asked time has passed: the item asks for a new one, as the Approvals page does.
    announce: (kind, message) => {
      notify[kind](message);
      if (kind === "error" && message === ApprovalMessages.timePassed) setNewTime((t) => t ?? "");
    },
  });
  const reject = useFormAction("reject", { id: item.postId });
  const error = approve.error ?? reject.error;
  const askTime = newTime !== null || approve.error === ApprovalMessages.timePassed;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="workspace" value={item.workspace.id} />
      <input type="hidden" name="id" value={item.postId} />
    </>
  );
  return (
    <li aria-label={`${item.workspace.name}: ${truncate(item.content, 60)}`} className="space-y-2 px-3 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {item.workspace.name}
        </span>
        <StatusBadge status={item.status} />
        {item.scheduledAt ? <span className="text-slate-600">{formatDateTime(item.scheduledAt, timeZone)}</span> : null}
      </div>
      <p className="text-slate-800">{truncate(item.content, 200)}</p>
      {item.error ? <p className="text-red-700">{item.error}</p> : null}
      <div className="flex flex-wrap items-end gap-2">
        <form method="post">
          {hidden("open")}
          <button type="submit" className={secondaryButton}>
            {item.status === "changes_requested" ? "Edit" : "Open"} in {item.workspace.name}
          </button>
        </form>
        {item.canApprove ? (
          <>
            <form {...approve.form} className="flex flex-wrap items-end gap-2">
              {hidden("approve")}
              {askTime ? (
                <>
                  <input type="hidden" name="timezone" value={timeZone} />
                  <label className="text-slate-700">
                    New time ({timeZone})
                    <input
                      type="datetime-local"
                      name="newTime"
                      className={`${inputClass} mt-1`}
                      value={newTime ?? ""}
                      onChange={(e) => setNewTime(e.target.value)}
                    />
                  </label>
                </>
              ) : null}
              <button type="submit" className={primaryButton} disabled={approve.busy || newTime === ""}>
                {askTime ? "Approve at this time" : "Approve"}
              </button>
            </form>
            <form {...reject.form} className="flex flex-wrap items-end gap-2">
              {hidden("reject")}
              <label className="text-slate-700">
                What needs to change?
                <input name="comment" maxLength={2000} className={`${inputClass} mt-1`} />
              </label>
              <button type="submit" className={secondaryButton} disabled={reject.busy}>
                Send back
              </button>
            </form>
          </>
        ) : null}
      </div>
      <FormError message={error} />
    </li>
  );
}
