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
import { type DragKit, DragKitContext, dragIdAttributes } from "./drag-kit";

const kit: DragKit = {
  useDraggable: (args) => {
    const draggable = useDraggable(args);
    return { ...draggable, attributes: { ...draggable.attributes, ...dragIdAttributes(args.id) } };
  },
  useDroppable,
};

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
