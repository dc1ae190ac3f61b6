import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { renderPdf } from "./pdf";

/** Two Noto slices straight from the package (the build copies them to /fonts/ with the full manifest). */
const dir = new URL("../../../node_modules/@fontsource/noto-sans/files/", import.meta.url);
const faces = [
  { file: "noto-sans-latin-400-normal.woff", ranges: [[0xfffd, 0xfffd]] as Array<[number, number]> },
  { file: "noto-sans-devanagari-400-normal.woff", ranges: [[0x0900, 0x097f]] as Array<[number, number]> },
];
const report = (caption: string) => ({
  title: "Summary Report",
  subtitle: "2026-01-05 to 2026-01-11 (UTC)",
  sheets: [{ name: "Top posts", columns: ["Post", "Reach"], rows: [[caption, 10]] }],
});

describe("PDF report", () => {
  it("shapes Devanagari (vowel signs before their consonant) and loads only the slices it needs", async () => {
    const loaded: string[] = [];
    const bytes = await renderPdf(report("किताब हिन्दी 🚀"), {
      faces: async () => faces,
      load: async (file) => {
        loaded.push(file);
        return new Uint8Array(readFileSync(new URL(file, dir)));
      },
    });
    expect(loaded.sort()).toEqual(["noto-sans-devanagari-400-normal.woff", "noto-sans-latin-400-normal.woff"]);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it("a report in ASCII and Latin-1 fetches no font file at all", async () => {
    const none = async () => {
      throw new Error("no font should be fetched");
    };
    const bytes = await renderPdf(report("Café crème"), { faces: none, load: none });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });
});
