/**
 * Pure arithmetic for reading the daily rollups (ADR 023): which part of a range whole UTC days cover (read
 * from a rollup) and which parts are left at the edges (read from raw rows), and how quarter-hour slots of
 * engagement fall into local days. Every timezone's day boundary is on a quarter hour; a range's own ends
 * (e.g. "now") need not be, so the slot they cut is read raw.
 */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const SLOT_MS = 900_000;
/** Weekly rollups' weeks are epoch-aligned: week = day − day mod WEEK_MS (a Thursday, 00:00 UTC). */
export const WEEK_MS = 7 * DAY_MS;

export interface Span {
  start: number;
  end: number;
}

/** [start, end) split into whole UTC days (`days`, maybe empty) and the partial-day edges before and after. */
export function splitByUtcDays(span: Span): { days: Span | null; edges: Span[] } {
  const { whole, edges } = splitByUnit(span, DAY_MS);
  return { days: whole, edges };
}

/**
 * A partial-day edge of a span (splitByUtcDays), its whole UTC day, and the rest of that day outside the span; split
 * by hours (`edgeHours`), a partial-hour edge with its whole hour in `day`.
 */
export interface EdgeDay {
  edge: Span;
  day: Span;
  rest: Span[];
}

/** splitByUtcDays, each edge with its day and that day's rest (a span without a whole day, across a midnight, is two). */
export function edgeDays(span: Span): { days: Span | null; edges: EdgeDay[] } {
  return withRests(splitByUtcDays(span), DAY_MS);
}

/** edgeDays by UTC hours: whole hours (in `days`) and the partial-hour edges with their hour's rest. */
function edgeHours(span: Span): { days: Span | null; edges: EdgeDay[] } {
  const { whole, edges } = splitByUnit(span, HOUR_MS);
  return withRests({ days: whole, edges }, HOUR_MS);
}

/** Each edge of a split by `unit` (a day or an hour) with its whole unit and that unit's rest outside the span. */
function withRests({ days, edges }: { days: Span | null; edges: Span[] }, unit: number) {
  return {
    days,
    edges: edges
      .flatMap((e) => atBoundary(e, unit))
      .map((edge) => {
        const start = edge.start - (edge.start % unit);
        const day = { start, end: start + unit };
        const rest = [
          { start, end: edge.start },
          { start: edge.end, end: day.end },
        ].filter((r) => r.end > r.start);
        return { edge, day, rest };
      }),
  };
}

/** A span of less than two units cut at the unit boundary (a midnight, for days) inside it, if any. */
function atBoundary({ start, end }: Span, unit: number): Span[] {
  const boundary = Math.ceil(start / unit) * unit;
  return boundary > start && boundary < end
    ? [
        { start, end: boundary },
        { start: boundary, end },
      ]
    : [{ start, end }];
}

/**
 * The whole days widened by the days of the edges `take` marks (`taken`), so a rollup answers for them with their
 * rest read per target instead of the edge; the other edges are left. Edges lie at the span's ends, so the days stay
 * one span.
 */
export function widenDays(split: { days: Span | null; edges: EdgeDay[] }, take: boolean[]) {
  let days = split.days;
  const [edges, taken]: [EdgeDay[], EdgeDay[]] = [[], []];
  split.edges.forEach((e, i) => {
    if (!take[i]) edges.push(e);
    else {
      taken.push(e);
      days = days ? { start: Math.min(days.start, e.day.start), end: Math.max(days.end, e.day.end) } : e.day;
    }
  });
  return { days, edges, taken };
}

/** The total length of spans. */
export const lengthOf = (spans: Span[]) => spans.reduce((n, s) => n + s.end - s.start, 0);

/**
 * What of a span to read per target beside a rollup's whole `days`: each edge, except that an edge longer than the
 * rest of its UTC day (the hours before "now" late in the day; the day before a local midnight east of UTC) is its
 * day from the rollup less that rest (`sign` −1): fewer targets at any even posting rate.
 */
export function perTargetPieces(span: Span): { days: Span | null; pieces: Signed[] } {
  return shorterSides(edgeDays(span));
}

/** A span to add (sign 1) or take away (−1). */
export interface Signed {
  span: Span;
  sign: 1 | -1;
}

/**
 * perTargetPieces with each piece's whole UTC hours read from an hourly rollup (`hours`, signed as their piece) and
 * per target only the partial hour at each cut, itself the hour from the rollup less its rest when that is shorter:
 * at most 30 minutes of targets per cut, whatever the hour of the day (ADR 023, "Partial days").
 */
