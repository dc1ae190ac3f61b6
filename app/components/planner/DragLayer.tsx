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
import { DragKitContext } from "./drag-kit";

const kit = { useDraggable, useDroppable };

/** @dnd-kit's context around the calendar, and its hooks for the chips and cells (drag-kit.tsx). */
export function DragLayer({
  onDragEnd,
  children,
}: {
  onDragEnd: (e: DragEndEvent) => void;
  children: React.ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <DragKitContext.Provider value={kit}>{children}</DragKitContext.Provider>
    </DndContext>
  );
}
