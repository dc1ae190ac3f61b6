import { useId } from "react";
import { inputClass, labelClass } from "~/components/ui/styles";
import { TimePicker12h } from "./TimePicker12h";
import { skippedTime, to12h } from "./time-picker";

/** Now or Later; Later picks a date (not before today) and a 12-hour time in the user's zone. */
export function ScheduleFields({
  mode,
  onMode,
  localDate,
  localTime,
  onChange,
  today,
  timeZone,
}: {
  mode: "now" | "later";
  onMode: (mode: "now" | "later") => void;
  localDate: string;
  localTime: string;
  onChange: (when: { localDate: string; localTime: string }) => void;
  today: string;
  timeZone: string;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className={labelClass}>When</legend>
      <div className="flex gap-4 text-sm">
        {(["now", "later"] as const).map((m) => (
          <label key={m} className="inline-flex items-center gap-2">
            <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => onMode(m)} />
            {m === "now" ? "Now" : "Later"}
          </label>
        ))}
      </div>
      {mode === "later" ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-date`} className={labelClass}>
              Date
            </label>
            <input
              id={`${id}-date`}
              type="date"
              min={today}
              value={localDate}
              required
              className={inputClass}
              onChange={(e) => onChange({ localDate: e.target.value, localTime })}
            />
          </div>
          <TimePicker12h value={localTime} onChange={(t) => onChange({ localDate, localTime: t })} />
          <p className="w-full text-xs text-slate-500">Times are in your timezone ({timeZone}).</p>
          <SkippedHour localDate={localDate} localTime={localTime} timeZone={timeZone} />
        </div>
      ) : null}
    </fieldset>
  );
}

const twelve = (time: string) => {
  const t = to12h(time);
  return `${t.hour}:${t.minute} ${t.period}`;
};

/** Says so when the time picked is in the hour the clocks skip that night: the post goes at the time after it. */
function SkippedHour({ localDate, localTime, timeZone }: { localDate: string; localTime: string; timeZone: string }) {
  const actual = skippedTime(localDate, localTime, timeZone);
  if (!actual) return null;
  return (
    <p role="status" className="w-full text-xs text-amber-800">
      The clocks go forward that night, so {twelve(localTime)} does not exist on that day; the post is scheduled for{" "}
      {twelve(actual)}.
    </p>
  );
}
