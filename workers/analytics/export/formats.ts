import type { REPORT_FORMATS, REPORT_KINDS } from "../../db/schema/analytics";
import type { Cell, ReportData, Table } from "./report-data";

export type ReportKind = (typeof REPORT_KINDS)[number];
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** RFC 4180; a cell starting with = + - @ is prefixed with ' so a spreadsheet never runs it as a formula. */
export function toCsv(table: Table): string {
  const esc = (v: Cell) => {
    if (v === null) return "";
    let s = String(v);
    if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [table.columns, ...table.rows].map((r) => r.map(esc).join(",")).join("\r\n") + "\r\n";
}

/** A workbook with a sheet per analytics tab (see xlsx.ts for why it is written by hand). */
export async function toXlsx(report: ReportData): Promise<Uint8Array> {
  const { toXlsxBytes } = await import("./xlsx");
  return toXlsxBytes(report.tabs, { title: report.title, creator: "Postline", created: new Date() });
}

/** The standard PDF fonts encode WinAnsi only; anything else is replaced. */
const pdfText = (v: Cell) => (v === null ? "-" : String(v)).replace(/[^\x20-\x7E]/g, "?");

/** A PDF: a title page with the KPI table, then one section per page (continuing on more pages when long). pdf-lib is loaded lazily. */
export async function toPdf(report: ReportData): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(`Postline ${report.title}`);
  doc.setProducer("Postline");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [W, H, M, LINE] = [595.28, 841.89, 40, 16];

  const section = (table: Table, heading: string, subtitle?: string) => {
    let page = doc.addPage([W, H]);
    let y = H - M;
    page.drawText(pdfText(heading), { x: M, y: y - 18, size: 18, font: bold });
    y -= 30;
    if (subtitle) {
      page.drawText(pdfText(subtitle), { x: M, y: y - 10, size: 10, font, color: rgb(0.35, 0.35, 0.35) });
      y -= 22;
    }
    const colWidth = (W - 2 * M) / table.columns.length;
    const maxChars = Math.max(4, Math.floor(colWidth / 5));
    const drawRow = (cells: Cell[], f = font) => {
      for (const [i, cell] of cells.entries()) {
        page.drawText(pdfText(cell).slice(0, maxChars), { x: M + i * colWidth, y: y - 10, size: 9, font: f });
      }
      y -= LINE;
    };
    drawRow(table.columns, bold);
    if (!table.rows.length) drawRow(["No data for this period"]);
    for (const row of table.rows) {
      if (y < M + LINE) {
        page = doc.addPage([W, H]);
        y = H - M;
        drawRow(table.columns, bold);
      }
      drawRow(row);
    }
  };
  section(report.kpis, `Postline ${report.title}`, report.subtitle);
  for (const table of report.pdfSections) section(table, table.name);
  return doc.save();
}
