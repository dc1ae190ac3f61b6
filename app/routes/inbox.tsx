import { Inbox } from "lucide-react";
import { Form, useActionData, useNavigation } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { PlatformMark } from "~/components/platforms/PlatformMark";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { EmptyState } from "~/components/ui/EmptyState";
import { FormError } from "~/components/ui/FormError";
import { controlClass, inputClass, primaryButton, secondaryButton } from "~/components/ui/styles";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import type { FormReply } from "~/lib/use-form-action";
import { useTimeZone } from "~/lib/use-time-zone";
import { appContext } from "../../workers/context";
import type { InboxItemView } from "../../workers/inbox/index";
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

type Data = Route.ComponentProps["loaderData"];

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, networks, may } = loaderData;
  const posted = useActionData() as FormReply | undefined;
  return (
    <>
      <PageHeader
        title="Inbox"
        description="Comments and replies on your published posts, from every connected network."
      >
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
      {items.length === 0 ? (
        <EmptyState icon={Inbox} title="Nothing here">
          Comments and replies on your published posts arrive here every few minutes.
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Inbox items">
          {items.map((item) => (
            <InboxRow key={item.id} item={item} data={loaderData} refusal={posted?.id === item.id ? posted : null} />
          ))}
        </ul>
      )}
    </>
  );
}

function InboxRow({ item, data, refusal }: { item: InboxItemView; data: Data; refusal: FormReply | null }) {
  const timeZone = useTimeZone();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === item.id;
  const network = PLATFORM_META[item.platform]?.name ?? item.platform;
  const replier = data.members.find((m) => m.id === item.reply?.by)?.name ?? "a teammate";
  return (
    <li aria-label={`${item.author} on ${network}`} className="rounded-lg border border-slate-200 bg-surface p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <PlatformMark platform={item.platform} />
        <span className="font-medium text-slate-900">{item.author}</span>
        <span>{formatDateTime(item.createdAt, timeZone)}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
          {item.status === "done" ? "Done" : "Open"}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-wrap text-slate-900">{item.text}</p>
      {item.post?.preview ? <p className="mt-1 text-xs text-slate-500">On your post: {item.post.preview}</p> : null}
      {item.reply?.state === "sent" ? (
        <p className="mt-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          Answered by {replier}: {item.reply.text}
        </p>
      ) : item.reply?.state === "sending" ? (
        <p className="mt-3 text-sm text-slate-600">{replier} is replying…</p>
      ) : null}
      {refusal && !refusal.ok ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {refusal.message}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {data.may.reply && item.reply?.state !== "sent" ? (
          <Form method="post" className="flex min-w-64 flex-1 items-end gap-2">
            <input type="hidden" name="intent" value="reply" />
            <input type="hidden" name="id" value={item.id} />
            <label className="flex-1 text-sm font-medium text-slate-700">
              Reply
              <textarea
                name="text"
                maxLength={2000}
                defaultValue={item.reply?.state === "failed" ? (item.reply.text ?? "") : ""}
                className={`${inputClass} mt-1 h-16`}
              />
            </label>
            <button type="submit" className={primaryButton} disabled={busy}>
              Send reply
            </button>
          </Form>
        ) : null}
        {data.may.triage ? (
          <>
            <Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="id" value={item.id} />
              <label className="text-sm font-medium text-slate-700">
                Assigned to
                <select name="assigneeId" defaultValue={item.assigneeId ?? ""} className={`${controlClass} mt-1 block`}>
                  <option value="">Nobody</option>
                  {data.members.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.id === data.me ? `${m.name} (you)` : m.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={secondaryButton} disabled={busy}>
                Assign
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value={item.status === "done" ? "reopen" : "done"} />
              <input type="hidden" name="id" value={item.id} />
              <button type="submit" className={secondaryButton} disabled={busy}>
                {item.status === "done" ? "Reopen" : "Mark done"}
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </li>
  );
}
