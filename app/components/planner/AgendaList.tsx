import type { PostJson } from "~/components/posts/types";
import { dayLabel, groupByDay } from "./calendar";
import { PostChip } from "./PostChip";

/** The day and list views: the days' posts in time order under each day's heading (empty days skipped in the list). */
export function AgendaList(props: {
  days: string[];
  posts: PostJson[];
  timeZone: string;
  single: boolean;
  onPost: (post: PostJson) => void;
}) {
  const byDay = groupByDay(props.posts, props.timeZone);
  const shown = props.days.filter((d) => props.single || byDay.has(d));
  return (
    <section
      aria-label={props.single ? "Day" : "List"}
      className="space-y-4 rounded-lg border border-slate-200 bg-surface p-4"
    >
      {shown.length === 0 || (props.single && !byDay.has(props.days[0]!)) ? (
        <p className="text-sm text-slate-500">{props.single ? "No posts on this day." : "No posts this month."}</p>
      ) : null}
      {shown
        .filter((d) => byDay.has(d))
        .map((day) => (
          <div key={day}>
            <h3 className="mb-1 text-sm font-semibold text-slate-700">{dayLabel(day, "EEEE, MMMM d")}</h3>
            <ul className="space-y-1">
              {byDay.get(day)!.map((post) => (
                <li key={post.id}>
                  <PostChip post={post} timeZone={props.timeZone} onOpen={() => props.onPost(post)} />
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
