import { useCombobox } from "downshift";
import { ChevronDown } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { inputClass, labelClass, primaryButton } from "~/components/ui/styles";
import { currentZoneName, searchZones, timeZoneOptions, zoneLabel } from "~/lib/time-zones";
import { useFormAction } from "~/lib/use-form-action";
import { useHydrated } from "~/lib/use-hydrated";
import type { Notify } from "./NotificationBanner";

/**
 * The user's IANA timezone, detected at sign-up; schedules are shown and edited in it. A searchable combobox
 * that saves through the Settings action; without JavaScript, a plain select and a Save button post there.
 */
export function TimezoneSelect({ value, notify }: { value: string; notify: Notify }) {
  const inputId = useId();
  const hydrated = useHydrated();
  const save = useFormAction("timezone", { announce: notify });
  const saving = save.busy;
  const selected = currentZoneName(value);
  const options = useMemo(
    () =>
      timeZoneOptions(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [], value),
    [value],
  );
  const [query, setQuery] = useState(zoneLabel(selected));
  // Opening with the current zone in the box lists every zone; typing narrows the list.
  const items = useMemo(
    () => (query === zoneLabel(selected) ? options : searchZones(options, query)),
    [options, query, selected],
  );

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox({
      items,
      inputId,
      selectedItem: selected,
      inputValue: query,
      itemToString: (zone) => (zone ? zoneLabel(zone) : ""),
      onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ""),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem && selectedItem !== selected) void save.submit({ timezone: selectedItem });
      },
    });

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
      <div className="relative max-w-md" hidden={!hydrated}>
        <label {...getLabelProps({ className: labelClass })} htmlFor={inputId}>
          Timezone
        </label>
        <div className="relative">
          <input
            {...getInputProps({ className: `${inputClass} pr-9`, disabled: saving, placeholder: "Search timezones" })}
          />
          <button
            {...getToggleButtonProps({
              type: "button",
              "aria-label": "Show timezones",
              className: "absolute inset-y-0 right-0 flex items-center px-2 text-slate-500",
              disabled: saving,
            })}
          >
            <ChevronDown className="size-4" aria-hidden />
          </button>
        </div>
        <ul
          {...getMenuProps({
            className: `absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg ${isOpen ? "" : "hidden"}`,
          })}
        >
          {isOpen && items.length === 0 ? (
            <li className="px-3 py-2 text-slate-500">No timezone matches “{query}”.</li>
          ) : null}
          {isOpen
            ? items.map((zone, index) => (
                <li
                  key={zone}
                  {...getItemProps({ item: zone, index })}
                  className={`cursor-pointer px-3 py-1.5 ${highlightedIndex === index ? "bg-brand-50 text-brand-700" : ""} ${zone === selected ? "font-medium" : ""}`}
                >
                  {zoneLabel(zone)}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p className="mt-1 text-xs text-slate-500">Scheduled times are shown in this timezone.</p>
    </>
  );
}
