import { useCombobox } from "downshift";
import { useEffect, useMemo, useRef, useState } from "react";
import { ChevronDown } from "~/components/ui/icons";
import { inputClass, labelClass } from "~/components/ui/styles";
import { currentZoneName, searchZones, zoneLabel } from "~/lib/time-zones";
import { useFormAction } from "~/lib/use-form-action";
import type { Notify } from "./NotificationBanner";

/** How the user reached for the combobox before its code arrived (TimezoneSelect), so it opens that way. */
export interface ComboboxStart {
  focus?: boolean;
  open?: boolean;
}

/** TimezoneSelect's searchable combobox (downshift), loaded on demand; it saves through the Settings action. */
export function TimezoneCombobox({
  inputId,
  value,
  options,
  notify,
  start,
}: {
  inputId: string;
  value: string;
  options: string[];
  notify: Notify;
  start: ComboboxStart;
}) {
  const save = useFormAction("timezone", { announce: notify });
  const saving = save.busy;
  const selected = currentZoneName(value);
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
      initialIsOpen: start.open ?? false,
      selectedItem: selected,
      inputValue: query,
      itemToString: (zone) => (zone ? zoneLabel(zone) : ""),
      onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ""),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem && selectedItem !== selected) void save.submit({ timezone: selectedItem });
      },
    });

  // It replaced the placeholder the user was on: the focus moves to its own input.
  const input = useRef<HTMLInputElement>(null);
  const focusAtStart = useRef(start.focus);
  useEffect(() => {
    if (focusAtStart.current) input.current?.focus();
  }, []);

  return (
    <div className="relative max-w-md">
      <label {...getLabelProps({ className: labelClass })} htmlFor={inputId}>
        Timezone
      </label>
      <div className="relative">
        <input
          {...getInputProps({
            ref: input,
            className: `${inputClass} pr-9`,
            disabled: saving,
            placeholder: "Search timezones",
          })}
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
          className: `absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-surface py-1 text-sm shadow-lg ${isOpen ? "" : "hidden"}`,
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
  );
}
