import type { DragEndEvent } from "@dnd-kit/core";
import { useState } from "react";
import { useDragKit } from "~/components/ui/drag-kit";
import { ArrowDown, ArrowUp, GripVertical } from "~/components/ui/icons";
import { OnDemandDrag } from "~/components/ui/OnDemandDrag";
import { RefusedNote } from "~/components/ui/RefusedNote";
import { primaryButton, secondaryButton } from "~/components/ui/styles";
import { useMay } from "~/lib/may";
import { useFormAction } from "~/lib/use-form-action";
import type { Slot } from "../../../workers/queue/index";
import { SlotEditor } from "./SlotEditor";
import { movedOrder, type QueueJson, queueLabel, slotTime, slotValue } from "./types";

/** One account's queue: slots, pause, Share next, and the upcoming slots (posts reorder by drag or buttons). */
export function QueueCard({ queue, others }: { queue: QueueJson; others: QueueJson[] }) {
  const label = queueLabel(queue);
  const pause = useFormAction("pause");
  const share = useFormAction("share-next");
  const save = useFormAction("slots");
  const reorder = useFormAction("reorder");
  const copy = useFormAction("copy-slots");
  const busy = pause.busy || share.busy || save.busy || reorder.busy || copy.busy;
  // A queue is changed with `posts.publish`: below it the card is read-only, every control disabled, and says why.
  const refused = useMay().why("posts.publish");
  const noteId = `queue-refused-${queue.accountId}`;
  // Each form names its account; the page's loader reads the queues again after any of them.
  const fields = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="accountId" value={queue.accountId} />
    </>
  );
  const posts = queue.upcoming.filter((r) => r.post);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = posts.findIndex((r) => r.post!.targetId === active.id);
    const to = posts.findIndex((r) => r.post!.targetId === over?.id);
    if (from >= 0 && to >= 0 && from !== to)
      void reorder.submit({ accountId: queue.accountId, targetIds: movedOrder(queue, from, to) });
  };
  const moveButton = (index: number, to: number, name: string, children: React.ReactNode) => (
    <form {...reorder.form}>
      {fields("reorder")}
      {movedOrder(queue, index, to).map((id) => (
        <input key={id} type="hidden" name="targetIds" value={id} />
      ))}
      <button type="submit" aria-label={name} disabled={busy || to < 0 || to >= posts.length}>
        {children}
      </button>
    </form>
  );
  return (
    <section aria-label={`Queue of ${label}`} className="space-y-3 rounded-lg border border-slate-200 bg-surface p-4">
      <RefusedNote id={noteId} why={refused} />
      <fieldset disabled={!!refused} aria-describedby={refused && noteId} className="min-w-0 space-y-3">
        <header className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">{label}</h2>
          <span className="text-xs text-slate-500">{queue.timezone}</span>
          <div className="ml-auto flex gap-2">
            <form {...pause.form}>
              {fields("pause")}
              <input type="hidden" name="paused" value={String(!queue.paused)} />
              <button type="submit" className={secondaryButton} disabled={busy}>
                {queue.paused ? "Resume queue" : "Pause queue"}
              </button>
            </form>
            <form {...share.form}>
              {fields("share-next")}
              <button type="submit" className={primaryButton} disabled={busy || posts.length === 0}>
                Share next
              </button>
            </form>
          </div>
        </header>
        {queue.paused ? (
          <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-800">
            This queue is paused: none of this account's posts are published until you resume it (Share next still sends
            one).
          </p>
        ) : null}
        <form {...save.form} className="space-y-3">
          {fields("slots")}
          {/* Keyed by what is stored: after a save the list starts again from the saved slots. */}
          <SlotsField key={queue.slots.map(slotValue).join(",")} stored={queue.slots} label={label} />
          <button type="submit" className={secondaryButton} disabled={busy}>
            Save slots
          </button>
        </form>
        {others.length > 0 && queue.slots.length > 0 ? (
          // A disclosure and a plain form: it works the same without JavaScript.
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">Copy slots to…</summary>
            <form {...copy.form} className="mt-2 space-y-2">
              {fields("copy-slots")}
              <fieldset>
                <legend className="text-slate-600">
                  Replace these accounts' slots with {label}'s {queue.slots.length}:
                </legend>
                {others.map((o) => (
                  <label key={o.accountId} className="mt-1 flex items-center gap-2">
                    <input type="checkbox" name="to" value={o.accountId} />
                    {queueLabel(o)}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className={secondaryButton} disabled={busy}>
                Copy slots
              </button>
            </form>
          </details>
        ) : null}
        <OnDemandDrag onDragEnd={onDragEnd}>
          <ol aria-label={`Upcoming slots of ${label}`} className="divide-y divide-slate-100">
            {queue.upcoming.length === 0 ? <li className="py-2 text-sm text-slate-500">No upcoming slots.</li> : null}
            {queue.upcoming.map((row) => {
              const index = row.post ? posts.indexOf(row) : -1;
              return (
                <li key={`${row.at}-${row.post?.targetId ?? "empty"}`} className="flex items-center gap-2 py-2 text-sm">
                  <span className="w-24 shrink-0 tabular-nums text-slate-600 sm:w-32">
                    {slotTime(row.at, queue.timezone)}
                  </span>
                  {row.post ? (
                    <QueuedPost id={row.post.targetId} content={row.post.content}>
                      {moveButton(
                        index,
                        index - 1,
                        `Move up: ${row.post.content}`,
                        <ArrowUp className="size-4" aria-hidden />,
                      )}
                      {moveButton(
                        index,
                        index + 1,
                        `Move down: ${row.post.content}`,
                        <ArrowDown className="size-4" aria-hidden />,
                      )}
                    </QueuedPost>
                  ) : (
                    <span className="text-slate-500">Empty slot</span>
                  )}
                </li>
              );
            })}
          </ol>
        </OnDemandDrag>
      </fieldset>
    </section>
  );
}

/** The slot list being edited: with JavaScript it changes in place until Save slots posts it. */
function SlotsField({ stored, label }: { stored: Slot[]; label: string }) {
  const [slots, setSlots] = useState<Slot[]>(stored);
  return <SlotEditor slots={slots} onChange={setSlots} label={label} />;
}

/** A waiting post: draggable by its handle, and a drop target for the others. */
function QueuedPost(props: { id: string; content: string; children: React.ReactNode }) {
  const { useDraggable, useDroppable } = useDragKit();
  const label = `post "${props.content}"`;
  const drag = useDraggable({ id: props.id, data: { label } });
  const drop = useDroppable({ id: props.id, data: { label: `the place of ${label}` } });
  const style = drag.transform ? { transform: `translate(${drag.transform.x}px, ${drag.transform.y}px)` } : undefined;
  return (
    <div
      ref={(el) => {
        drag.setNodeRef(el);
        drop.setNodeRef(el);
      }}
      style={style}
      className={`flex min-w-0 flex-1 items-center gap-2 rounded px-1 ${drop.isOver ? "bg-brand-50" : ""}`}
    >
      <button type="button" aria-label={`Drag: ${props.content}`} {...drag.listeners} {...drag.attributes}>
        <GripVertical className="size-4 text-slate-400" aria-hidden />
      </button>
      <span className="min-w-0 flex-1 truncate">{props.content}</span>
      {props.children}
    </div>
  );
}
