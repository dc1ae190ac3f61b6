/**
 * The PDF report (ADR 085): a cover in the workspace's brand with the period and KPI tiles, vector charts (trend,
 * per network, best times), the top posts with their thumbnails, then the report's tables fitted to the page.
 * Loaded only when a PDF is asked for (formats.ts imports it dynamically), with pdf-lib and fontkit. Text the
 * standard fonts cannot draw is drawn with subsets of the Noto slices it needs (ADR 026).
 */
// @pdf-lib/fontkit's Indic shaper (Devanagari) calls a global regeneratorRuntime it does not bundle
// (pdf-lib issues 785, 1419); this sets it.
import "regenerator-runtime/runtime";
import fontkit from "@pdf-lib/fontkit";
import { type Color, PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { RATE_NOT_REPORTED } from "../definitions";
import { Canvas, hexColor, MUTED, PAGE } from "./pdf-canvas";
import { bestTimesChart, networkChart, trendChart } from "./pdf-charts";
import { cellText, drawTable } from "./pdf-table";
import { type FontFace, facesNeeded, needsUnicodeFont } from "./pdf-text";
import type { ReportData } from "./report-data";
import { changeLabel, type ReportImage, type ReportStory } from "./report-story";

/** Where the Unicode fonts come from: the list of slices and each file's bytes. */
export interface FontFiles {
  faces(): Promise<FontFace[]>;
  load(file: string): Promise<Uint8Array>;
}

/** What a PDF prints of a report: its title, tables and the story its first pages tell. */
export type PdfReport = Pick<ReportData, "title" | "sheets"> & { story: ReportStory };

const WHITE = rgb(1, 1, 1);

/** Every line the report prints, to know which fonts to embed before drawing. */
const linesOf = ({ title, story, sheets }: PdfReport) => [
  title,
  story.brand.name,
  story.period,
  "No data for this period",
  ...story.kpis.map((k) => k.label),
  ...story.trend.map((p) => p.date),
  ...story.networks.map((n) => n.name),
  ...story.topPosts.flatMap((p) => [p.text, p.networks]),
  ...sheets.flatMap((t) => [t.name, ...[t.columns, ...t.rows].flatMap((r) => r.map(cellText))]),
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

/** An image drawn within a box, keeping its proportions; a file pdf-lib cannot read is left out. */
async function drawImage(canvas: Canvas, image: ReportImage, box: { x: number; y: number; w: number; h: number }) {
  try {
    const embedded =
      image.type === "png" ? await canvas.doc.embedPng(image.bytes) : await canvas.doc.embedJpg(image.bytes);
    const { width, height } = embedded.scaleToFit(box.w, box.h);
    canvas.page.drawImage(embedded, { x: box.x, y: box.y + box.h - height, width, height });
  } catch (err) {
    console.warn(`report image skipped: ${err instanceof Error ? err.message : err}`);
  }
}

/** The cover: a band in the brand's colour with its logo and name, the report's title and period, KPI tiles. */
async function cover(canvas: Canvas, title: string, story: ReportStory, accent: Color) {
  const page = canvas.newPage();
  const band = 190;
  page.drawRectangle({ x: 0, y: PAGE.height - band, width: PAGE.width, height: band, color: accent });
  let x = PAGE.margin;
  if (story.brand.logo) {
    await drawImage(canvas, story.brand.logo, { x, y: PAGE.height - 110, w: 70, h: 70 });
    x += 86;
  }
  const nameHeight = canvas.paragraph(
    story.brand.name,
    x,
    PAGE.height - 44,
    PAGE.width - x - PAGE.margin,
    { size: 26, bold: true, color: WHITE },
    2,
  );
  canvas.text(title, x, PAGE.height - 52 - nameHeight, { size: 15, color: WHITE });
  canvas.paragraph(
    story.period,
    PAGE.margin,
    PAGE.height - band + 40,
    PAGE.width - 2 * PAGE.margin,
    { size: 11, color: WHITE },
    2,
  );
  canvas.y = PAGE.height - band - 30;
  kpiTiles(canvas, story.kpis, accent);
}

/** Three tiles a row: the figure, its label, and its change against the previous period. */
function kpiTiles(canvas: Canvas, kpis: ReportStory["kpis"], accent: Color) {
  const gap = 12;
  const w = (PAGE.width - 2 * PAGE.margin - 2 * gap) / 3;
  const h = 74;
  kpis.forEach((k, i) => {
    const x = PAGE.margin + (i % 3) * (w + gap);
    const top = canvas.y - Math.floor(i / 3) * (h + gap);
    canvas.page.drawRectangle({
      x,
      y: top - h,
      width: w,
      height: h,
      color: accent,
      opacity: 0.08,
      borderColor: accent,
      borderWidth: 0.6,
      borderOpacity: 0.4,
    });
    const value = k.value === null ? RATE_NOT_REPORTED : `${k.value.toLocaleString("en-US")}${k.suffix ?? ""}`;
    canvas.text(value, x + 10, top - 30, { size: 20, bold: true });
    canvas.paragraph(k.label, x + 10, top - 36, w - 20, { size: 8, color: MUTED }, 1);
    // A rate not reported has no change to tell ("new" would say there was nothing before).
    if (k.value === null) return;
    const change = `${changeLabel(k.change)} vs previous period`;
    const color =
      k.change === null || k.change === 0 ? MUTED : k.change > 0 ? rgb(0.05, 0.5, 0.25) : rgb(0.75, 0.15, 0.15);
    canvas.text(change, x + 10, top - 64, { size: 8, bold: true, color });
  });
  canvas.y -= Math.ceil(kpis.length / 3) * (h + gap) + 10;
}

/** The top posts: thumbnail (when the post has one PNG/JPEG), its text wrapped, its networks and figures. */
async function topPosts(canvas: Canvas, posts: ReportStory["topPosts"]) {
  canvas.ensure(80);
  canvas.text("Top posts", PAGE.margin, canvas.y - 13, { size: 13, bold: true });
  canvas.y -= 24;
  if (!posts.length) {
    canvas.text("No data for this period", PAGE.margin, canvas.y - 10, { size: 8, color: MUTED });
    canvas.y -= 20;
  }
  const textX = PAGE.margin + 64;
  const textW = PAGE.width - PAGE.margin - textX;
  for (const p of posts) {
    canvas.ensure(66);
    const top = canvas.y;
    if (p.thumbnail) await drawImage(canvas, p.thumbnail, { x: PAGE.margin, y: top - 54, w: 54, h: 54 });
    else
      canvas.page.drawRectangle({ x: PAGE.margin, y: top - 54, width: 54, height: 54, color: rgb(0.93, 0.94, 0.95) });
    const used = canvas.paragraph(p.text || "(no text)", textX, top, textW, { size: 9 }, 3);
    const figures = `${p.networks} · ${p.engagement.toLocaleString("en-US")} engagements · ${p.reach.toLocaleString("en-US")} reach`;
    canvas.paragraph(figures, textX, top - used - 2, textW, { size: 8, color: MUTED }, 2);
    canvas.y = top - 64;
  }
  canvas.y -= 10;
}

export async function renderPdf(report: PdfReport, files: FontFiles): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${report.story.brand.name}: ${report.title}`);
  doc.setProducer("Postline");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const canvas = new Canvas(doc, { regular, bold, ...(await embedFaces(doc, report, files)) });
  const accent = hexColor(report.story.brand.color);

  await cover(canvas, report.title, report.story, accent);
  trendChart(canvas, report.story.trend, accent);
  canvas.newPage();
  networkChart(canvas, report.story.networks, accent);
  bestTimesChart(canvas, report.story.weekdays, accent);
  await topPosts(canvas, report.story.topPosts);
  canvas.newPage();
  for (const table of report.sheets) drawTable(canvas, table, accent);
  return doc.save();
}
