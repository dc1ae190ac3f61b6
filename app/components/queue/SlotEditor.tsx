import { useState } from "react";
import { X } from "~/components/ui/icons";
import { inputClass, secondaryButton } from "~/components/ui/styles";
import { normalizeSlots, type Slot, WEEKDAY_NAMES, WEEKDAYS } from "../../../workers/queue/public";
import { slotValue } from "./types";

/**
 * Weekly slots: pick days and a time, add them; each slot can be removed. Saving is the caller's form's: with
 * JavaScript Add slot and Remove edit the list in place; without, they are that form's submit buttons
 * (`add`, `remove=<slot>`) and the page's action saves the change at once.
 */
export function SlotEditor(props: { slots: Slot[]; onChange: (slots: Slot[]) => void; label: string }) {
  const { slots, onChange, label } = props;
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [time, setTime] = useState("09:00");
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Time slots</legend>
      <ul aria-label={`Time slots of ${label}`} className="flex flex-wrap gap-1">
        {slots.length === 0 ? <li className="text-sm text-slate-500">No slots yet.</li> : null}
        {slots.map((s) => (
          <li
            key={`${s.day}-${s.time}`}
            className="inline-flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-sm"
          >
            {WEEKDAY_NAMES[s.day - 1]} {s.time}
            <input type="hidden" name="slot" value={slotValue(s)} />
            <button
              type="submit"
              name="remove"
              value={slotValue(s)}
              aria-label={`Remove ${WEEKDAY_NAMES[s.day - 1]} ${s.time}`}
              onClick={(e) => {
                e.preventDefault();
                onChange(slots.filter((x) => x !== s));
              }}
            >
              <X className="size-3" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        {WEEKDAYS.map((d) => (
          <label key={d} className="inline-flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              name="day"
              value={d}
              checked={days.includes(d)}
              onChange={(e) => setDays(e.target.checked ? [...days, d] : days.filter((x) => x !== d))}
            />
            {WEEKDAY_NAMES[d - 1]}
          </label>
        ))}
        <input
          type="time"
          name="time"
          aria-label="Slot time"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          className={`${inputClass} w-32`}
        />
        <button
          type="submit"
          name="add"
          value="1"
          className={secondaryButton}
          disabled={days.length === 0 || !time}
          onClick={(e) => {
            e.preventDefault();
            onChange(normalizeSlots([...slots, ...days.map((day) => ({ day, time }))]));
          }}
        >
          Add slot
        </button>
      </div>
    </fieldset>
  );
}
