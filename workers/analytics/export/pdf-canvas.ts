import type { Color, PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { rgb } from "pdf-lib";
import { type FontFace, pdfLine, type TextRun, textRuns } from "./pdf-text";

/** A4 portrait in points, its margin, and the grey of secondary text. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
export const MUTED = rgb(0.36, 0.38, 0.42);
export const INK = rgb(0.09, 0.1, 0.12);

const graphemes = (s: string) =>
  [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(s)].map((g) => g.segment);

/** `#rrggbb` as pdf-lib's colour. */
export const hexColor = (hex: string): RGB => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: Color;
}

/**
 * Text on PDF pages in the right font per run (Helvetica for WinAnsi, a Noto subset for the rest, ADR 026):
 * measuring, wrapping to a width at spaces (or between graphemes when one word is wider), and drawing. The
 * document's pages are added here so every drawing knows where the page ends.
 */
export class Canvas {
  page!: PDFPage;
  /** The baseline cursor: the next thing is drawn below it. */
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; faces: FontFace[]; embedded: Map<string, PDFFont> },
  ) {}

  newPage(): PDFPage {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    return this.page;
  }

  /** Starts a new page when `height` more points would not fit above the bottom margin. */
  ensure(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  private runs(value: string, bold?: boolean): Array<TextRun & { font: PDFFont }> {
    const standard = bold ? this.fonts.bold : this.fonts.regular;
    return textRuns(value, this.fonts.faces).map((r) => ({
      ...r,
      font: r.face ? this.fonts.embedded.get(r.face)! : standard,
    }));
  }

  width(value: string, style: TextStyle): number {
    return this.runs(value, style.bold).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, style.size), 0);
  }

  /** The lines `value` takes within `maxWidth`: broken at spaces, a word wider than the line at graphemes. */
  wrap(value: string, maxWidth: number, style: TextStyle): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of pdfLine(value).split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      for (const g of graphemes(word)) {
        if (line && this.width(line + g, style) > maxWidth) {
          lines.push(line);
          line = "";
        }
        line += g;
      }
    }
    if (line || !lines.length) lines.push(line);
    return lines;
  }

  /** Draws one line with its baseline at `y`. */
  text(value: string, x: number, y: number, style: TextStyle) {
    let at = x;
    for (const run of this.runs(value, style.bold)) {
      this.page.drawText(run.text, { x: at, y, size: style.size, font: run.font, color: style.color ?? INK });
      at += run.font.widthOfTextAtSize(run.text, style.size);
    }
  }

  /** Draws `value` wrapped to `maxWidth` from the top `y`, at most `maxLines` lines; answers the height used. */
  paragraph(value: string, x: number, y: number, maxWidth: number, style: TextStyle, maxLines = Infinity): number {
    const leading = style.size * 1.3;
    let lines = this.wrap(value, maxWidth, style);
    if (lines.length > maxLines) {
      lines = lines.slice(0, maxLines);
      lines[maxLines - 1] = this.ellipsis(lines[maxLines - 1]!, maxWidth, style);
    }
    for (const [i, line] of lines.entries()) this.text(line, x, y - style.size - i * leading, style);
    return lines.length * leading;
  }

  /** A line shortened at whole graphemes so "…" fits after it (for excerpts, never for figures or headers). */
  private ellipsis(line: string, maxWidth: number, style: TextStyle): string {
    const gs = graphemes(line);
    while (gs.length && this.width(`${gs.join("")}...`, style) > maxWidth) gs.pop();
    return `${gs.join("").trimEnd()}...`;
  }
}
