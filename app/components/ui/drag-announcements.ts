/**
 * What a screen reader hears while something is dragged. @dnd-kit's defaults read the draggable's id (a post's
 * UUID); ours read the label each draggable and drop target passes as `data: { label }`.
 */
interface Labelled {
  data: { current?: { label?: unknown } | undefined };
}

const labelOf = (item: Labelled | null | undefined, fallback: string) =>
  typeof item?.data.current?.label === "string" ? item.data.current.label : fallback;

interface Moment {
  active: Labelled;
  over: Labelled | null;
}

export const dragAnnouncements = {
  onDragStart: ({ active }: { active: Labelled }) => `Picked up ${labelOf(active, "the item")}.`,
  onDragOver: ({ active, over }: Moment) =>
    over
      ? `${labelOf(active, "The item")} is over ${labelOf(over, "a drop area")}.`
      : `${labelOf(active, "The item")} is no longer over a drop area.`,
  onDragEnd: ({ active, over }: Moment) =>
    over
      ? `${labelOf(active, "The item")} was dropped on ${labelOf(over, "a drop area")}.`
      : `${labelOf(active, "The item")} was put back.`,
  onDragCancel: ({ active }: Moment) => `Dragging was cancelled. ${labelOf(active, "The item")} was put back.`,
};
