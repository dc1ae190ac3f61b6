/**
 * The PDF report: a title page with the KPI table, then one section per page (continuing on more pages when
 * long). Loaded only when a PDF is asked for (formats.ts imports it dynamically), with pdf-lib and fontkit.
 * Text the standard fonts cannot draw is drawn with subsets of the Noto slices it needs (ADR 026).
 */
// @pdf-lib/fontkit's Indic shaper (Devanagari) calls a global regeneratorRuntime it does not bundle
// (pdf-lib issues 785, 1419); this sets it.
import "regenerator-runtime/runtime";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { type FontFace, facesNeeded, needsUnicodeFont, type TextRun, textRuns } from "./pdf-text";
import type { Cell, ReportData, Table } from "./report-data";

/** Where the Unicode fonts come from: the list of slices and each file's bytes. */
export interface FontFiles {
  faces(): Promise<FontFace[]>;
  load(file: string): Promise<Uint8Array>;
}

/** What a PDF prints of a report: its title, subtitle and tables. */
export type PdfReport = Pick<ReportData, "title" | "subtitle" | "sheets">;

const [W, H, M, LINE] = [595.28, 841.89, 40, 16];
const text = (v: Cell) => (v === null ? "-" : String(v));

/** Where each column starts (and, last, where the table ends): wider for longer content, so captions stay legible. */
function columnStarts(table: Table): number[] {
  const graphemes = (s: string) => [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(s)].length;
  const weights = table.columns.map((h, c) =>
    Math.min(40, Math.max(6, graphemes(h), ...table.rows.map((r) => graphemes(text(r[c] ?? null))))),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const starts = [M];
  for (const w of weights) starts.push(starts.at(-1)! + (w / total) * (W - 2 * M));
  return starts;
}

/** Every line the report prints, to know which fonts to embed before drawing. */
const linesOf = (report: PdfReport) => [
  `Postline ${report.title}`,
  report.subtitle,
  "No data for this period",
  ...report.sheets.flatMap((t) => [t.name, ...[t.columns, ...t.rows].flatMap((r) => r.map(text))]),
];

/** The faces this report needs, embedded as subsets; none (and no fetch) when the standard fonts suffice. */
async function embedFaces(doc: PDFDocument, report: PdfReport, files: FontFiles) {
  const embedded = new Map<string, PDFFont>();
  const lines = linesOf(report);
  if (!lines.some(needsUnicodeFont)) return { faces: [] as FontFace[], embedded };
  let faces: FontFace[];
  try {
    faces = await files.faces();
  } catch (err) {
    // Without the fonts the report still goes out (a scheduled mail must not fail), with only what WinAnsi draws.
    console.error(`PDF fonts unavailable: ${err instanceof Error ? err.message : err}`);
    return { faces: [] as FontFace[], embedded };
  }
  doc.registerFontkit(fontkit);
  const needed = facesNeeded(lines, faces);
  await Promise.all(
    needed.map(async (f) => embedded.set(f.file, await doc.embedFont(await files.load(f.file), { subset: true }))),
  );
  return { faces, embedded };
}

export async function renderPdf(report: PdfReport, files: FontFiles): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Postline ${report.title}`);
  doc.setProducer("Postline");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { faces, embedded } = await embedFaces(doc, report, files);

  const fontOf = (run: TextRun, standard: PDFFont) => (run.face ? embedded.get(run.face)! : standard);
  /** Draws a line, cut at whole graphemes to `maxWidth`; each run in its own font. */
  const draw = (
    page: PDFPage,
    value: string,
    at: { x: number; y: number; size: number; maxWidth?: number },
    standard = regular,
    color = rgb(0, 0, 0),
  ) => {
    let x = at.x;
    const limit = at.x + (at.maxWidth ?? Number.POSITIVE_INFINITY);
    for (const run of textRuns(value, faces)) {
      const font = fontOf(run, standard);
      let shown = run.text;
      let width = font.widthOfTextAtSize(shown, at.size);
      if (x + width > limit) {
        const graphemes = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(shown)];
        while (graphemes.length && x + width > limit) {
          graphemes.pop();
          shown = graphemes.map((g) => g.segment).join("");
          width = font.widthOfTextAtSize(shown, at.size);
        }
      }
      if (shown) page.drawText(shown, { x, y: at.y, size: at.size, font, color });
      x += width;
      if (shown !== run.text) return;
    }
  };

  const section = (table: Table, heading: string, subtitle?: string) => {
    let page = doc.addPage([W, H]);
    let y = H - M;
    draw(page, heading, { x: M, y: y - 18, size: 18 }, bold);
    y -= 30;
    if (subtitle) {
      draw(page, subtitle, { x: M, y: y - 10, size: 10 }, regular, rgb(0.35, 0.35, 0.35));
      y -= 22;
    }
    const xs = columnStarts(table);
    const drawRow = (cells: Cell[], font = regular) => {
      for (const [i, cell] of cells.entries()) {
        draw(page, text(cell), { x: xs[i]!, y: y - 10, size: 9, maxWidth: xs[i + 1]! - xs[i]! - 6 }, font);
      }
      y -= LINE;
    };
    drawRow(table.columns, bold);
    if (!table.rows.length) {
      draw(page, "No data for this period", { x: M, y: y - 10, size: 9 });
      y -= LINE;
    }
    for (const row of table.rows) {
      if (y < M + LINE) {
        page = doc.addPage([W, H]);
        y = H - M;
        drawRow(table.columns, bold);
      }
      drawRow(row);
    }
  };
  const [first, ...rest] = report.sheets;
  if (first) section(first, `Postline ${report.title}`, report.subtitle);
  for (const table of rest) section(table, table.name);
  return doc.save();
}
