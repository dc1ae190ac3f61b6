import { type RGB, rgb } from "pdf-lib";
import { type Canvas, MUTED, PAGE, type TextStyle } from "./pdf-canvas";
import type { Cell, Table } from "./report-data";

const PAD = 4;
const HEAD: TextStyle = { size: 8, bold: true };
const BODY: TextStyle = { size: 8 };
const leading = (s: TextStyle) => s.size * 1.3;
export const cellText = (v: Cell) => (v === null ? "-" : typeof v === "number" ? v.toLocaleString("en-US") : v);

/**
 * Column widths that fit the page: each column gets at least its longest header word and its widest figure (so
 * neither is ever broken), then the rest of the line in proportion to how much more its longest text wants.
 */
export function fitColumns(canvas: Canvas, table: Table, total: number): number[] {
  const widest = (values: string[], style: TextStyle) => Math.max(0, ...values.map((v) => canvas.width(v, style)));
  const columns = table.columns.map((header, c) => {
    const cells = table.rows.map((r) => r[c] ?? null);
    const figures = cells.filter((v) => typeof v === "number").map(cellText);
    const words = cells.filter((v) => typeof v === "string").flatMap((v) => (v as string).split(/ +/));
    const min =
      Math.max(widest(header.split(/ +/), HEAD), widest(figures, BODY), Math.min(widest(words, BODY), 60)) + 2 * PAD;
    const want = Math.max(min, canvas.width(header, HEAD) + 2 * PAD, widest(cells.map(cellText), BODY) + 2 * PAD);
    return { min, want };
  });
  const minSum = columns.reduce((s, c) => s + c.min, 0);
  if (minSum >= total) return columns.map((c) => (c.min / minSum) * total);
  const extra = columns.reduce((s, c) => s + (c.want - c.min), 0);
  const spare = total - minSum;
  return columns.map((c) => c.min + (extra > 0 ? Math.min(c.want - c.min, ((c.want - c.min) / extra) * spare) : 0));
}

/** Draws a table under a heading, every cell wrapped within its column; the header repeats on each new page. */
export function drawTable(canvas: Canvas, table: Table, accent: RGB) {
  const total = PAGE.width - 2 * PAGE.margin;
  const widths = fitColumns(canvas, table, total);
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const linesOf = (cells: Cell[], style: TextStyle) =>
    cells.map((v, i) => canvas.wrap(cellText(v), widths[i]! - 2 * PAD, style));
  const heightOf = (lines: string[][], style: TextStyle) =>
    Math.max(...lines.map((l) => l.length)) * leading(style) + 2 * PAD;

  const row = (cells: Cell[], style: TextStyle, shade: boolean) => {
    const lines = linesOf(cells, style);
    const h = heightOf(lines, style);
    if (shade)
      canvas.page.drawRectangle({
        x: PAGE.margin,
        y: canvas.y - h,
        width: total,
        height: h,
        color: accent,
        opacity: 0.12,
      });
    lines.forEach((cell, i) => {
      const right = typeof cells[i] === "number";
      cell.forEach((line, l) => {
        const x = right ? xs[i]! + widths[i]! - PAD - canvas.width(line, style) : xs[i]! + PAD;
        canvas.text(line, x, canvas.y - PAD - style.size - l * leading(style), style);
      });
    });
    canvas.y -= h;
  };
  const header = () => row(table.columns, HEAD, true);

  canvas.ensure(60);
  canvas.text(table.name, PAGE.margin, canvas.y - 14, { size: 14, bold: true });
  canvas.y -= 22;
  header();
  if (!table.rows.length) {
    canvas.text("No data for this period", PAGE.margin + PAD, canvas.y - 12, { ...BODY, color: MUTED });
    canvas.y -= 18;
  }
  for (const cells of table.rows) {
    if (canvas.y - heightOf(linesOf(cells, BODY), BODY) < PAGE.margin) {
      canvas.newPage();
      header();
    }
    row(cells, BODY, false);
    canvas.page.drawLine({
      start: { x: PAGE.margin, y: canvas.y },
      end: { x: PAGE.margin + total, y: canvas.y },
      thickness: 0.3,
      color: rgb(0.85, 0.86, 0.88),
    });
  }
  canvas.y -= 18;
}
