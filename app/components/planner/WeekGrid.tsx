import { useEffect, useRef } from "react";
import type { PostJson } from "~/components/posts/types";
import { useDragKit } from "~/components/ui/drag-kit";
import { dayLabel, firstHourShown, placement } from "./calendar";
import { weekDays } from "./calendar-days";
import { PostChip } from "./PostChip";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? "AM" : "PM"}`;

/** Sunday to Saturday by hour; each hour of each day takes drops. */
export function WeekGrid({
  anchor,
  today,
  posts,
  timeZone,
  onDay,
  onPost,
}: {
  anchor: string;
  today: string;
  posts: PostJson[];
  timeZone: string;
  onDay?: (day: string) => void;
  onPost: (post: PostJson) => void;
}) {
  const days = weekDays(anchor);
  const placed = posts.map((p) => ({ post: p, ...placement(p, timeZone) }));
  const grid = useRef<HTMLDivElement>(null);
  const openAt = firstHourShown(placed.filter((p) => days.includes(p.day)).map((p) => p.hour));
  // Each week opens at its working day (or its earliest post) rather than at midnight; later scrolling is the user's.
  useEffect(() => {
    const el = grid.current;
    const row = el?.querySelector<HTMLElement>(`[data-hour="${openAt}"]`);
    const header = el?.querySelector<HTMLElement>('[role="row"]');
    if (el && row)
      el.scrollTop += row.getBoundingClientRect().top - el.getBoundingClientRect().top - (header?.offsetHeight ?? 0);
  }, [anchor, openAt]);
  return (
    <div
      ref={grid}
      role="grid"
      aria-label="Week"
      className="max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-surface"
    >
      <div
        role="row"
        className="sticky top-0 z-10 grid grid-cols-[4rem_repeat(7,minmax(0,1fr))] border-b border-slate-200 bg-slate-50"
      >
        {/* The hour column's header takes its grid column; only its text is for screen readers. */}
        <div role="columnheader">
          <span className="sr-only">Hour</span>
        </div>
        {days.map((day) => (
          <div role="columnheader" key={day} className="py-2 text-center text-xs font-medium">
            {onDay ? (
              <button
                type="button"
                onClick={() => onDay(day)}
                className={`rounded px-2 py-0.5 hover:bg-slate-100 ${day === today ? "bg-brand-600 text-on-accent hover:bg-brand-700" : ""}`}
              >
                {dayLabel(day, "EEE d")}
                <span className="sr-only">: create post on {dayLabel(day, "MMMM d, yyyy")}</span>
              </button>
            ) : (
              <span className={`rounded px-2 py-0.5 ${day === today ? "bg-brand-600 text-on-accent" : ""}`}>
                {dayLabel(day, "EEE d")}
              </span>
            )}
          </div>
        ))}
      </div>
      {HOURS.map((hour) => (
        <div
          role="row"
          key={hour}
          data-hour={hour}
          className="grid grid-cols-[4rem_repeat(7,minmax(0,1fr))] border-b border-slate-100"
        >
          <div role="rowheader" className="py-1 pr-2 text-right text-[11px] text-slate-500">
            {hourLabel(hour)}
          </div>
          {days.map((day) => (
            <HourCell key={day} day={day} hour={hour}>
              {placed
                .filter((p) => p.day === day && p.hour === hour)
                .map(({ post }) => (
                  <PostChip key={post.id} post={post} timeZone={timeZone} onOpen={() => onPost(post)} />
                ))}
            </HourCell>
          ))}
        </div>
      ))}
    </div>
  );
}

function HourCell({ day, hour, children }: { day: string; hour: number; children: React.ReactNode }) {
  const { useDroppable } = useDragKit();
  const { setNodeRef, isOver } = useDroppable({
    id: `${day}@${hour}`,
    data: { day, hour, label: `${dayLabel(day, "EEEE, MMMM d")} at ${hourLabel(hour)}` },
  });
  return (
    <div
      role="gridcell"
      ref={setNodeRef}
      data-slot={`${day}@${hour}`}
      className={`min-h-8 space-y-0.5 border-l border-slate-100 p-0.5 ${isOver ? "bg-brand-50" : ""}`}
    >
      {children}
    </div>
  );
}
