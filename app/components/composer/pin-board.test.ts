import { describe, expect, it } from "vitest";
import { sectionsOf, withBoard } from "./pin-board";

const boards = [
  { id: "1", name: "Recipes", privacy: "PUBLIC", sections: [{ id: "11", name: "Breads" }] },
  { id: "2", name: "Shop", privacy: "PUBLIC", sections: [] },
];

describe("the composer's Pinterest board choice", () => {
  it("drops the section when another board is chosen, keeps it when the same one is", () => {
    const chosen = { board: "1", boardSection: "11", link: "https://x.example" };
    expect(withBoard(chosen, "2")).toEqual({ board: "2", boardSection: undefined, link: "https://x.example" });
    expect(withBoard(chosen, "1")).toEqual(chosen);
    expect(withBoard(chosen, undefined).board).toBeUndefined();
  });

  it("offers the chosen board's sections only", () => {
    expect(sectionsOf(boards, "1")).toEqual([{ id: "11", name: "Breads" }]);
    expect(sectionsOf(boards, "2")).toEqual([]);
    expect(sectionsOf(boards, undefined)).toEqual([]);
  });
});
