import { Download } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { controlClass, labelClass, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import type { ActivityLog } from "../../../workers/workspaces/activity";
import { ACTIVITY_ACTIONS } from "../../../workers/workspaces/activity-actions";
import type { WorkspaceService } from "../../../workers/workspaces/service";
import { activityLabel, activityQuery } from "./activity-view";
import type { Notify } from "./NotificationBanner";

type Page = Awaited<ReturnType<ActivityLog["page"]>>;
type Member = Awaited<ReturnType<WorkspaceService["members"]>>[number];

/**
 * Settings → Activity (owners and admins): who did what in the workspace and when, in the workspace's
 * timezone, a page at a time, narrowed by action or member; the CSV download takes the same filters.
 */
export function ActivityTab({ workspaceId, notify }: { workspaceId: string; notify: Notify }) {
  const base = `/api/workspaces/${encodeURIComponent(workspaceId)}`;
  const [filter, setFilter] = useState({ action: "", userId: "" });
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<Page | null>(null);
  const [members, setMembers] = useState<Member[]>([]);
  const [timeZone, setTimeZone] = useState("UTC");

  useEffect(() => {
    void api<{ timezone: string }>(base).then((res) => res.ok && setTimeZone(res.data.timezone));
    void api<{ members: Member[] }>(`${base}/members`).then((res) => res.ok && setMembers(res.data.members));
  }, [base]);
  useEffect(() => {
    let live = true;
    void api<Page>(`${base}/activity${activityQuery(filter, page)}`).then((res) => {
      if (!live) return;
      if (res.ok) setLog(res.data);
      else notify("error", res.message);
    });
    return () => {
      live = false;
    };
  }, [base, filter, page, notify]);

  const narrow = (change: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...change }));
    setPage(1);
  };
  const pages = log?.pagination.pages ?? 0;

  return (
    <section aria-labelledby="activity-title" className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="activity-title" className="mr-auto font-semibold">
          Activity log <span className="text-sm font-normal text-slate-500">(times in {timeZone})</span>
        </h2>
        <label className={labelClass}>
          Action
          <select className={controlClass} value={filter.action} onChange={(e) => narrow({ action: e.target.value })}>
            <option value="">All actions</option>
            {ACTIVITY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {activityLabel(a)}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Member
          <select className={controlClass} value={filter.userId} onChange={(e) => narrow({ userId: e.target.value })}>
            <option value="">All members</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.displayName}
              </option>
            ))}
          </select>
        </label>
        <a className={secondaryButton} href={`${base}/activity.csv${activityQuery(filter)}`} download>
          <Download className="size-4" aria-hidden />
          Download CSV
        </a>
      </div>
      {log === null ? (
        <p className="text-sm text-slate-500">Loading activity…</p>
      ) : log.entries.length === 0 ? (
        <p className="text-sm text-slate-500">
          Nothing recorded yet{filter.action || filter.userId ? " for this filter" : ""}.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Activity log, newest first</caption>
            <thead className="bg-slate-50 text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  What
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Post or account
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.entries.map((e) => (
                <tr key={e.id}>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                    <time dateTime={e.at}>{formatDateTime(e.at, timeZone)}</time>
                  </td>
                  <td className="px-3 py-2">{e.who?.displayName ?? "Postline"}</td>
                  <td className="px-3 py-2">{activityLabel(e.action)}</td>
                  <td className="px-3 py-2">
                    {e.subject === "post" && e.subjectId ? (
                      <Link
                        className="text-brand-700 hover:underline"
                        to={`/content?post=${encodeURIComponent(e.subjectId)}`}
                      >
                        {e.summary || "A post"}
                      </Link>
                    ) : (
                      <span>
                        {e.subject === "account" ? "Account: " : ""}
                        {e.summary}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label="Activity pages" className="flex items-center gap-3 text-sm">
          <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
