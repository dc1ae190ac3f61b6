/**
 * XLSX bulk import (ADR 026): the first sheet read with read-excel-file's universal build (fflate + a small SAX
 * parser, no DOM), so the same function runs in the browser (the import page) and in workerd (tests). Cells become
 * the text a CSV would hold, so both files share the checks and the content key (ADR 022).
 */
import { readSheet } from "read-excel-file/universal";
import { columnKey, ImportMessages, type ImportRow, importRows } from "./rows";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** 1970-01-01 as an Excel (1900 system) serial day. */
const UNIX_EPOCH_SERIAL = 25_569;

/** A date-time as wall clock fields: Excel keeps no zone, so its UTC fields are the sheet's own wall time. */
const wallDate = (d: Date) => d.toISOString().slice(0, 10);
const wallTime = (d: Date) => d.toISOString().slice(11, 16);
const fromSerial = (serial: number) => new Date(Math.round(((serial - UNIX_EPOCH_SERIAL) * DAY) / MINUTE) * MINUTE);
const hasTime = (d: Date) => d.getTime() % DAY !== 0;

type Cell = string | number | boolean | Date | null | undefined;

/**
 * A date cell: a date-formatted cell (read as a Date), a bare serial number (46113 = 2026-04-01; a fraction
 * carries the time), or text as typed. Returns the date and, when the cell holds one, the time.
 */
export function dateCell(value: Cell): { date: string; time?: string } {
  if (value === null || value === undefined) return { date: "" };
  const d = typeof value === "number" ? fromSerial(value) : value instanceof Date ? value : null;
  if (!d) return { date: String(value).trim() };
  return hasTime(d) ? { date: wallDate(d), time: wallTime(d) } : { date: wallDate(d) };
}

/** A time cell: a time-formatted cell (a Date on Excel's day zero), a day fraction (0.375 = 09:00), or text. */
export function timeCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return wallTime(fromSerial(value % 1));
  if (value instanceof Date) return wallTime(value);
  return String(value).trim();
}

/** The first sheet of an .xlsx file as import rows (header = row 1); throws the user's message. */
export async function parseXlsx(file: Blob | ArrayBuffer | Uint8Array): Promise<ImportRow[]> {
  let sheet: Cell[][];
  try {
    sheet = (await readSheet(file instanceof Uint8Array ? new Uint8Array(file).buffer : file)) as Cell[][];
  } catch {
    throw new Error(ImportMessages.unreadableXlsx);
  }
  const [header = [], ...body] = sheet;
  const fields = header.map((h) => columnKey(String(h ?? "")));
  const rowNumbers: number[] = [];
  const records: Array<Record<string, string>> = [];
  for (const [i, cells] of body.entries()) {
    if (!cells.some((c) => c !== null && c !== undefined && String(c).trim() !== "")) continue; // a blank row
    const record: Record<string, string> = {};
    for (const [c, field] of fields.entries()) {
      const value = cells[c];
      if (field === "date") {
        const { date, time } = dateCell(value);
        record.date = date;
        if (time && !record.time) record.time = time;
      } else if (field === "time") {
        const time = timeCell(value);
        if (time) record.time = time;
      } else record[field] = value === null || value === undefined ? "" : String(value);
    }
    records.push(record);
    rowNumbers.push(i + 2);
  }
  return importRows(fields, records, rowNumbers);
}
