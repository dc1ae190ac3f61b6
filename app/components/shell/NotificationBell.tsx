import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Bell } from "~/components/ui/icons";
import { OnDemandMenu } from "~/components/ui/OnDemandMenu";
import { api } from "~/lib/api";
import { onDemand } from "~/lib/on-demand";
import { bellLabel } from "./bell-label";
import type { Inbox } from "./notices";

export const bellButtonClass =
  "relative flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The bell's face: the icon and, when there are any, the unread count. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell className="size-5" aria-hidden />
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-on-accent"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </>
  );
}

/** The popover (Radix and its positioning code) loads on first use, like the header's menus. */
const popover = onDemand(() => import("./NotificationInbox").then((m) => m.NotificationInbox));

/** The member's notices in this workspace: asked again on every page and when the window regains focus. */
export function NotificationBell() {
  const { pathname } = useLocation();
  const [inbox, setInbox] = useState<Inbox>({ unread: 0, notifications: [] });
  const reload = useCallback(async () => {
    const res = await api<Inbox>("/api/notifications");
    if (res.ok) setInbox(res.data);
  }, []);
  useEffect(() => void reload(), [reload, pathname]);
  useEffect(() => {
    const onFocus = () => void reload();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [reload]);
  return (
    <OnDemandMenu
      menu={popover}
      props={{ inbox, reload }}
      label={bellLabel(inbox.unread)}
      className={bellButtonClass}
      popup="dialog"
    >
      <BellFace unread={inbox.unread} />
    </OnDemandMenu>
  );
}
