import { controlClass } from "~/components/ui/styles";
import { from12h, HOURS, MINUTES, type Period, to12h } from "./time-picker";

/** Hour 1-12, minute 00-59 and AM/PM, editing a 24-hour "HH:mm". */
export function TimePicker12h({ value, onChange }: { value: string; onChange: (time: string) => void }) {
  const parts = to12h(value);
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Time</legend>
      <select
        aria-label="Hour"
        className={controlClass}
        value={parts.hour}
        onChange={(e) => onChange(from12h({ ...parts, hour: Number(e.target.value) }))}
      >
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
      <span aria-hidden>:</span>
      <select
        aria-label="Minute"
        className={controlClass}
        value={parts.minute}
        onChange={(e) => onChange(from12h({ ...parts, minute: e.target.value }))}
      >
        {MINUTES.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <select
        aria-label="AM or PM"
        className={controlClass}
        value={parts.period}
        onChange={(e) => onChange(from12h({ ...parts, period: e.target.value as Period }))}
      >
        <option value="AM">AM</option>
        <option value="PM">PM</option>
      </select>
    </fieldset>
  );
}
