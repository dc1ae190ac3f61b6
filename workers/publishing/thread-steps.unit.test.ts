import { describe, expect, it } from "vitest";
import { nextThreadStep, partLabel } from "./thread-steps";

describe("which part of a thread is next", () => {
  it("starts with the post itself", () => {
    expect(nextThreadStep(5, [])).toEqual({ kind: "first" });
    expect(nextThreadStep(1, [])).toEqual({ kind: "first" });
  });

  it("replies to the last recorded part, never re-sending an earlier one", () => {
    expect(nextThreadStep(5, ["a"])).toEqual({ kind: "reply", index: 1, parentId: "a" });
    expect(nextThreadStep(5, ["a", "b", "c"])).toEqual({ kind: "reply", index: 3, parentId: "c" });
    expect(nextThreadStep(5, ["a", "b", "c", "d"])).toEqual({ kind: "reply", index: 4, parentId: "d" });
  });

  it("is done when every part is recorded, or when the thread was shortened below what went out", () => {
    expect(nextThreadStep(5, ["a", "b", "c", "d", "e"])).toEqual({ kind: "done" });
    expect(nextThreadStep(1, ["a"])).toEqual({ kind: "done" });
    expect(nextThreadStep(2, ["a", "b", "c"])).toEqual({ kind: "done" });
  });

  it("names a part for the user", () => {
    expect(partLabel(2, 5)).toBe("Part 3 of 5");
  });
});
