import { Form } from "react-router";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { inputClass, labelClass, secondaryButton } from "~/components/ui/styles";
import { useHydrated } from "~/lib/use-hydrated";
import type { AnalyticsTab } from "./analytics-view";
import { choosePeriod, type Filters, PERIOD_OPTIONS, type Period, togglePlatform } from "./filters";

const pill = "rounded-full border px-3 py-1 text-sm font-medium";
const pillOff = "border-slate-300 bg-surface text-slate-700 hover:bg-slate-50";

/**
 * Time Period (with the custom range's two dates) and the platforms: a GET form of the URL's own parameters
 * (analytics-view.ts) that keeps the open tab. With JavaScript every change navigates at once and the platforms
 * are multi-select toggle buttons; without it they are checkboxes (none ticked is every platform) and Apply sends.
 */
export function FilterBar({
  tab,
  filters,
  platforms,
  onChange,
}: {
  tab: AnalyticsTab;
  filters: Filters;
  platforms: string[];
  onChange: (f: Filters) => void;
}) {
  const hydrated = useHydrated();
  const name = (id: string) => PLATFORM_META[id]?.name ?? id;
  const button = (id: string, label: string) => {
    const pressed = filters.platforms.includes(id);
    return (
      <button
        key={id}
        type="button"
        aria-pressed={pressed}
        onClick={() => onChange({ ...filters, platforms: togglePlatform(filters.platforms, id) })}
        className={`${pill} ${pressed ? "border-brand-600 bg-brand-600 text-on-accent" : pillOff}`}
      >
        {label}
      </button>
    );
  };
  const checkbox = (id: string) => (
    <label key={id} className={`${pill} ${pillOff} inline-flex items-center gap-2`}>
      <input type="checkbox" name="platforms" value={id} defaultChecked={filters.platforms.includes(id)} />
      {name(id)}
    </label>
  );
  return (
    <Form
      method="get"
      replace
      preventScrollReset
      aria-label="Analytics filters"
      className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-surface p-4 shadow-sm"
    >
      {tab !== "overview" && <input type="hidden" name="tab" value={tab} />}
      <div>
        <label htmlFor="analytics-period" className={labelClass}>
          Time Period
        </label>
        <select
          id="analytics-period"
          name="period"
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
              name="startDate"
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
              name="endDate"
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
      {hydrated ? (
        <div role="group" aria-label="Platforms" className="flex flex-wrap gap-2">
          {/* Enter in a date field submits the form: the platforms go with it. */}
          {!filters.platforms.includes("all") && (
            <input type="hidden" name="platforms" value={filters.platforms.join(",")} />
          )}
          {button("all", "All")}
          {platforms.map((p) => button(p, name(p)))}
        </div>
      ) : (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className={labelClass}>Platforms (none ticked: all)</legend>
          {platforms.map(checkbox)}
        </fieldset>
      )}
      {!hydrated && (
        <button type="submit" className={secondaryButton}>
          Apply
        </button>
      )}
    </Form>
  );
}
