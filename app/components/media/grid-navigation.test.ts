import { describe, expect, it } from "vitest";
import { addLabel, nextIndex, toggle } from "./grid-navigation";

describe("picker grid navigation", () => {
  it("moves by one sideways and by a row up and down, staying inside the grid", () => {
    expect(nextIndex("ArrowRight", 0, 6, 4)).toBe(1);
    expect(nextIndex("ArrowRight", 5, 6, 4)).toBe(5);
    expect(nextIndex("ArrowLeft", 0, 6, 4)).toBe(0);
    expect(nextIndex("ArrowDown", 1, 6, 4)).toBe(5);
    expect(nextIndex("ArrowDown", 2, 6, 4)).toBe(2);
    expect(nextIndex("ArrowUp", 5, 6, 4)).toBe(1);
    expect(nextIndex("End", 0, 6, 4)).toBe(5);
    expect(nextIndex("Enter", 0, 6, 4)).toBeNull();
    expect(nextIndex("ArrowRight", 0, 0, 4)).toBeNull();
  });

  it("toggles selection in picking order", () => {
    expect(toggle(["b"], "a")).toEqual(["b", "a"]);
    expect(toggle(["b", "a"], "b")).toEqual(["a"]);
    expect(addLabel(2)).toBe("Add 2 Item(s) to Post");
  });
});
