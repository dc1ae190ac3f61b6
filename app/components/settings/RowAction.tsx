import { FormError } from "~/components/ui/FormError";
import { secondaryButton } from "~/components/ui/styles";
import { useFormAction } from "~/lib/use-form-action";
import type { Notify } from "./NotificationBanner";

/** One button posting `intent` for one row (`id`) to the Settings action; it reads its own pending state. */
export function RowAction({
  intent,
  id,
  fields = {},
  label,
  busyLabel,
  className = secondaryButton,
  notify,
  children,
}: {
  intent: string;
  id: string;
  fields?: Record<string, string>;
  label?: string;
  busyLabel: string;
  className?: string;
  notify: Notify;
  children: React.ReactNode;
}) {
  const row = useFormAction(intent, { announce: notify, key: `${intent}:${id}` });
  return (
    <form {...row.form}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={label} disabled={row.busy}>
        {row.busy ? busyLabel : children}
      </button>
      <FormError message={row.error} />
    </form>
  );
}
