import { Popover } from "radix-ui";
import { Link } from "react-router";
import { linkButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { notify } from "~/lib/notify";
import { useTimeZone } from "~/lib/use-time-zone";
import { bellLabel } from "./bell-label";
import { BellFace, bellButtonClass } from "./NotificationBell";
import { type Inbox, type Notice, noticeHref, noticeTitle } from "./notices";

/** The Radix popover behind the bell; `NotificationBell` loads it on first use and owns the list. */
export function NotificationInbox({
  inbox,
  reload,
  defaultOpen,
}: {
  inbox: Inbox;
  reload: () => Promise<void>;
  defaultOpen: boolean;
}) {
  const timeZone = useTimeZone();

  async function mark(path: string) {
    const res = await api(path, { method: "POST" });
    if (!res.ok) notify.error(res.message);
    await reload();
  }
  const markRead = (n: Notice) => mark(`/api/notifications/${encodeURIComponent(n.id)}/read`);

  return (
    <Popover.Root defaultOpen={defaultOpen} onOpenChange={(open) => open && void reload()}>
      <Popover.Trigger aria-label={bellLabel(inbox.unread)} className={bellButtonClass}>
        <BellFace unread={inbox.unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notifications-title"
          className="z-[70] w-[min(24rem,calc(100vw-1rem))] rounded-md border border-slate-200 bg-surface shadow-lg focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <h2 id="notifications-title" className="text-sm font-semibold">
              Notifications
            </h2>
            <button
              type="button"
              className={linkButton}
              disabled={inbox.unread === 0}
              onClick={() => void mark("/api/notifications/read-all")}
            >
              Mark all read
            </button>
          </div>
          {inbox.notifications.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-500">You're all caught up.</p>
          ) : (
            <ul aria-label="Notifications" className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
              {inbox.notifications.map((n) => (
                <li key={n.id} className={`flex gap-2 px-3 py-2 text-sm ${n.readAt ? "" : "bg-brand-50/60"}`}>
                  <Popover.Close asChild>
                    <Link
                      to={noticeHref(n)}
                      className="min-w-0 flex-1 rounded focus-visible:outline-2 focus-visible:outline-brand-600"
                      onClick={() => !n.readAt && void markRead(n)}
                    >
                      <span className="block text-xs font-medium text-slate-500">
                        {noticeTitle(n.kind)}
                        {n.readAt ? "" : " · new"}
                      </span>
                      <span className="block break-words text-slate-800">{n.message}</span>
                      {n.createdAt && (
                        <time dateTime={n.createdAt} className="block text-xs text-slate-500">
                          {formatDateTime(n.createdAt, timeZone)}
                        </time>
                      )}
                    </Link>
                  </Popover.Close>
                  {!n.readAt && (
                    <button
                      type="button"
                      className={`${linkButton} shrink-0 self-start text-xs`}
                      aria-label={`Mark read: ${noticeTitle(n.kind)}`}
                      onClick={() => void markRead(n)}
                    >
                      Mark read
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
