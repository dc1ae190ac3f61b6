import type { REPORT_FORMATS, REPORT_KINDS } from "../../db/schema/analytics";
import type { FontFiles, PdfReport } from "./pdf";
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
  return `${[table.columns, ...table.rows].map((r) => r.map(esc).join(",")).join("\r\n")}\r\n`;
}

/** A workbook with a sheet per table of the report (see xlsx.ts for why it is written by hand). */
export async function toXlsx(report: ReportData): Promise<Uint8Array> {
  const { toXlsxBytes } = await import("./xlsx");
  return toXlsxBytes(report.sheets, { title: report.title, creator: "Postline", created: new Date() });
}

/** A PDF (pdf.ts); pdf-lib and fontkit are loaded only when one is asked for. */
export async function toPdf(report: PdfReport, fonts: FontFiles): Promise<Uint8Array> {
  const { renderPdf } = await import("./pdf");
  return renderPdf(report, fonts);
}
