import clsx from "clsx";
import { AlertCircle, AlertTriangle, CheckCircle2, Info, X } from "~/components/ui/icons";
import type { Notice, NoticeKind } from "./NotificationBanner";

const STYLES: Record<NoticeKind, { className: string; icon: typeof Info }> = {
  success: { className: "border-green-200 bg-green-50 text-green-800", icon: CheckCircle2 },
  error: { className: "border-red-200 bg-red-50 text-red-800", icon: AlertCircle },
  warning: { className: "border-amber-200 bg-amber-50 text-amber-800", icon: AlertTriangle },
  info: { className: "border-sky-200 bg-sky-50 text-sky-800", icon: Info },
};

/** The banner itself, in its own chunk: most visits to Settings never show one (first-load budget, ADR 104). */
export function NoticeView({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { className, icon: Icon } = STYLES[notice.kind];
  return (
    <div
      role={notice.kind === "error" ? "alert" : "status"}
      className={clsx("flex items-start gap-3 rounded-md border px-4 py-3 text-sm", className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="flex-1">{notice.message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="rounded p-0.5 hover:bg-black/5"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
