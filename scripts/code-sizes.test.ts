import { describe, expect, it } from "vitest";
import { MAX_FUNCTION_LINES, oversized } from "./code-sizes.ts";

const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");

describe("code sizes", () => {
  it("names a file over 400 lines", () => {
    expect(oversized("workers/x.ts", "\n".repeat(400))).toEqual(["workers/x.ts: 401 lines (at most 400)"]);
    expect(oversized("workers/x.ts", "\n".repeat(399))).toEqual([]);
  });

  it("names a function over 120 lines by its first line, arrow functions and methods too", () => {
    const long = body(MAX_FUNCTION_LINES - 1);
    expect(oversized("workers/a.ts", `export function ok() {\n${body(MAX_FUNCTION_LINES - 2)}\n}\n`)).toEqual([]);
    expect(oversized("workers/a.ts", `export function f() {\n${long}\n}\n`)).toEqual([
      "workers/a.ts:1: a function of 121 lines (at most 120)",
    ]);
    expect(oversized("workers/b.ts", `const g = () => {\n${long}\n};\n`)).toHaveLength(1);
    expect(oversized("workers/c.ts", `class C {\n  m() {\n${long}\n  }\n}\n`)).toEqual([
      "workers/c.ts:2: a function of 121 lines (at most 120)",
    ]);
  });
});
