import { describe, expect, it } from "vitest";
import { failureExcerpt, report } from "./test-all.ts";

describe("npm test's closing report", () => {
  it("puts each failed part's failing lines and its end below a table of every part", () => {
    const e2e = [
      "\x1b[32m✓\x1b[39m e2e/day.e2e.ts (3 tests)",
      " FAIL  e2e/inbox.e2e.ts > a reply reaches the network",
      "AssertionError: expected 'queued' to be 'sent'",
      ...Array.from({ length: 30 }, (_, i) => `line ${i}`),
      " Test Files  1 failed | 27 passed (28)",
    ].join("\n");
    const text = report([
      { script: "lint", code: 0, seconds: 12, output: "ok" },
      { script: "test:e2e", code: 1, seconds: 640.4, output: e2e },
      { script: "bench:smoke", code: "skipped", seconds: 0, output: "" },
    ]);
    const lines = text.split("\n");
    expect(text).toContain("── test:e2e: exit 1");
    expect(text).toContain("FAIL  e2e/inbox.e2e.ts > a reply reaches the network");
    expect(text).toContain("AssertionError: expected 'queued' to be 'sent'");
    expect(text).not.toContain("\x1b[");
    expect(text).not.toContain("e2e/day.e2e.ts");
    expect(text).toContain("── bench:smoke: not run (what it needs failed)");
    expect(lines.at(-3)).toMatch(/^ {2}lint +passed +12 s$/);
    expect(lines.at(-2)).toMatch(/^ {2}test:e2e +FAILED \(exit 1\) +640 s$/);
    expect(lines.at(-1)).toMatch(/^ {2}bench:smoke +skipped +0 s$/);
  });

  it("keeps a long list of failures short and still shows how the part ended", () => {
    const output = [...Array.from({ length: 100 }, (_, i) => `× test ${i}`), "the end"].join("\n");
    const excerpt = failureExcerpt(output, 5, 1);
    expect(excerpt).toEqual(["× test 0", "× test 1", "× test 2", "× test 3", "× test 4", "… 95 more", "…", "the end"]);
  });
});
