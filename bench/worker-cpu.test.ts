import { describe, expect, it } from "vitest";
import { type CpuProfile, isolateCpu } from "./worker-cpu";

const frame = (id: number, functionName: string, url = "") => ({
  id,
  callFrame: { functionName, url, lineNumber: 9 },
});

describe("isolateCpu", () => {
  it("counts the isolate's busy samples at the sampling period, leaving idle samples and waits out", () => {
    const profile: CpuProfile = {
      nodes: [frame(1, "(idle)"), frame(2, "publishTarget", "file:///build/index.js"), frame(3, "(garbage collector)")],
      // Four busy samples 200 µs apart, then a 50 ms wait on I/O (no samples while the isolate is not held).
      samples: [2, 2, 3, 1, 2],
      timeDeltas: [0, 200, 200, 200, 50_000],
      startTime: 0,
      endTime: 50_600,
    };
    const cpu = isolateCpu(profile);
    expect(cpu.ms).toBeCloseTo(0.8);
    expect(cpu.gcMs).toBeCloseTo(0.2);
    expect(cpu.top[0]).toEqual({ name: "publishTarget index.js:10", ms: expect.closeTo(0.6) });
  });
});
