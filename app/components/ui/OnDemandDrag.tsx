import type { DragEndEvent } from "@dnd-kit/core";
import { useEffect, useRef, useState } from "react";
import { onDemand } from "~/lib/on-demand";

const layer = onDemand(() => import("./DragLayer").then((m) => m.DragLayer));

/** An element of the area by its accessible name: what survives the remount into the drag layer. */
const named = (box: HTMLElement | null, label: string) =>
  box?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`) ?? null;

/**
 * An area (the planner's calendar, a queue's upcoming posts) draggable once @dnd-kit has arrived: it is fetched
 * when the pointer enters the area or focus reaches it, not with the page (ADR 045). The area remounts inside the
 * drag layer then, so what was under way carries over: the focused element gets focus back, and a press on a
 * draggable that is still held is replayed on it, so the drag goes on with the pointer's next move. A press on
 * anything else (a button) holds the remount until its click has fired: a click whose press and release land on
 * different mounts of the button never happens. Draggables and drop targets take their hooks from `useDragKit`
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
  const focused = useRef<string | null>(null);
  const pressed = useRef<{ label: string; init: PointerEventInit } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || Mounted) return;
    const want = () => setWanted(true);
    const down = (e: PointerEvent) => {
      want();
      const chip = e.target instanceof Element ? e.target.closest("[aria-roledescription]") : null;
      const label = chip?.getAttribute("aria-label");
      pressed.current =
        label && e.isPrimary && e.button === 0
          ? {
              label,
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
      focused.current = e.target instanceof Element ? e.target.getAttribute("aria-label") : null;
      want();
    };
    const blur = () => {
      focused.current = null;
    };
    el.addEventListener("pointerenter", want);
    el.addEventListener("pointerdown", down);
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", release);
    el.addEventListener("focusin", focus);
    el.addEventListener("focusout", blur);
    return () => {
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
    if (focused.current) named(box.current, focused.current)?.focus();
    const press = pressed.current;
    if (press)
      named(box.current, press.label)?.dispatchEvent(
        new PointerEvent("pointerdown", { ...press.init, bubbles: true, isPrimary: true, button: 0, buttons: 1 }),
      );
  }, [Mounted]);

  return (
    <div ref={box} className="contents">
      {Mounted ? <Mounted onDragEnd={onDragEnd}>{children}</Mounted> : children}
    </div>
  );
}
