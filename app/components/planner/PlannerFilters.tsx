import { DropdownMenu } from "radix-ui";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { secondaryButton } from "~/components/ui/styles";
import { FiltersButtonText } from "./FiltersButtonText";
import { activeFilters, filtersLabel, PLANNER_STATUSES, type PlannerStatus } from "./planner-statuses";

const LABELS: Record<PlannerStatus, string> = {
  scheduled: "Scheduled",
  published: "Published",
  draft: "Draft",
  failed: "Failed",
};

export interface PlannerFiltersProps {
  shown: PlannerStatus[];
  onShown: (shown: PlannerStatus[]) => void;
  /** Networks shown; empty = all. */
  channels: string[];
  onChannels: (channels: string[]) => void;
}

/** The status and channel filter menu; PlannerToolbar loads it on first use. */
export function PlannerFilters({
  shown,
  onShown,
  channels,
  onChannels,
  defaultOpen,
}: PlannerFiltersProps & { defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={secondaryButton} aria-label={filtersLabel(activeFilters(shown, channels))}>
        <FiltersButtonText active={activeFilters(shown, channels)} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          className="z-[70] min-w-40 rounded-md border border-slate-200 bg-surface p-1 shadow-lg"
        >
          {PLANNER_STATUSES.map((s) => (
            <DropdownMenu.CheckboxItem
              key={s}
              checked={shown.includes(s)}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(on) => onShown(on ? [...shown, s] : shown.filter((x) => x !== s))}
              className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              <span className="inline-block w-4" aria-hidden>
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {LABELS[s]}
            </DropdownMenu.CheckboxItem>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className="px-3 py-1 text-xs text-slate-500">Channels</DropdownMenu.Label>
          {Object.entries(PLATFORM_META).map(([p, meta]) => (
            <DropdownMenu.CheckboxItem
              key={p}
              checked={channels.includes(p)}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(on) => onChannels(on ? [...channels, p] : channels.filter((x) => x !== p))}
              className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              <span className="inline-block w-4" aria-hidden>
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {meta.name}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
