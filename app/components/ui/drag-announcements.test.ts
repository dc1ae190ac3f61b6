import { describe, expect, it } from "vitest";
import { dragAnnouncements } from "./drag-announcements";

const item = (label?: string) => ({ id: "5f0c8e4e-2f7b-4d59-9a0e-1b2c3d4e5f60", data: { current: { label } } });

describe("dragAnnouncements", () => {
  it("reads what is dragged and where by their labels, never an id", () => {
    const post = item('post "Fresh sourdough"');
    const slot = item("Tuesday, March 3 at 9 AM");
    const heard = [
      dragAnnouncements.onDragStart({ active: post }),
      dragAnnouncements.onDragOver({ active: post, over: slot }),
      dragAnnouncements.onDragEnd({ active: post, over: slot }),
      dragAnnouncements.onDragCancel({ active: post, over: null }),
    ];
    expect(heard).toEqual([
      'Picked up post "Fresh sourdough".',
      'post "Fresh sourdough" is over Tuesday, March 3 at 9 AM.',
      'post "Fresh sourdough" was dropped on Tuesday, March 3 at 9 AM.',
      'Dragging was cancelled. post "Fresh sourdough" was put back.',
    ]);
    for (const line of heard) expect(line).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it("falls back to plain words when a label is missing", () => {
    expect(dragAnnouncements.onDragStart({ active: item() })).toBe("Picked up the item.");
    expect(dragAnnouncements.onDragOver({ active: item(), over: null })).toBe(
      "The item is no longer over a drop area.",
    );
  });
});
