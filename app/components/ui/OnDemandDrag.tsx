import type { DragEndEvent } from "@dnd-kit/core";
import { useEffect, useRef, useState } from "react";
import { onDemand } from "~/lib/on-demand";

const layer = onDemand(() => import("./DragLayer").then((m) => m.DragLayer));

/** A draggable of the area by its id (`data-drag-id`, drag-kit.tsx), which both mounts put on it. */
const draggable = (box: HTMLElement | null, id: string) =>
  box?.querySelector<HTMLElement>(`[data-drag-id="${CSS.escape(id)}"]`) ?? null;

/**
 * Where an element sits in the area, by document order. Focus may rest on what has no id (a day's button, the
 * queue's Move buttons), and both mounts render the same elements, so its place finds it again.
 */
const placeOf = (box: HTMLElement, el: Element) => Array.prototype.indexOf.call(box.querySelectorAll("*"), el);
const atPlace = (box: HTMLElement | null, place: number) => box?.querySelectorAll<HTMLElement>("*")[place] ?? null;

/**
 * An area (the planner's calendar, a queue's upcoming posts) draggable once @dnd-kit has arrived: it is fetched
 * when the pointer enters the area or focus reaches it, not with the page (ADR 045). The area remounts inside the
 * drag layer then, so what was under way carries over: a scrolled element (the week) goes back to where it was
 * scrolled, the focused element gets focus back at its place, and a press on a draggable that is still held is
 * replayed on the draggable with its id, so the drag goes on with the pointer's next move. A press on anything
 * else (a button) holds the remount until its click has fired: a click whose press and release land on different
 * mounts of the button never happens. Draggables and drop targets take their hooks from `useDragKit`
 * (drag-kit.tsx).
 */
export function OnDemandDrag({
  onDragEnd,
  children,
}: {
  onDragEnd: (e: DragEndEvent) => void;
  children: React.ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const Layer = layer.useOnDemand(wanted);
  const [holding, setHolding] = useState(false);
  const Mounted = holding ? null : Layer;
  const box = useRef<HTMLDivElement>(null);
  const focused = useRef<number | null>(null);
  const scrolled = useRef<{ place: number; top: number; left: number } | null>(null);
  const pressed = useRef<{ id: string; init: PointerEventInit } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || Mounted) return;
    const want = () => setWanted(true);
    const down = (e: PointerEvent) => {
      want();
      const id = e.target instanceof Element ? e.target.closest("[data-drag-id]")?.getAttribute("data-drag-id") : null;
      pressed.current =
        id && e.isPrimary && e.button === 0
          ? {
              id,
              init: { clientX: e.clientX, clientY: e.clientY, pointerId: e.pointerId, pointerType: e.pointerType },
            }
          : null;
      if (!pressed.current) setHolding(true);
    };
    const release = () => {
      pressed.current = null;
      // The click follows the release in the same task; the remount waits for the next one.
      setTimeout(() => setHolding(false));
    };
    const focus = (e: FocusEvent) => {
      focused.current = e.target instanceof Element ? placeOf(el, e.target) : null;
      want();
    };
    const blur = (e: FocusEvent) => {
      // The remount removes the focused element, which fires this too: only focus that moved on (the element still
      // in the page once the removal is done) is forgotten, so the new mount can give it back.
      const left = e.target;
      queueMicrotask(() => {
        if (left instanceof Element && left.isConnected) focused.current = null;
      });
    };
    // Where the person scrolled inside the area (the week's hours): the new mount opens where its own effects put
    // it (the working day), and is put back here, so the layer's arrival does not move what they scrolled to.
    const scroll = (e: Event) => {
      if (e.target instanceof Element && e.target !== el)
        scrolled.current = { place: placeOf(el, e.target), top: e.target.scrollTop, left: e.target.scrollLeft };
    };
    el.addEventListener("scroll", scroll, true);
    el.addEventListener("pointerenter", want);
    el.addEventListener("pointerdown", down);
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", release);
    el.addEventListener("focusin", focus);
    el.addEventListener("focusout", blur);
    return () => {
      el.removeEventListener("scroll", scroll, true);
      el.removeEventListener("pointerenter", want);
      el.removeEventListener("pointerdown", down);
      window.removeEventListener("pointerup", release);
      window.removeEventListener("pointercancel", release);
      el.removeEventListener("focusin", focus);
      el.removeEventListener("focusout", blur);
    };
  }, [Mounted]);

  useEffect(() => {
    if (!Mounted) return;
    const view = scrolled.current && atPlace(box.current, scrolled.current.place);
    if (view) view.scrollTo(scrolled.current!.left, scrolled.current!.top);
    if (focused.current !== null) atPlace(box.current, focused.current)?.focus();
    const press = pressed.current;
    if (press)
      draggable(box.current, press.id)?.dispatchEvent(
        new PointerEvent("pointerdown", { ...press.init, bubbles: true, isPrimary: true, button: 0, buttons: 1 }),
      );
  }, [Mounted]);

  return (
    <div ref={box} className="contents">
      {Mounted ? <Mounted onDragEnd={onDragEnd}>{children}</Mounted> : children}
    </div>
  );
}
