import { describe, expect, it } from "vitest";
import { addPage, differences, EMPTY_DIGEST } from "./digest";

describe("a table's digest (ADR 082)", () => {
  it("differs when one value differs, not only when the count does", async () => {
    const a = await addPage(EMPTY_DIGEST, [["p1", "Hello", 3]]);
    const b = await addPage(EMPTY_DIGEST, [["p1", "Hello!", 3]]);
    expect(a.rows).toBe(b.rows);
    expect(a.sha256).not.toBe(b.sha256);
    expect(differences(new Map([["posts", a]]), new Map([["posts", b]]))).toEqual([
      { table: "posts", source: 1, copy: 1 },
    ]);
  });

  it("chains pages, so the same rows read in the same pages give the same digest", async () => {
    const once = await addPage(await addPage(EMPTY_DIGEST, [["a"]]), [["b"]]);
    const again = await addPage(await addPage(EMPTY_DIGEST, [["a"]]), [["b"]]);
    expect(differences(new Map([["t", once]]), new Map([["t", again]]))).toEqual([]);
    expect(differences(new Map([["t", once]]), new Map())).toEqual([{ table: "t", source: 2, copy: 0 }]);
  });
});
