import { describe, expect, it } from "vitest";
import { dayBounds } from "./period";
import {
  cutPieces,
  cutSlots,
  DAY_MS,
  edgeDays,
  HOUR_MS,
  lengthOf,
  perTargetHourPieces,
  SLOT_MS,
  splitByUtcDays,
  splitByWeeks,
  sumSlots,
  unitStarts,
  WEEK_MS,
  widenDays,
} from "./rollup-ranges";

const at = (d: number, h: number, m = 0) => Date.UTC(2026, 0, d, h, m);

describe("splitByWeeks", () => {
  // Jan 1 2026 is a Thursday: an epoch-aligned week starts then, and on Jan 8, 15, …
  it("keeps whole epoch-aligned weeks for the weekly rollups and the days around them for the daily ones", () => {
    expect(at(1, 0) % WEEK_MS).toBe(0);
    expect(splitByWeeks({ start: at(4, 0), end: at(20, 0) })).toEqual({
      weeks: { start: at(8, 0), end: at(15, 0) },
      days: [
        { start: at(4, 0), end: at(8, 0) },
        { start: at(15, 0), end: at(20, 0) },
      ],
    });
    expect(unitStarts({ start: at(1, 0), end: at(22, 0) }, WEEK_MS)).toEqual([at(1, 0), at(8, 0), at(15, 0)]);
  });

  it("a span inside one week is all days; one on week boundaries leaves none", () => {
    expect(splitByWeeks({ start: at(9, 0), end: at(12, 0) })).toEqual({
      weeks: null,
      days: [{ start: at(9, 0), end: at(12, 0) }],
    });
    expect(splitByWeeks({ start: at(1, 0), end: at(15, 0) })).toEqual({
      weeks: { start: at(1, 0), end: at(15, 0) },
      days: [],
    });
  });
});

describe("splitByUtcDays", () => {
  it("keeps whole UTC days for the rollup and the partial days at either end for raw rows", () => {
    expect(splitByUtcDays({ start: at(5, 14, 7), end: at(8, 9, 30) })).toEqual({
      days: { start: at(6, 0), end: at(8, 0) },
      edges: [
        { start: at(5, 14, 7), end: at(6, 0) },
        { start: at(8, 0), end: at(8, 9, 30) },
      ],
    });
  });

  it("a range inside one day, or on day boundaries, has no partial edges left over", () => {
    expect(splitByUtcDays({ start: at(5, 1), end: at(5, 20) })).toEqual({
      days: null,
      edges: [{ start: at(5, 1), end: at(5, 20) }],
    });
    expect(splitByUtcDays({ start: at(5, 0), end: at(7, 0) })).toEqual({
      days: { start: at(5, 0), end: at(7, 0) },
      edges: [],
    });
    expect(splitByUtcDays({ start: at(5, 3), end: at(5, 3) })).toEqual({ days: null, edges: [] });
  });
});

describe("edgeDays and widenDays", () => {
  it("give each edge its UTC day and the rest of that day outside the span", () => {
    expect(edgeDays({ start: at(5, 23), end: at(8, 9, 30) })).toEqual({
      days: { start: at(6, 0), end: at(8, 0) },
      edges: [
        {
          edge: { start: at(5, 23), end: at(6, 0) },
          day: { start: at(5, 0), end: at(6, 0) },
          rest: [{ start: at(5, 0), end: at(5, 23) }],
        },
        {
          edge: { start: at(8, 0), end: at(8, 9, 30) },
          day: { start: at(8, 0), end: at(9, 0) },
          rest: [{ start: at(8, 9, 30), end: at(9, 0) }],
        },
      ],
    });
    // Inside one day the rest lies on both sides.
    expect(edgeDays({ start: at(5, 1), end: at(5, 20) }).edges[0]?.rest).toEqual([
      { start: at(5, 0), end: at(5, 1) },
      { start: at(5, 20), end: at(6, 0) },
    ]);
  });

  it("widen the whole days by the taken edges' days only, as one span", () => {
    const split = edgeDays({ start: at(5, 23), end: at(8, 20) });
    const longer = split.edges.map((e) => lengthOf(e.rest) < lengthOf([e.edge]));
    expect(longer).toEqual([false, true]);
    const { days, edges, taken } = widenDays(split, longer);
    expect(days).toEqual({ start: at(6, 0), end: at(9, 0) });
    expect(edges.map((e) => e.edge)).toEqual([{ start: at(5, 23), end: at(6, 0) }]);
    expect(taken.map((e) => e.rest)).toEqual([[{ start: at(8, 20), end: at(9, 0) }]]);
    expect(widenDays(split, [true, true]).days).toEqual({ start: at(5, 0), end: at(9, 0) });
    // Two edges around one midnight and no whole day between them.
    const two = edgeDays({ start: at(5, 3), end: at(6, 21) });
    expect(two.days).toEqual(null);
    expect(widenDays(two, [false, true]).days).toEqual({ start: at(6, 0), end: at(7, 0) });
    expect(widenDays(two, [true, true]).days).toEqual({ start: at(5, 0), end: at(7, 0) });
  });
});

