import { describe, expect, it } from "vitest";
import { importOutcome, importSummary, notImported } from "./import-outcome";

describe("what an import says it did", () => {
  it("sums the chunks and lists the rows refused at import time", () => {
    const outcome = importOutcome([
      { created: 24, skipped: 1, rows: [] },
      {
        created: 1,
        skipped: 0,
        rows: [{ row: 28, errors: ["Schedule date cannot be in the past"], duplicate: false }],
      },
    ]);
    expect(importSummary(outcome)).toBe("25 posts created, 1 already imported");
    expect(outcome.refused.map((r) => r.row)).toEqual([28]);
    expect(notImported(outcome)).toBe(
      "1 row could not be imported. Fix them in the file and choose it again: the rows already imported are skipped.",
    );
  });

  it("says where it stopped when a later chunk was refused, after what the earlier ones created", () => {
    const outcome = importOutcome([{ created: 25, skipped: 0, rows: [] }], "Server error. Please try again later.");
    expect(importSummary(outcome)).toBe("25 posts created");
    expect(notImported(outcome)).toBe(
      "The import stopped before the file's end (Server error. Please try again later). Choose the file again to import the rest: the rows already imported are skipped.",
    );
    expect(notImported(importOutcome([{ created: 2, skipped: 0, rows: [] }]))).toBeNull();
  });
});