export function perTargetHourPieces(span: Span): { days: Span | null; hours: Signed[]; pieces: Signed[] } {
  const { days, pieces: dayPieces } = perTargetPieces(span);
  const hours: Signed[] = [];
  const pieces: Signed[] = [];
  for (const piece of dayPieces) {
    const split = shorterSides(edgeHours(piece.span));
    if (split.days) hours.push({ span: split.days, sign: piece.sign });
    for (const p of split.pieces) pieces.push({ span: p.span, sign: (piece.sign * p.sign) as 1 | -1 });
  }
  return { days, hours, pieces };
}

/** perTargetPieces of a split by days or by hours: whole units (`days`) and the signed pieces left to read per target. */
function shorterSides(split: { days: Span | null; edges: EdgeDay[] }): { days: Span | null; pieces: Signed[] } {
  const { days, edges, taken } = widenDays(
    split,
    split.edges.map((e) => lengthOf(e.rest) < lengthOf([e.edge])),
  );
  return {
    days,
    pieces: [
      ...edges.map((e) => ({ span: e.edge, sign: 1 as const })),
      ...taken.flatMap((e) => e.rest.map((r) => ({ span: r, sign: -1 as const }))),
    ],
  };
}

/**
 * Whole UTC days (from splitByUtcDays) split into the whole epoch-aligned weeks they hold (read from the weekly
 * rollups) and the days left before and after (read from the daily ones): at most 52 + 12 rows per key a year.
 */
export function splitByWeeks(days: Span): { weeks: Span | null; days: Span[] } {
  const { whole, edges } = splitByUnit(days, WEEK_MS);
  return { weeks: whole, days: edges };
}

function splitByUnit({ start, end }: Span, unit: number): { whole: Span | null; edges: Span[] } {
  const first = Math.ceil(start / unit) * unit;
  const last = Math.floor(end / unit) * unit;
  if (first >= last) return { whole: null, edges: end > start ? [{ start, end }] : [] };
  const edges = [
    { start, end: first },
    { start: last, end },
  ].filter((e) => e.end > e.start);
  return { whole: { start: first, end: last }, edges };
}

/** The starts of each `unit` in a span of whole units. */
export function unitStarts({ start, end }: Span, unit: number): number[] {
  const out: number[] = [];
  for (let at = start; at < end; at += unit) out.push(at);
  return out;
}

/** One rollup row of quarter-hour sums: slot i covers [day + i·SLOT_MS, day + (i+1)·SLOT_MS). */
export interface SlotRow {
  day: number;
  likes: number[];
  comments: number[];
  shares: number[];
}

export interface DayWindow {
  from: number;
  to: number;
}

/** The slots that a window boundary cuts in two: their snapshots must be read raw and filed by exact time. */
export function cutSlots(windows: DayWindow[]): Span[] {
  const starts = new Set<number>();
  for (const w of windows) for (const b of [w.from, w.to]) if (b % SLOT_MS !== 0) starts.add(b - (b % SLOT_MS));
  return [...starts].sort((a, b) => a - b).map((s) => ({ start: s, end: s + SLOT_MS }));
}

/**
 * Sums the slots that lie wholly inside a window (sorted, non-overlapping) into it, leaving the slots a window's
 * edge cuts (cutSlots) to be read raw; returns likes/comments/shares per window index. Each row is walked once per
 * window it overlaps, with no lookup per slot (a 90-day range adds up ~130,000 numbers per request).
 */
export function sumSlots(windows: DayWindow[], rows: SlotRow[]) {
  const out = windows.map(() => ({ likes: 0, comments: 0, shares: 0 }));
  for (const row of rows) {
    const dayEnd = row.day + DAY_MS;
    for (let w = firstEndingAfter(windows, row.day); w < windows.length && windows[w]!.from < dayEnd; w++) {
      const { from, to } = windows[w]!;
      const first = Math.max(0, Math.ceil((from - row.day) / SLOT_MS));
      const last = Math.min(DAY_MS / SLOT_MS, Math.floor((to - row.day) / SLOT_MS));
      const sum = out[w]!;
      for (let i = first; i < last; i++) {
        sum.likes += row.likes[i] ?? 0;
        sum.comments += row.comments[i] ?? 0;
        sum.shares += row.shares[i] ?? 0;
      }
    }
  }
  return out;
}

/** The index of the first window ending after `at` (windows.length if none): binary search. */
function firstEndingAfter(windows: DayWindow[], at: number): number {
  let lo = 0;
  let hi = windows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (windows[mid]!.to > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The pieces of each cut slot that fall in each window, labelled with the window's index. */
export function cutPieces(windows: DayWindow[], cut: Span[]): Array<{ window: number; from: number; to: number }> {
  const out: Array<{ window: number; from: number; to: number }> = [];
  for (const c of cut)
    windows.forEach((w, i) => {
      const from = Math.max(w.from, c.start);
      const to = Math.min(w.to, c.end);
      if (to > from) out.push({ window: i, from, to });
    });
  return out;
}
