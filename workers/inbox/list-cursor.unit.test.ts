import { describe, expect, it } from "vitest";
import { cursorOf, parseCursor } from "./list-cursor";

describe("inbox list cursor", () => {
  it("reads back what a page wrote: the time and the tie-breaker", () => {
    expect(parseCursor(cursorOf(1_764_000_000_000, 42))).toEqual({ at: 1_764_000_000_000, key: "42" });
    expect(parseCursor(cursorOf(1_764_000_000_000, "ws-1-i7"))).toEqual({ at: 1_764_000_000_000, key: "ws-1-i7" });
  });

  it("takes a bare time (the earlier form) and refuses anything else", () => {
    expect(parseCursor("1764000000000")).toEqual({ at: 1_764_000_000_000, key: null });
    for (const bad of ["", "-1", "abc", "12:", "12:a b", "1.5"]) expect(parseCursor(bad), bad).toBeNull();
  });
});
