import { useId, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "~/lib/api";
import { inputClass, labelClass } from "~/components/ui/styles";
import type { Notify } from "./NotificationBanner";

function timezones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

/** The user's IANA timezone, detected at sign-up; schedules are shown and edited in it. */
export function TimezoneSelect({ value, notify }: { value: string; notify: Notify }) {
  const id = useId();
  const { revalidate } = useRevalidator();
  const [saving, setSaving] = useState(false);
  const options = useMemo(() => timezones(value), [value]);

  async function change(timezone: string) {
    setSaving(true);
    const res = await api("/api/users/timezone", { method: "PUT", json: { timezone } });
    setSaving(false);
    if (!res.ok) return notify("error", res.message);
    notify("success", `Timezone updated to ${timezone}`);
    await revalidate();
  }

  return (
    <div className="max-w-md">
      <label htmlFor={id} className={labelClass}>
        Timezone
      </label>
      <select id={id} className={inputClass} value={value} disabled={saving} onChange={(e) => change(e.target.value)}>
        {options.map((tz) => (
          <option key={tz} value={tz}>
            {tz.replaceAll("_", " ")}
          </option>
        ))}
      </select>
      <p className="mt-1 text-xs text-slate-500">Scheduled times are shown in this timezone.</p>
    </div>
  );
}
