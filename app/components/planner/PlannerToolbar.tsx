import { ChevronLeft, ChevronRight, Filter, Plus } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { CALENDAR_VIEWS, type CalendarView } from "./calendar";

export const PLANNER_STATUSES = ["scheduled", "published", "draft", "failed"] as const;
export type PlannerStatus = (typeof PLANNER_STATUSES)[number];
const VIEW_LABELS: Record<CalendarView, string> = { month: "Month", week: "Week", day: "Day", list: "List" };
const LABELS: Record<PlannerStatus, string> = {
  scheduled: "Scheduled",
  published: "Published",
  draft: "Draft",
  failed: "Failed",
};

/** Month/Week, previous/next/Today, the period's title, status filters and Create Post. */
export function PlannerToolbar(props: {
  view: CalendarView;
  onView: (view: CalendarView) => void;
  label: string;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  shown: PlannerStatus[];
  onShown: (shown: PlannerStatus[]) => void;
  /** Networks shown; empty = all. */
  channels: string[];
  onChannels: (channels: string[]) => void;
  onCreate: () => void;
}) {
  const { view, onView, label, onStep, onToday, shown, onShown, channels, onChannels, onCreate } = props;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <div role="group" aria-label="Calendar view" className="inline-flex rounded-md border border-slate-300">
        {CALENDAR_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => onView(v)}
            className="px-3 py-1.5 text-sm aria-pressed:bg-brand-600 aria-pressed:text-white"
          >
            {VIEW_LABELS[v]}
          </button>
        ))}
      </div>
      <div className="inline-flex items-center gap-1">
        <button
          type="button"
          aria-label={`Previous ${view === "list" ? "month" : view}`}
          onClick={() => onStep(-1)}
          className="rounded p-1.5 hover:bg-slate-100"
        >
          <ChevronLeft className="size-5" aria-hidden />
        </button>
        <button
          type="button"
          aria-label={`Next ${view === "list" ? "month" : view}`}
          onClick={() => onStep(1)}
          className="rounded p-1.5 hover:bg-slate-100"
        >
          <ChevronRight className="size-5" aria-hidden />
        </button>
        <button type="button" onClick={onToday} className={secondaryButton}>
          Today
        </button>
      </div>
      <h2 className="text-lg font-semibold" aria-live="polite">
        {label}
      </h2>
      <div className="ml-auto flex gap-2">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className={secondaryButton}>
            <Filter className="size-4" aria-hidden /> Filters
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
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
        <button type="button" className={primaryButton} onClick={onCreate}>
          <Plus className="size-4" aria-hidden /> Create Post
        </button>
      </div>
    </div>
  );
}
