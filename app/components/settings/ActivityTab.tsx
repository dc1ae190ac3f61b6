import { Form, Link, useSubmit } from "react-router";
import { Download } from "~/components/ui/icons";
import { controlClass, labelClass, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";
import type { developerTabData } from "~/routes/settings-developer.server";
import { ACTIVITY_ACTIONS } from "../../../workers/workspaces/public";
import { activityLabel, activityPageHref, activityQuery } from "./activity-view";

export type ActivityTabData = NonNullable<Awaited<ReturnType<typeof developerTabData>>["activityTab"]>;

/**
 * Settings → Activity (owners and admins): who did what in the workspace and when, in the workspace's
 * timezone, a page at a time, narrowed by action or member. The page and filters are the URL's, read by the
 * loader: the filters are a GET form (sent on change with JavaScript), the pages links; the CSV download
 * takes the same filters.
 */
export function ActivityTab({ workspaceId, data }: { workspaceId: string; data: ActivityTabData }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const { timezone: timeZone, members, log, filter } = data;
  const base = `/api/workspaces/${encodeURIComponent(workspaceId)}`;
  const { page, pages } = log.pagination;
  const onFilter = (e: React.ChangeEvent<HTMLSelectElement>) =>
    submit(e.currentTarget.form, { replace: true, preventScrollReset: true });

  return (
    <section aria-labelledby="activity-title" className="space-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter activity">
        <input type="hidden" name="tab" value="activity" />
        <h2 id="activity-title" className="mr-auto font-semibold">
          Activity log <span className="text-sm font-normal text-slate-500">(times in {timeZone})</span>
        </h2>
        {/* The longest action's name sets a select's width: capped, so a 320 px screen never scrolls sideways. */}
        <label className={`${labelClass} max-w-full`}>
          Action
          <select
            name="action"
            className={`${controlClass} max-w-full`}
            defaultValue={filter.action}
            onChange={onFilter}
          >
            <option value="">All actions</option>
            {ACTIVITY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {activityLabel(a)}
              </option>
            ))}
          </select>
        </label>
        <label className={`${labelClass} max-w-full`}>
          Member
          <select
            name="userId"
            className={`${controlClass} max-w-full`}
            defaultValue={filter.userId}
            onChange={onFilter}
          >
            <option value="">All members</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.displayName}
              </option>
            ))}
          </select>
        </label>
        {!hydrated && (
          <button type="submit" className={secondaryButton}>
            Filter
          </button>
        )}
        <a className={secondaryButton} href={`${base}/activity.csv${activityQuery(filter)}`} download>
          <Download className="size-4" aria-hidden />
          Download CSV
        </a>
      </Form>
      {log.entries.length === 0 ? (
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
          <PageLink to={page > 1 ? activityPageHref(filter, page - 1) : null}>Previous</PageLink>
          <span>
            Page {page} of {pages}
          </span>
          <PageLink to={page < pages ? activityPageHref(filter, page + 1) : null}>Next</PageLink>
        </nav>
      )}
    </section>
  );
}

/** A page link; at either end a dimmed label, since there is no page to go to. */
function PageLink({ to, children }: { to: string | null; children: string }) {
  if (!to) return <span className={`${secondaryButton} pointer-events-none opacity-50`}>{children}</span>;
  return (
    <Link to={to} className={secondaryButton} preventScrollReset>
      {children}
    </Link>
  );
}
