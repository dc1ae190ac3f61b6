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
import { dragAnnouncements } from "./drag-announcements";
import { DragKitContext } from "./drag-kit";

const kit = { useDraggable, useDroppable };

/** @dnd-kit's context around a drag area, and its hooks for what is dragged and dropped on (drag-kit.tsx). */
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
    <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements: dragAnnouncements }}>
      <DragKitContext.Provider value={kit}>{children}</DragKitContext.Provider>
    </DndContext>
  );
}
