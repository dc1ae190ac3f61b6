import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useState } from "react";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { PLATFORM_NAMES, type Platform } from "../../../workers/platform-profile";
import { utcToLocal } from "../../../workers/posts/schedule-time";
import type { Slot } from "../../../workers/queue/slots";
import { SlotEditor } from "./SlotEditor";
import { movedOrder, type QueueJson } from "./types";

/** One account's queue: slots, pause, Share next, and the upcoming slots (posts reorder by drag or buttons). */
export function QueueCard({ queue, onChange }: { queue: QueueJson; onChange: (q: QueueJson) => void }) {
  const label = `${PLATFORM_NAMES[queue.platform as Platform] ?? queue.platform} @${queue.username}`;
  const [slots, setSlots] = useState<Slot[]>(queue.slots);
  const [busy, setBusy] = useState(false);
  const run = async (path: string, json: unknown, method = "POST") => {
    setBusy(true);
    const res = await api<QueueJson>(`/api/queue/${queue.accountId}/${path}`, { method, json });
    setBusy(false);
    if (!res.ok) return void notify.error(res.message);
    notify.success(res.message);
    if (path !== "share-next") return onChange(res.data);
    // Share next answers with the post; the queue is read again.
    const fresh = await api<{ queues: QueueJson[] }>(`/api/queue?accountId=${queue.accountId}`);
    if (fresh.ok && fresh.data.queues[0]) onChange(fresh.data.queues[0]);
  };
  const posts = queue.upcoming.filter((r) => r.post);
  const move = (from: number, to: number) => run("reorder", { targetIds: movedOrder(queue, from, to) });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = posts.findIndex((r) => r.post!.targetId === active.id);
    const to = posts.findIndex((r) => r.post!.targetId === over?.id);
    if (from >= 0 && to >= 0 && from !== to) void move(from, to);
  };
  const when = (at: string) => {
    const l = utcToLocal(Date.parse(at), queue.timezone);
    return `${new Date(`${l.localDate}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" })} ${l.localTime}`;
  };
  return (
    <section aria-label={`Queue of ${label}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">{label}</h2>
        <span className="text-xs text-slate-500">{queue.timezone}</span>
        <div className="ml-auto flex gap-2">
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => run("pause", { paused: !queue.paused })}
          >
            {queue.paused ? "Resume queue" : "Pause queue"}
          </button>
          <button
            type="button"
            className={primaryButton}
            disabled={busy || posts.length === 0}
            onClick={() => run("share-next", {})}
          >
            Share next
          </button>
        </div>
      </header>
      {queue.paused ? (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-800">
          This queue is paused: none of this account's posts are published until you resume it (Share next still sends
          one).
        </p>
      ) : null}
      <SlotEditor slots={slots} onChange={setSlots} label={label} />
      <button type="button" className={secondaryButton} disabled={busy} onClick={() => run("slots", { slots }, "PUT")}>
        Save slots
      </button>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <ol aria-label={`Upcoming slots of ${label}`} className="divide-y divide-slate-100">
          {queue.upcoming.length === 0 ? <li className="py-2 text-sm text-slate-500">No upcoming slots.</li> : null}
          {queue.upcoming.map((row) => {
            const index = row.post ? posts.indexOf(row) : -1;
            return (
              <li key={`${row.at}-${row.post?.targetId ?? "empty"}`} className="flex items-center gap-2 py-2 text-sm">
                <span className="w-32 shrink-0 tabular-nums text-slate-600">{when(row.at)}</span>
                {row.post ? (
                  <QueuedPost id={row.post.targetId} content={row.post.content}>
                    <button
                      type="button"
                      aria-label={`Move up: ${row.post.content}`}
                      disabled={busy || index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp className="size-4" aria-hidden />
                    </button>
                    <button
                      type="button"
                      aria-label={`Move down: ${row.post.content}`}
                      disabled={busy || index === posts.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown className="size-4" aria-hidden />
                    </button>
                  </QueuedPost>
                ) : (
                  <span className="text-slate-400">Empty slot</span>
                )}
              </li>
            );
          })}
        </ol>
      </DndContext>
    </section>
  );
}

/** A waiting post: draggable by its handle, and a drop target for the others. */
function QueuedPost(props: { id: string; content: string; children: React.ReactNode }) {
  const drag = useDraggable({ id: props.id });
  const drop = useDroppable({ id: props.id });
  const style = drag.transform ? { transform: `translate(${drag.transform.x}px, ${drag.transform.y}px)` } : undefined;
  return (
    <div
      ref={(el) => {
        drag.setNodeRef(el);
        drop.setNodeRef(el);
      }}
      style={style}
      className={`flex flex-1 items-center gap-2 rounded px-1 ${drop.isOver ? "bg-brand-50" : ""}`}
    >
      <button type="button" aria-label={`Drag: ${props.content}`} {...drag.listeners} {...drag.attributes}>
        <GripVertical className="size-4 text-slate-400" aria-hidden />
      </button>
      <span className="flex-1 truncate">{props.content}</span>
      {props.children}
    </div>
  );
}
