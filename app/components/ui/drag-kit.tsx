import type { UseDraggableArguments, useDraggable, useDroppable } from "@dnd-kit/core";
import { createContext, useContext } from "react";

/**
 * A draggable's hook result, its attributes naming it by its id in `data-drag-id`: both mounts of the area put that
 * on the element, so OnDemandDrag finds the pressed draggable again after the remount. An accessible name cannot
 * do that: a planner chip's comes from its text, not from an attribute.
 */
type Draggable = ReturnType<typeof useDraggable> & {
  attributes: ReturnType<typeof useDraggable>["attributes"] & { "data-drag-id": string };
};

/**
 * The drag-and-drop hooks draggables and drop targets call. @dnd-kit loads when the pointer or focus first
 * reaches their area (OnDemandDrag), not with the page (ADR 045); until then these stand-ins leave them plain
 * buttons and plain cells. Switching calls other hooks, so OnDemandDrag remounts the area.
 */
export interface DragKit {
  useDraggable: (args: UseDraggableArguments) => Draggable;
  useDroppable: typeof useDroppable;
}

export const dragIdAttributes = (id: UseDraggableArguments["id"]) => ({ "data-drag-id": String(id) });

const still: DragKit = {
  useDraggable: ({ id }) =>
    ({
      attributes: dragIdAttributes(id),
      listeners: undefined,
      setNodeRef: () => {},
      transform: null,
      isDragging: false,
    }) as unknown as Draggable,
  useDroppable: () => ({ setNodeRef: () => {}, isOver: false }) as unknown as ReturnType<typeof useDroppable>,
};

export const DragKitContext = createContext<DragKit>(still);
export const useDragKit = () => useContext(DragKitContext);
