import type { DragEndEvent } from "@dnd-kit/core";
import { useMemo, useState } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { groupByDay } from "~/components/planner/calendar";
import { DraftsList } from "~/components/planner/DraftsList";
import { MonthGrid } from "~/components/planner/MonthGrid";
import { PlannerToolbar } from "~/components/planner/PlannerToolbar";
import { plannerHref, plannerView } from "~/components/planner/planner-state";
import { PLANNER_STATUSES, type PlannerStatus } from "~/components/planner/planner-statuses";
import { AgendaList, preloadViews, WeekGrid } from "~/components/planner/views";
import { useLivePosts } from "~/components/posts/use-live-posts";
import { usePostDialogs } from "~/components/posts/use-post-dialogs";
import { OnDemandDrag } from "~/components/ui/OnDemandDrag";
import { useMay } from "~/lib/may";
import { pageMeta } from "~/lib/meta";
import { notify } from "~/lib/notify";
import { useFormAction } from "~/lib/use-form-action";
import { MOBILE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import { useTimeZone } from "~/lib/use-time-zone";
import { appContext } from "../../workers/context";
import type { Route } from "./+types/planner";
import { plannerAction, plannerData } from "./planner.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Content Planner",
    description: "Plan and schedule your posts on a calendar.",
    keywords: "content calendar, post scheduling, planner",
  });

export async function loader({ context, url }: Route.LoaderArgs) {
  // The server renders a week or a list in one pass, their code at hand (also without JavaScript).
  await preloadViews();
  return plannerData(context.get(appContext), url);
}

/** A drag's reschedule posts here through a fetcher (JavaScript only: dragging needs it). */
export function action({ request, context, url }: Route.ActionArgs) {
  return plannerAction(request, context.get(appContext), url);
}

export default function PlannerPage({ loaderData: { today, posts, drafts, labels, calendar } }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  // View, day, status and channel filters live in the URL, so a reload or a shared link shows the same planner.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { view, anchor, shown, channels } = plannerView(params, today);
  const { days } = calendar;
  const href = (patch: Record<string, string | null>) => plannerHref(params, patch);
  const update = (patch: Record<string, string | null>) =>
    navigate(href(patch), { replace: true, preventScrollReset: true });
  const setShown = (s: PlannerStatus[]) =>
    update({ status: s.length === PLANNER_STATUSES.length ? null : s.join(",") });
  const setChannels = (c: string[]) => update({ channel: c.length ? c.join(",") : null });
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const dialogs = usePostDialogs(timeZone, reload);
  useLivePosts(posts);

  const [moved, setMoved] = useState<Record<string, string>>({});
  const visible = useMemo(
    () =>
      posts
        .filter(
          (p) =>
            shown.includes(p.status as PlannerStatus) ||
            (!PLANNER_STATUSES.includes(p.status as PlannerStatus) && shown.length === PLANNER_STATUSES.length),
        )
        .filter((p) => channels.length === 0 || p.platforms.some((x) => channels.includes(x)))
        .map((p) => (moved[p.id] ? { ...p, scheduledDate: moved[p.id]! } : p)),
    [posts, shown, moved, channels],
  );

  // A drop posts to the action; its reply (the API's message) is a toast.
  const reschedule = useFormAction("reschedule");
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    const post = visible.find((p) => p.id === active.id);
    const target = over?.data.current as { day: string; hour?: number } | undefined;
    if (!post?.scheduledDate || !target) return;
    const { dropInstant, ScheduleMessages } = await import("~/components/planner/drop");
    const at = dropInstant(Date.parse(post.scheduledDate), timeZone, target.day, target.hour);
    if (at === null || at === Date.parse(post.scheduledDate)) return;
    if (at < Date.now()) return void notify.error(ScheduleMessages.schedulePast);
    const iso = new Date(at).toISOString();
    // Shown at its new place while the action runs (and the loader reads again after it); back if refused.
    setMoved((m) => ({ ...m, [post.id]: iso }));
    await reschedule.submit({ id: post.id, scheduledDate: iso });
    setMoved((m) => Object.fromEntries(Object.entries(m).filter(([id]) => id !== post.id)));
  };

  const refused = useMay().why("posts.write");
  const openDay = refused ? undefined : (day: string) => dialogs.compose({ day });
  // Below the desktop width a month's or week's cells are too narrow to read a chip: the same days as a list.
  const narrow = useMediaQuery(MOBILE_QUERY);
  return (
    <>
      <PageHeader title="Content Planner" description="Plan and schedule your posts on a calendar." />
      <nav aria-label="Planning tools" className="mb-2 flex gap-4 text-sm">
        <Link to="/queue" className="text-brand-600 hover:underline">
          Queue: time slots per account
        </Link>
        <Link to="/import" className="text-brand-600 hover:underline">
          Import posts from CSV
        </Link>
      </nav>
      {labels.length ? (
        <div className="mb-2 flex items-center gap-2 text-sm">
          <label htmlFor="planner-label">Label</label>
          <select
            id="planner-label"
            className="rounded-md border border-slate-300 bg-surface px-2 py-1"
            value={params.get("label") ?? ""}
            onChange={(e) => update({ label: e.target.value || null })}
          >
            <option value="">All posts</option>
            {labels.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <PlannerToolbar
        view={view}
        viewHref={(v) => href({ view: v === "month" ? null : v })}
        label={calendar.label}
        stepHref={(step) => href({ date: step < 0 ? calendar.prev : calendar.next })}
        todayHref={href({ date: null })}
        shown={shown}
        onShown={setShown}
        channels={channels}
        onChannels={setChannels}
        onCreate={() => dialogs.compose({})}
        refused={refused}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <OnDemandDrag onDragEnd={onDragEnd}>
          {narrow || view === "day" || view === "list" ? (
            <AgendaList
              days={days}
              posts={visible}
              timeZone={timeZone}
              single={view === "day"}
              onPost={dialogs.showDetail}
            />
          ) : view === "month" ? (
            <MonthGrid
              days={days}
              anchor={anchor}
              today={today}
              byDay={groupByDay(visible, timeZone)}
              timeZone={timeZone}
              onDay={openDay}
              onPost={dialogs.showDetail}
            />
          ) : (
            <WeekGrid
              anchor={anchor}
              today={today}
              posts={visible}
              timeZone={timeZone}
              onDay={openDay}
              onPost={dialogs.showDetail}
            />
          )}
        </OnDemandDrag>
        <DraftsList drafts={drafts} timeZone={timeZone} onPost={dialogs.showDetail} />
      </div>
      {dialogs.elements}
    </>
  );
}
