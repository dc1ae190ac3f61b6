import { describe, expect, it } from "vitest";
import { formatTable, percentile } from "./stats";

describe("percentile", () => {
  it("uses nearest rank", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile([5, 1, 3], 50)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("formatTable", () => {
  it("prints one aligned row per benchmark with pass or FAIL", () => {
    const out = formatTable([
      { name: "a", value: "1 ms", budget: "≤ 2 ms", pass: true },
      { name: "longer name", value: "9 ms", budget: "≤ 2 ms", pass: false, note: "slow" },
    ]);
    const lines = out.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain("FAIL");
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
