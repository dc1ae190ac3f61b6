import type { PostJson } from "~/components/posts/types";
import { useDragKit } from "~/components/ui/drag-kit";
import { dayLabel, dayNumber, isSameMonth } from "./calendar";
import { PostChip } from "./PostChip";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** `days`: the 42 from the Sunday before the first (`monthGrid`); each day takes drops and opens the composer on click. */
export function MonthGrid({
  days,
  anchor,
  today,
  byDay,
  timeZone,
  onDay,
  onPost,
}: {
  days: string[];
  anchor: string;
  today: string;
  byDay: Map<string, PostJson[]>;
  timeZone: string;
  /** Absent when the member may not write posts: the day's number is then no button to create one. */
  onDay?: (day: string) => void;
  onPost: (post: PostJson) => void;
}) {
  return (
    <div
      role="grid"
      aria-label="Month"
      className="grid grid-cols-7 overflow-hidden rounded-lg border border-slate-200 bg-slate-200 [gap:1px]"
    >
      <div role="row" className="contents">
        {WEEKDAYS.map((d) => (
          <div role="columnheader" key={d} className="bg-slate-50 py-2 text-center text-xs font-medium text-slate-500">
            {d}
          </div>
        ))}
      </div>
      {Array.from({ length: 6 }, (_, week) => (
        <div role="row" key={week} className="contents">
          {days.slice(week * 7, week * 7 + 7).map((day) => (
            <DayCell
              key={day}
              day={day}
              muted={!isSameMonth(day, anchor)}
              today={day === today}
              posts={byDay.get(day) ?? []}
              timeZone={timeZone}
              onDay={onDay}
              onPost={onPost}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function DayCell({
  day,
  muted,
  today,
  posts,
  timeZone,
  onDay,
  onPost,
}: {
  day: string;
  muted: boolean;
  today: boolean;
  posts: PostJson[];
  timeZone: string;
  onDay?: (day: string) => void;
  onPost: (post: PostJson) => void;
}) {
  const { useDroppable } = useDragKit();
  const { setNodeRef, isOver } = useDroppable({ id: day, data: { day, label: dayLabel(day, "EEEE, MMMM d") } });
  return (
    <div
      role="gridcell"
      ref={setNodeRef}
      data-day={day}
      className={`min-h-24 p-1 ${muted ? "bg-slate-50" : "bg-surface"} ${isOver ? "ring-2 ring-brand-500 ring-inset" : ""}`}
    >
      {onDay ? (
        <button
          type="button"
          onClick={() => onDay(day)}
          aria-label={`Create post on ${dayLabel(day, "MMMM d, yyyy")}`}
          className={`mb-1 flex size-6 items-center justify-center rounded-full text-xs hover:bg-slate-100 ${today ? "bg-brand-600 font-semibold text-on-accent hover:bg-brand-700" : muted ? "text-slate-500" : "text-slate-700"}`}
        >
          {dayNumber(day)}
        </button>
      ) : (
        <span
          className={`mb-1 flex size-6 items-center justify-center rounded-full text-xs ${today ? "bg-brand-600 font-semibold text-on-accent" : muted ? "text-slate-500" : "text-slate-700"}`}
        >
          {dayNumber(day)}
        </span>
      )}
      <div className="space-y-1">
        {posts.map((p) => (
          <PostChip key={p.id} post={p} timeZone={timeZone} onOpen={() => onPost(p)} />
        ))}
      </div>
    </div>
  );
}
