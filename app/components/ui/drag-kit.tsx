import type { useDraggable, useDroppable } from "@dnd-kit/core";
import { createContext, useContext } from "react";

/**
 * The drag-and-drop hooks draggables and drop targets call. @dnd-kit loads when the pointer or focus first
 * reaches their area (OnDemandDrag), not with the page (ADR 045); until then these stand-ins leave them plain
 * buttons and plain cells. Switching calls other hooks, so OnDemandDrag remounts the area.
 */
export interface DragKit {
  useDraggable: typeof useDraggable;
  useDroppable: typeof useDroppable;
}

const still: DragKit = {
  useDraggable: () =>
    ({
      attributes: {},
      listeners: undefined,
      setNodeRef: () => {},
      transform: null,
      isDragging: false,
    }) as unknown as ReturnType<typeof useDraggable>,
  useDroppable: () => ({ setNodeRef: () => {}, isOver: false }) as unknown as ReturnType<typeof useDroppable>,
};

export const DragKitContext = createContext<DragKit>(still);
export const useDragKit = () => useContext(DragKitContext);
