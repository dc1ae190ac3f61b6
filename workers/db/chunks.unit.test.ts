import { describe, expect, it } from "vitest";
import { chunksOf, D1_MAX_PARAMS, readInRuns } from "./chunks";

describe("chunksOf", () => {
  it("cuts a list into runs of the size, the last one shorter, and nothing into nothing", () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([1, 2], 5)).toEqual([[1, 2]]);
    expect(chunksOf([], 3)).toEqual([]);
  });
});

describe("readInRuns", () => {
  /** A read that answers each item as a row, noting the runs it was given. */
  const reader = () => {
    const runs: number[][] = [];
    const read = async (run: number[]) => {
      runs.push(run);
      return run.map((n) => ({ n }));
    };
    return { runs, read };
  };
  const items = (count: number) => Array.from({ length: count }, (_, i) => i);

  it("reads in runs that leave room for the statement's other values, the rows in the items' order", async () => {
    const { runs, read } = reader();
    const rows = await readInRuns(items(195), 3, read);
    expect(runs.map((r) => r.length)).toEqual([97, 97, 1]);
    expect(rows.map((r) => r.n)).toEqual(items(195));
  });

  it("fills a run to the limit exactly, and binds the whole limit when nothing else is bound", async () => {
    const three = reader();
    await readInRuns(items(97), 3, three.read);
    expect(three.runs.map((r) => r.length)).toEqual([97]);
    const none = reader();
    await readInRuns(items(D1_MAX_PARAMS + 1), 0, none.read);
    expect(none.runs.map((r) => r.length)).toEqual([D1_MAX_PARAMS, 1]);
  });

  it("keeps the runs' order when a later run answers first", async () => {
    const rows = await readInRuns(items(5), D1_MAX_PARAMS - 2, async (run) => {
      await new Promise((resolve) => setTimeout(resolve, run[0] === 0 ? 5 : 0));
      return run;
    });
    expect(rows).toEqual([0, 1, 2, 3, 4]);
  });

  it("reads nothing for no items", async () => {
    const { runs, read } = reader();
    expect(await readInRuns([], 1, read)).toEqual([]);
    expect(runs).toEqual([]);
  });
});
