import { Link } from "react-router";
import { ChevronLeft, ChevronRight, Plus } from "~/components/ui/icons";
import { OnDemandMenu } from "~/components/ui/OnDemandMenu";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { onDemand } from "~/lib/on-demand";
import { CALENDAR_VIEWS, type CalendarView } from "./calendar";
import { FiltersButtonText } from "./FiltersButtonText";
import { activeFilters, filtersLabel, type PlannerStatus } from "./planner-statuses";

const VIEW_LABELS: Record<CalendarView, string> = { month: "Month", week: "Week", day: "Day", list: "List" };

/** The filter menu (Radix menu and its positioning code) loads on first use, not with the planner. */
const filtersMenu = onDemand(() => import("./PlannerFilters").then((m) => m.PlannerFilters));

/** The planner's own links replace its history entry and keep the scroll, as its filters do. */
const nav = { replace: true, preventScrollReset: true } as const;

/** Month/Week, previous/next/Today, the period's title, status filters and Create Post. */
export function PlannerToolbar(props: {
  view: CalendarView;
  /** Where each view, step and Today lead: links, so they work before (and without) JavaScript. */
  viewHref: (view: CalendarView) => string;
  label: string;
  stepHref: (step: -1 | 1) => string;
  todayHref: string;
  shown: PlannerStatus[];
  onShown: (shown: PlannerStatus[]) => void;
  /** Networks shown; empty = all. */
  channels: string[];
  onChannels: (channels: string[]) => void;
  onCreate: () => void;
  /** Why the member may not create posts here, if so: Create Post is then disabled with this line. */
  refused?: string;
}) {
  const { view, viewHref, label, stepHref, todayHref, shown, onShown, channels, onChannels, onCreate, refused } = props;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <div role="group" aria-label="Calendar view" className="inline-flex rounded-md border border-slate-300">
        {CALENDAR_VIEWS.map((v) => (
          <Link
            key={v}
            to={viewHref(v)}
            {...nav}
            aria-current={view === v ? "page" : undefined}
            className="px-3 py-1.5 text-sm aria-[current=page]:bg-brand-600 aria-[current=page]:text-on-accent"
          >
            {VIEW_LABELS[v]}
          </Link>
        ))}
      </div>
      <div className="inline-flex items-center gap-1">
        <Link
          to={stepHref(-1)}
          {...nav}
          aria-label={`Previous ${view === "list" ? "month" : view}`}
          className="rounded p-1.5 hover:bg-slate-100"
        >
          <ChevronLeft className="size-5" aria-hidden />
        </Link>
        <Link
          to={stepHref(1)}
          {...nav}
          aria-label={`Next ${view === "list" ? "month" : view}`}
          className="rounded p-1.5 hover:bg-slate-100"
        >
          <ChevronRight className="size-5" aria-hidden />
        </Link>
        <Link to={todayHref} {...nav} className={secondaryButton}>
          Today
        </Link>
      </div>
      <h2 className="text-lg font-semibold" aria-live="polite">
        {label}
      </h2>
      <div className="ml-auto flex gap-2">
        <OnDemandMenu
          menu={filtersMenu}
          props={{ shown, onShown, channels, onChannels }}
          label={filtersLabel(activeFilters(shown, channels))}
          className={secondaryButton}
        >
          <FiltersButtonText active={activeFilters(shown, channels)} />
        </OnDemandMenu>
        <button
          type="button"
          className={primaryButton}
          onClick={onCreate}
          disabled={!!refused}
          aria-describedby={refused && "create-refused"}
        >
          <Plus className="size-4" aria-hidden /> Create Post
        </button>
      </div>
      <RefusedNote id="create-refused" why={refused} />
    </div>
  );
}
