import { useCallback, useRef } from "react";
import { Form, useActionData, useLocation } from "react-router";
import { InboxPager } from "~/components/inbox/InboxPager";
import { InboxRow } from "~/components/inbox/InboxRow";
import { InboxSources } from "~/components/inbox/InboxSources";
import { InboxBulkBar, SavedReplies } from "~/components/inbox/InboxTools";
import { useInboxKeys } from "~/components/inbox/use-inbox-keys";
import { useInboxLive } from "~/components/inbox/use-inbox-live";
import { PageHeader } from "~/components/PageHeader";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { FormError } from "~/components/ui/FormError";
import { controlClass, inputClass, secondaryButton } from "~/components/ui/styles";
import { pageMeta } from "~/lib/meta";
import type { FormReply } from "~/lib/use-form-action";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/inbox";
import { inboxAction, inboxData } from "./inbox.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Inbox", description: "Comments and replies on your published posts, answered by the team." });

export function loader({ url, context }: Route.LoaderArgs) {
  return inboxData(context.get(appContext), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return inboxAction(request, context.get(appContext), url);
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, networks, may } = loaderData;
  const posted = useActionData() as FormReply | undefined;
  const { live, replying, announce } = useInboxLive();
  const read = useRef(new Set<string>());
  // An item focused (by click or j/k) is read for this member; each is sent once per page.
  const onRead = useCallback((id: string) => {
    if (read.current.has(id)) return;
    read.current.add(id);
    void fetch("/api/inbox/read", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ids: [id] }),
    });
  }, []);
  useInboxKeys(onRead);
  const { search } = useLocation();
  // A conversation opens in the URL (?thread=), so it survives a reply's reload and can be linked to.
  const threadHref = (id: string | null) => {
    const params = new URLSearchParams(search);
    if (id) params.set("thread", id);
    else params.delete("thread");
    return `?${params}`;
  };
  const ctx = { ...loaderData, replying, announce, onRead, threadHref };
  return (
    <>
      <PageHeader
        title="Inbox"
        description="Comments and replies on your published posts, from every connected network."
      >
        <span className="text-xs text-slate-500" role="status" aria-live="polite">
          {live ? "Live" : "Updating every 15 s"}
        </span>
        {may.triage ? (
          <Form method="post">
            <input type="hidden" name="intent" value="sync" />
            <button type="submit" className={secondaryButton}>
              Check now
            </button>
          </Form>
        ) : null}
      </PageHeader>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filters">
        <label className="text-sm font-medium text-slate-700">
          Status
          <select name="status" defaultValue={filters.status} className={`${controlClass} mt-1 block`}>
            <option value="open">Open</option>
            <option value="done">Done</option>
            <option value="all">All</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Network
          <select name="platform" defaultValue={filters.platform} className={`${controlClass} mt-1 block`}>
            <option value="">All networks</option>
            {networks.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_META[p]?.name ?? p}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Label
          <input name="label" defaultValue={filters.label} maxLength={40} className={`${inputClass} mt-1 block w-32`} />
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input type="checkbox" name="assigned" value="me" defaultChecked={filters.assigned === "me"} />
          Assigned to me
        </label>
        <button type="submit" className={secondaryButton}>
          Apply
        </button>
      </Form>
      {posted?.ok ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {posted.message}
        </p>
      ) : posted && !items.some((i) => i.id === posted.id) ? (
        <div className="mb-4">
          <FormError message={posted.message} />
        </div>
      ) : null}
      <InboxSources accounts={loaderData.sources} />
      <SavedReplies saved={loaderData.saved} mayAdd={may.reply} />
      {may.triage && items.length > 0 ? <InboxBulkBar members={loaderData.members} /> : null}
      <p className="mb-2 text-xs text-slate-500">Keys: j / k next and previous, e done, r reply.</p>
      {items.length > 0 ? (
        <ul className="space-y-4" aria-label="Inbox items">
          {items.map((item) => (
            <InboxRow key={item.id} item={item} ctx={ctx} refusal={posted?.id === item.id ? posted : null} />
          ))}
        </ul>
      ) : null}
      <InboxPager count={items.length} next={loaderData.next} search={search} />
    </>
  );
}
