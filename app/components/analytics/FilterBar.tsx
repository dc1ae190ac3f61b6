import { PLATFORM_META } from "~/components/platforms/platform-options";
import { inputClass, labelClass } from "~/components/ui/styles";
import { choosePeriod, type Filters, PERIOD_OPTIONS, type Period, togglePlatform } from "./filters";

/** Time Period (with the custom range's two dates) and the multi-select platform buttons. */
export function FilterBar({
  filters,
  platforms,
  onChange,
}: {
  filters: Filters;
  platforms: string[];
  onChange: (f: Filters) => void;
}) {
  const button = (id: string, label: string) => {
    const pressed = filters.platforms.includes(id);
    return (
      <button
        key={id}
        type="button"
        aria-pressed={pressed}
        onClick={() => onChange({ ...filters, platforms: togglePlatform(filters.platforms, id) })}
        className={`rounded-full border px-3 py-1 text-sm font-medium ${pressed ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
      >
        {label}
      </button>
    );
  };
  return (
    <div className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <label htmlFor="analytics-period" className={labelClass}>
          Time Period
        </label>
        <select
          id="analytics-period"
          className={inputClass}
          value={filters.period}
          onChange={(e) => onChange(choosePeriod(filters, e.target.value as Period))}
        >
          {PERIOD_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {filters.period === "custom" && (
        <>
          <div>
            <label htmlFor="analytics-start" className={labelClass}>
              Start date
            </label>
            <input
              id="analytics-start"
              type="date"
              className={inputClass}
              value={filters.customDateRange.start}
              onChange={(e) =>
                onChange({ ...filters, customDateRange: { ...filters.customDateRange, start: e.target.value } })
              }
            />
          </div>
          <div>
            <label htmlFor="analytics-end" className={labelClass}>
              End date
            </label>
            <input
              id="analytics-end"
              type="date"
              className={inputClass}
              value={filters.customDateRange.end}
              onChange={(e) =>
                onChange({ ...filters, customDateRange: { ...filters.customDateRange, end: e.target.value } })
              }
            />
          </div>
        </>
      )}
      <div role="group" aria-label="Platforms" className="flex flex-wrap gap-2">
        {button("all", "All")}
        {platforms.map((p) => button(p, PLATFORM_META[p]?.name ?? p))}
      </div>
    </div>
  );
}
