import { PLATFORM_NAMES, type Platform } from "../../../workers/platform-profile";

export const AI_PLATFORMS = Object.keys(PLATFORM_NAMES) as Platform[];

/** Platform buttons; multi-select toggles each, single-select toggles the one chosen (SPEC platform grid). */
export function PlatformToggles({
  value,
  onChange,
  multiple,
  label,
}: {
  value: Platform[];
  onChange: (next: Platform[]) => void;
  multiple: boolean;
  label: string;
}) {
  const toggle = (p: Platform) => {
    const on = value.includes(p);
    if (multiple) onChange(on ? value.filter((v) => v !== p) : [...value, p]);
    else onChange(on ? [] : [p]);
  };
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {AI_PLATFORMS.map((p) => {
        const on = value.includes(p);
        return (
          <button
            key={p}
            type="button"
            aria-pressed={on}
            onClick={() => toggle(p)}
            className={`rounded-full border px-3 py-1 text-sm ${on ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 bg-surface text-slate-600 hover:bg-slate-50"}`}
          >
            {PLATFORM_NAMES[p]}
          </button>
        );
      })}
    </div>
  );
}
