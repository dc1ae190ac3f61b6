import { useId, useMemo, useState } from "react";
import { ChevronDown } from "~/components/ui/icons";
import { inputClass, labelClass, primaryButton } from "~/components/ui/styles";
import { onDemand } from "~/lib/on-demand";
import { currentZoneName, timeZoneOptions, zoneLabel } from "~/lib/time-zones";
import { useHydrated } from "~/lib/use-hydrated";
import type { Notify } from "./NotificationBanner";
import type { ComboboxStart } from "./TimezoneCombobox";

/** The combobox (and downshift with it) loads when the pointer nears it or it is focused, not with the page. */
const combobox = onDemand(() => import("./TimezoneCombobox").then((m) => m.TimezoneCombobox));

/**
 * The user's IANA timezone, detected at sign-up; schedules are shown and edited in it. A searchable combobox
 * that saves through the Settings action; without JavaScript, a plain select and a Save button post there.
 */
export function TimezoneSelect({ value, notify }: { value: string; notify: Notify }) {
  const inputId = useId();
  const hydrated = useHydrated();
  const selected = currentZoneName(value);
  const options = useMemo(
    () =>
      timeZoneOptions(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [], value),
    [value],
  );
  // How the user reached for the combobox before its code arrived: it opens in that state (focused, list open).
  const [start, setStart] = useState<ComboboxStart | null>(null);
  const Combobox = combobox.useOnDemand(start !== null);

  return (
    <>
      {/* Its children are never hydrated: React leaves a noscript's content to the server render. */}
      <noscript>
        <form method="post" className="flex max-w-md items-end gap-2" aria-label="Timezone">
          <input type="hidden" name="intent" value="timezone" />
          <label className={`${labelClass} flex-1`}>
            Timezone
            <select name="timezone" defaultValue={selected} className={inputClass}>
              {options.map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={primaryButton}>
            Save timezone
          </button>
        </form>
      </noscript>
      {Combobox ? (
        <Combobox inputId={inputId} value={value} options={options} notify={notify} start={start ?? {}} />
      ) : (
        // The combobox as it first looks, until its code arrives.
        <div
          className="relative max-w-md"
          hidden={!hydrated}
          onPointerEnter={() => void combobox.preload().catch(() => {})}
        >
          <label className={labelClass} htmlFor={inputId}>
            Timezone
          </label>
          <div className="relative">
            <input
              id={inputId}
              role="combobox"
              aria-expanded={false}
              readOnly
              className={`${inputClass} pr-9`}
              placeholder="Search timezones"
              value={zoneLabel(selected)}
              onFocus={() => setStart((s) => s ?? { focus: true })}
            />
            <button
              type="button"
              aria-label="Show timezones"
              className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500"
              onClick={() => setStart({ focus: true, open: true })}
            >
              <ChevronDown className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      )}
      <p className="mt-1 text-xs text-slate-500">Scheduled times are shown in this timezone.</p>
    </>
  );
}
