import { useCallback, useEffect, useState } from "react";
import { preloadable } from "~/lib/preloadable";

export type NoticeKind = "success" | "error" | "warning" | "info";
export interface Notice {
  kind: NoticeKind;
  message: string;
}
export type Notify = (kind: NoticeKind, message: string) => void;

/** Settings' banner: one notice at a time, gone after 3000 ms (SPEC §9). */
export function useNotice(timeoutMs = 3000): [Notice | null, Notify, () => void] {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), timeoutMs);
    return () => clearTimeout(timer);
  }, [notice, timeoutMs]);
  const show = useCallback<Notify>((kind, message) => setNotice({ kind, message }), []);
  return [notice, show, () => setNotice(null)];
}

const View = preloadable(() => import("./NoticeView").then((m) => m.NoticeView));
/** For the server, which renders a reply's banner in one pass (settings' loader). */
export const preloadNoticeView = View.preload;

export function NotificationBanner({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  return notice ? <View notice={notice} onDismiss={onDismiss} /> : null;
}
