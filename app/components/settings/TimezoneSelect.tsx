import { useCombobox } from "downshift";
import { ChevronDown } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { inputClass, labelClass } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { currentZoneName, searchZones, timeZoneOptions, zoneLabel } from "~/lib/time-zones";
import type { Notify } from "./NotificationBanner";

/** The user's IANA timezone, detected at sign-up; schedules are shown and edited in it. A searchable combobox. */
export function TimezoneSelect({ value, notify }: { value: string; notify: Notify }) {
  const inputId = useId();
  const { revalidate } = useRevalidator();
  const [saving, setSaving] = useState(false);
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

  async function change(timezone: string) {
    setSaving(true);
    const res = await api("/api/users/timezone", { method: "PUT", json: { timezone } });
    setSaving(false);
    if (!res.ok) return notify("error", res.message);
    notify("success", `Timezone updated to ${timezone}`);
    await revalidate();
  }

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox({
      items,
      inputId,
      selectedItem: selected,
      inputValue: query,
      itemToString: (zone) => (zone ? zoneLabel(zone) : ""),
      onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ""),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem && selectedItem !== selected) void change(selectedItem);
      },
    });

  return (
    <div className="relative max-w-md">
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
      <p className="mt-1 text-xs text-slate-500">Scheduled times are shown in this timezone.</p>
    </div>
  );
}
