import { primaryButton } from "~/components/ui/styles";
import { accountName } from "~/lib/account-name";
import { useFormAction } from "~/lib/use-form-action";

export interface BusinessLocation {
  id: string;
  platform: string;
  username?: string | null;
  displayName?: string | null;
}

/**
 * After a Google Business Profile connect (ADR 065): every location the person manages came in as its own channel;
 * the ones left unticked are disconnected. All stay ticked by default, so closing the dialog keeps them all.
 */
export function LocationPicker({
  locations,
  cancel,
  onDone,
}: {
  locations: BusinessLocation[];
  cancel: React.ReactNode;
  onDone: () => void;
}) {
  const action = useFormAction("business-locations", { onSuccess: onDone });
  return (
    <form {...action.form} className="space-y-3">
      <input type="hidden" name="intent" value="business-locations" />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Post to these locations</legend>
        {locations.map((loc) => (
          <label key={loc.id} className="flex items-start gap-2 rounded-lg border border-gray-200 p-3 text-sm">
            <input type="checkbox" name="keep" value={loc.id} defaultChecked className="mt-0.5" />
            <span>
              <span className="font-medium">{accountName(loc)}</span>
              {loc.username ? <span className="block text-gray-500">{loc.username}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      {action.error ? (
        <p role="alert" className="text-sm text-red-700">
          {action.error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {cancel}
        <button type="submit" disabled={action.busy} className={primaryButton}>
          {action.busy ? "Saving…" : "Save locations"}
        </button>
      </div>
    </form>
  );
}
