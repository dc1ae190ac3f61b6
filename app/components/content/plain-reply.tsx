import { useActionData } from "react-router";
import type { Notify } from "~/components/settings/NotificationBanner";
import { notify } from "~/lib/notify";
import type { FormReply } from "~/lib/use-form-action";

/** Row forms' replies as toasts: Content's tabs have no banner of their own. */
export const toast: Notify = (kind, message) => (kind === "error" ? notify.error : notify.success)(message);

/** A plain post's reply (without JavaScript), shown above the tab; with JavaScript, replies are toasts. */
export function PlainReply() {
  const posted = useActionData() as FormReply | undefined;
  if (!posted?.ok) return null;
  return (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
      {posted.message}
    </p>
  );
}
