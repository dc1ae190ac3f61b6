/**
 * Which font draws which part of a PDF's text (ADR 026). Helvetica draws what WinAnsi encodes (ASCII and
 * Latin-1), so a report in those needs no font file at all; anything else is drawn with the first Noto slice
 * whose range covers it (Noto Sans, then Noto Sans SC). A character no slice covers (most emoji) prints as
 * U+FFFD, a visible replacement mark, never as a silent "?".
 */

/** One font file and the code points it covers, as its CSS unicode-range (scripts/copy-fonts.ts). */
export interface FontFace {
  file: string;
  ranges: Array<[number, number]>;
}
/** A run of text and the font that draws it: `null` is the standard font (Helvetica). */
export interface TextRun {
  text: string;
  face: string | null;
}

export const REPLACEMENT = "\uFFFD";
const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/** What the standard fonts' WinAnsi encoding carries: printable ASCII and Latin-1. */
const isWinAnsi = (cp: number) => (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff);
const covers = (face: FontFace, cp: number) => face.ranges.some(([from, to]) => cp >= from && cp <= to);

/** A cell as one line of text: composed (NFC, so "é" is one character) and without line breaks or tabs. */
export const pdfLine = (value: string) =>
  value
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ");

/** True when the text needs more than the standard fonts, i.e. when font files must be loaded. */
export const needsUnicodeFont = (text: string) => [...pdfLine(text)].some((ch) => !isWinAnsi(ch.codePointAt(0)!));

/**
 * Splits a line into runs by font, grapheme by grapheme (a Devanagari syllable or an emoji sequence stays
 * whole). Without faces (none loaded), only the standard font's characters survive and the rest is REPLACEMENT.
 */
export function textRuns(text: string, faces: readonly FontFace[]): TextRun[] {
  const runs: TextRun[] = [];
  const fallback = faces.find((f) => covers(f, REPLACEMENT.codePointAt(0)!))?.file ?? null;
  for (const { segment } of segmenter.segment(pdfLine(text))) {
    const cps = [...segment].map((ch) => ch.codePointAt(0)!);
    let face: string | null = null;
    let drawn = segment;
    if (!cps.every(isWinAnsi)) {
      const found = faces.find((f) => cps.every((cp) => covers(f, cp)));
      if (found) face = found.file;
      else [face, drawn] = [fallback, fallback ? REPLACEMENT : "?"];
    }
    const last = runs.at(-1);
    if (last && last.face === face) last.text += drawn;
    else runs.push({ text: drawn, face });
  }
  return runs;
}

/** The font files a set of lines needs, in the order the faces are listed. */
export function facesNeeded(lines: readonly string[], faces: readonly FontFace[]): FontFace[] {
  const used = new Set(lines.flatMap((l) => textRuns(l, faces).flatMap((r) => (r.face ? [r.face] : []))));
  return faces.filter((f) => used.has(f.file));
}
