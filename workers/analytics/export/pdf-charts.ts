import { type Color, rgb } from "pdf-lib";
import { type Canvas, MUTED, PAGE } from "./pdf-canvas";
import type { ReportStory } from "./report-story";

const GRID = rgb(0.88, 0.89, 0.91);
const compact = (n: number) =>
  n >= 1_000_000
    ? `${Math.round(n / 100_000) / 10}M`
    : n >= 1000
      ? `${Math.round(n / 100) / 10}k`
      : String(Math.round(n));

/** A chart's title and its frame, `height` points tall below the cursor; answers the plot area. */
function frame(canvas: Canvas, title: string, height: number) {
  canvas.ensure(height + 30);
  canvas.text(title, PAGE.margin, canvas.y - 13, { size: 13, bold: true });
  const top = canvas.y - 24;
  canvas.y = top - height - 16;
  return { left: PAGE.margin + 36, right: PAGE.width - PAGE.margin, top, bottom: top - height + 14 };
}

/**
 * The top of an axis of four steps that holds `max`: a whole step (1-10, then 1, 2, 2.5 or 5 times a power of ten),
 * so each grid line's label is its value. Quarters of `max` itself were rounded for their labels: a peak of 6 read
 * 0, 2, 3, 5, 6, and an empty period 0, 0, 1, 1, 1.
 */
function axisTop(max: number): number {
  const quarter = max / 4;
  if (quarter <= 10) return 4 * Math.max(1, Math.ceil(quarter));
  const power = 10 ** Math.floor(Math.log10(quarter));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= quarter)!;
  return 4 * step;
}

/** Horizontal grid lines with their values, from 0 to the axis top that holds `max`, which it answers. */
function axis(canvas: Canvas, box: ReturnType<typeof frame>, max: number): number {
  const top = axisTop(max);
  for (let i = 0; i <= 4; i++) {
    const y = box.bottom + ((box.top - box.bottom) * i) / 4;
    canvas.page.drawLine({ start: { x: box.left, y }, end: { x: box.right, y }, thickness: 0.4, color: GRID });
    const label = compact((top * i) / 4);
    canvas.text(label, box.left - 4 - canvas.width(label, { size: 7 }), y - 2.5, { size: 7, color: MUTED });
  }
  return top;
}

/** Engagement per day as a filled line (a vector path), with the first, middle and last dates below. */
export function trendChart(canvas: Canvas, series: ReportStory["trend"], accent: Color) {
  const box = frame(canvas, "Engagement over the period", 150);
  const max = axis(canvas, box, Math.max(0, ...series.map((p) => p.value)));
  if (series.length === 0) return;
  const step = series.length > 1 ? (box.right - box.left) / (series.length - 1) : 0;
  const h = box.top - box.bottom;
  // drawSvgPath's origin is the box's top-left corner, its y axis pointing down.
  const points = series.map((p, i) => `${(i * step).toFixed(2)} ${(h - (p.value / max) * h).toFixed(2)}`);
  const line = `M ${points.join(" L ")}`;
  const origin = { x: box.left, y: box.top };
  canvas.page.drawSvgPath(`${line} L ${((series.length - 1) * step).toFixed(2)} ${h} L 0 ${h} Z`, {
    ...origin,
    color: accent,
    opacity: 0.15,
  });
  canvas.page.drawSvgPath(line, { ...origin, borderColor: accent, borderWidth: 1.6 });
  const marks = [...new Set([0, Math.floor((series.length - 1) / 2), series.length - 1])];
  for (const i of marks) {
    const label = series[i]!.date;
    const x = Math.min(
      box.left + i * step - canvas.width(label, { size: 7 }) / 2,
      box.right - canvas.width(label, { size: 7 }),
    );
    canvas.text(label, Math.max(box.left, x), box.bottom - 10, { size: 7, color: MUTED });
  }
}

/** One horizontal bar per network, longest first, its figure at its end. */
export function networkChart(canvas: Canvas, rows: ReportStory["networks"], accent: Color) {
  const sorted = [...rows].sort((a, b) => b.value - a.value);
  const barH = 14;
  const labelW = Math.max(60, ...sorted.map((r) => canvas.width(r.name, { size: 8 }) + 8));
  const box = frame(canvas, "Engagement per network", Math.max(1, sorted.length) * (barH + 6) + 8);
  const max = Math.max(1, ...sorted.map((r) => r.value));
  const width = box.right - PAGE.margin - labelW - 40;
  sorted.forEach((r, i) => {
    const y = box.top - (i + 1) * (barH + 6);
    canvas.text(r.name, PAGE.margin, y + 4, { size: 8 });
    const w = Math.max(1, (r.value / max) * width);
    canvas.page.drawRectangle({ x: PAGE.margin + labelW, y, width: w, height: barH, color: accent });
    canvas.text(compact(r.value), PAGE.margin + labelW + w + 4, y + 4, { size: 8, color: MUTED });
  });
  if (!sorted.length) canvas.text("No data for this period", PAGE.margin, box.top - 14, { size: 8, color: MUTED });
}

/** Engagement per weekday as columns, each labelled with its best hour. */
export function bestTimesChart(canvas: Canvas, days: ReportStory["weekdays"], accent: Color) {
  const box = frame(canvas, "Best times to post", 130);
  const max = axis(canvas, box, Math.max(0, ...days.map((d) => d.value)));
  const slot = (box.right - box.left) / Math.max(1, days.length);
  days.forEach((d, i) => {
    const h = (d.value / max) * (box.top - box.bottom);
    const x = box.left + i * slot + slot * 0.2;
    if (h > 0) canvas.page.drawRectangle({ x, y: box.bottom, width: slot * 0.6, height: h, color: accent });
    const name = d.day.slice(0, 3);
    canvas.text(name, x + slot * 0.3 - canvas.width(name, { size: 7 }) / 2, box.bottom - 10, { size: 7, color: MUTED });
    if (d.bestHour !== null) {
      const at = `${String(d.bestHour).padStart(2, "0")}:00`;
      canvas.text(at, x + slot * 0.3 - canvas.width(at, { size: 7 }) / 2, box.bottom + h + 3, { size: 7 });
    }
  });
}