describe("perTargetHourPieces", () => {
  it("reads an edge's whole hours from the hourly rollup and per target only the cut hours' shorter sides", () => {
    // A year's edge cut at 12:20 (the worst hour: the day's two sides are equal) and "now" at 12:40.
    expect(perTargetHourPieces({ start: at(5, 12, 20), end: at(9, 12, 40) })).toEqual({
      // The end edge (12 h 40) is its day less the rest after now.
      days: { start: at(6, 0), end: at(10, 0) },
      hours: [
        { span: { start: at(5, 12), end: at(6, 0) }, sign: 1 },
        { span: { start: at(9, 13), end: at(10, 0) }, sign: -1 },
      ],
      pieces: [
        { span: { start: at(5, 12), end: at(5, 12, 20) }, sign: -1 },
        { span: { start: at(9, 12, 40), end: at(9, 13) }, sign: -1 },
      ],
    });
  });

  it("covers the span exactly, leaving at most 30 minutes per target per cut, at any minute of the day", () => {
    const signedCount = (x: number, spans: Array<{ span: { start: number; end: number }; sign: number }>) =>
      spans.reduce((n, { span, sign }) => n + (x >= span.start && x < span.end ? sign : 0), 0);
    const wrong: string[] = [];
    for (let minute = 0; minute < 24 * 60; minute += 13)
      for (const length of [HOUR_MS / 2, 5 * HOUR_MS, DAY_MS + HOUR_MS / 3, 365 * DAY_MS]) {
        const start = at(5, 0, minute);
        const span = { start, end: start + length };
        const { days, hours, pieces } = perTargetHourPieces(span);
        if (pieces.length > 4 || pieces.some((p) => p.span.end - p.span.start > HOUR_MS / 2))
          wrong.push(`${minute} ${length}: ${JSON.stringify(pieces)}`);
        const all = [...(days ? [{ span: days, sign: 1 }] : []), ...hours, ...pieces];
        // Each minute near the span's ends (and a sample inside) counts once inside the span, never outside.
        const near = (edge: number) => Array.from({ length: 2 * 26 * 60 }, (_, i) => edge + (i - 26 * 60) * 60_000);
        for (const x of [...near(span.start), ...near(span.end), span.start + length / 2])
          if (signedCount(x, all) !== (x >= span.start && x < span.end ? 1 : 0))
            wrong.push(`${minute} ${length} at ${x}`);
      }
    expect(wrong).toEqual([]);
  });
});

describe("quarter-hour slots into local days", () => {
  const slots = (entries: Record<number, number>) => {
    const a = Array<number>(96).fill(0);
    for (const [i, v] of Object.entries(entries)) a[Number(i)] = v;
    return a;
  };

  it("files each slot under the local day containing it (Kolkata, UTC+5:30), reading only the slots the range's ends cut", () => {
    const days = dayBounds(at(5, 10, 7), at(7, 0), "Asia/Kolkata");
    // Local midnights fall on :30 UTC, a quarter-hour boundary: only the range's start (10:07) cuts a slot.
    expect(cutSlots(days)).toEqual([{ start: at(5, 10), end: at(5, 10) + SLOT_MS }]);
    const rows = [
      // Jan 5 UTC: 10:00 (cut, skipped), 18:15 (local Jan 5 23:45), 18:30 (local Jan 6 00:00).
      { day: at(5, 0), likes: slots({ 40: 99, 73: 1, 74: 2 }), comments: slots({}), shares: slots({ 74: 5 }) },
      // Jan 6 23:45 UTC is local Jan 7 05:15, the last slot of the range; Jan 7 00:00 UTC is past its end.
      { day: at(6, 0), likes: slots({ 0: 4, 95: 50 }), comments: slots({ 0: 1 }), shares: slots({}) },
      { day: at(7, 0), likes: slots({ 0: 700 }), comments: slots({}), shares: slots({}) },
    ];
    const sums = sumSlots(days, rows);
    expect(days.map((d) => d.day)).toEqual(["2026-01-05", "2026-01-06", "2026-01-07"]);
    expect(sums).toEqual([
      { likes: 1, comments: 0, shares: 0 },
      { likes: 6, comments: 1, shares: 5 },
      { likes: 50, comments: 0, shares: 0 },
    ]);
    expect(cutPieces(days, cutSlots(days))).toEqual([{ window: 0, from: at(5, 10, 7), to: at(5, 10, 15) }]);
  });

  it("a boundary inside a slot splits it between the two days it touches", () => {
    const windows = [
      { from: at(5, 0), to: at(5, 12, 5) },
      { from: at(5, 12, 5), to: at(6, 0) },
    ];
    expect(cutPieces(windows, cutSlots(windows))).toEqual([
      { window: 0, from: at(5, 12), to: at(5, 12, 5) },
      { window: 1, from: at(5, 12, 5), to: at(5, 12, 15) },
    ]);
    expect(DAY_MS / SLOT_MS).toBe(96);
  });
});
