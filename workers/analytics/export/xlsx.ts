import { strToU8, zipSync } from "fflate";
import type { Cell, Table } from "./report-data";

/**
 * A minimal SpreadsheetML (ECMA-376) workbook: one sheet per table, a bold header row, shared strings,
 * column widths. Why not a library: exceljs was ~half of the Worker bundle, SheetJS's npm build (0.18.5) is
 * unmaintained and still ~400 kB, and no well-kept light writer is in the registry. The parts below are the
 * fixed minimum Excel, LibreOffice and exceljs accept; fflate (8 kB, widely used) does the zip.
 */
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = "http://schemas.openxmlformats.org";
const MAX_SHEET_NAME = 31;

/** XML 1.0 text: escapes markup and drops the control characters XML cannot carry. */
export function xmlText(s: string): string {
  return (
    s
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to match (and drop) control characters.
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
  );
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
function sheetNames(tables: Table[]): string[] {
  const used = new Set<string>();
  return tables.map((t, i) => {
    let name =
      t.name
        .replace(/[:\\/?*[\]]/g, " ")
        .trim()
        .slice(0, MAX_SHEET_NAME) || `Sheet${i + 1}`;
    if (used.has(name.toLowerCase())) name = `${name.slice(0, MAX_SHEET_NAME - 4)} (${i + 1})`;
    used.add(name.toLowerCase());
    return name;
  });
}

export function toXlsxBytes(tables: Table[], meta: { title: string; creator: string; created: Date }): Uint8Array {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const shared = (s: string) => {
    let i = stringIndex.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      stringIndex.set(s, i);
    }
    return i;
  };
  const cell = (value: Cell, ref: string, style: number) => {
    if (value === null) return "";
    const s = style ? ` s="${style}"` : "";
    if (typeof value === "number") return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : "";
    return `<c r="${ref}"${s} t="s"><v>${shared(value)}</v></c>`;
  };
  const sheet = (t: Table) => {
    const rows = [t.columns, ...t.rows].map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((v, c) => cell(v, `${columnName(c)}${r + 1}`, r === 0 ? 1 : 0)).join("")}</row>`,
    );
    const widths = t.columns.map((h, c) =>
      Math.min(50, Math.max(10, ...[h, ...t.rows.map((r) => String(r[c] ?? ""))].map((s) => s.length + 2))),
    );
    const cols = widths.map((w, c) => `<col min="${c + 1}" max="${c + 1}" width="${w}" customWidth="1"/>`).join("");
    return `${XML}<worksheet xmlns="${NS}/spreadsheetml/2006/main"><cols>${cols}</cols><sheetData>${rows.join("")}</sheetData></worksheet>`;
  };

  const names = sheetNames(tables);
  const files: Record<string, Uint8Array> = {};
  for (const [i, t] of tables.entries()) files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheet(t));
  const sheetTypes = tables.map(
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  );
  files["[Content_Types].xml"] = strToU8(
    `${XML}<Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetTypes.join("")}` +
      `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
      `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` +
      `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
  );
  files["_rels/.rels"] = strToU8(
    `${XML}<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
      `<Relationship Id="rId2" Type="${NS}/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
  );
  files["docProps/core.xml"] = strToU8(
    `${XML}<cp:coreProperties xmlns:cp="${NS}/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
      `<dc:title>${xmlText(meta.title)}</dc:title><dc:creator>${xmlText(meta.creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${meta.created.toISOString()}</dcterms:created></cp:coreProperties>`,
  );
  files["xl/workbook.xml"] = strToU8(
    `${XML}<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets>` +
      names.map((n, i) => `<sheet name="${xmlText(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("") +
      `</sheets></workbook>`,
  );
  const n = tables.length;
  files["xl/_rels/workbook.xml.rels"] = strToU8(
    `${XML}<Relationships xmlns="${NS}/package/2006/relationships">` +
      tables
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join("") +
      `<Relationship Id="rId${n + 1}" Type="${NS}/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
      `<Relationship Id="rId${n + 2}" Type="${NS}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  files["xl/styles.xml"] = strToU8(
    `${XML}<styleSheet xmlns="${NS}/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
      `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
      `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
      `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
  );
  // Shared strings last: the sheets above filled the table.
  files["xl/sharedStrings.xml"] = strToU8(
    `${XML}<sst xmlns="${NS}/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">` +
      strings.map((s) => `<si><t xml:space="preserve">${xmlText(s)}</t></si>`).join("") +
      `</sst>`,
  );
  return zipSync(files, { level: 6, mtime: meta.created });
}
