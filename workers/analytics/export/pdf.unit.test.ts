import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderPdf } from "./pdf";
import type { ReportStory } from "./report-story";

/** Two Noto slices straight from the package (the build copies them to /fonts/ with the full manifest). */
const dir = new URL("../../../node_modules/@fontsource/noto-sans/files/", import.meta.url);
const faces = [
  { file: "noto-sans-latin-400-normal.woff", ranges: [[0xfffd, 0xfffd]] as Array<[number, number]> },
  { file: "noto-sans-devanagari-400-normal.woff", ranges: [[0x0900, 0x097f]] as Array<[number, number]> },
];
const fonts = {
  faces: async () => faces,
  load: async (file: string) => new Uint8Array(readFileSync(new URL(file, dir))),
};
/** A 1×1 red PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

const story = (caption: string): ReportStory => ({
  brand: { name: "Acme Bakery", color: "#1d4ed8", logo: { bytes: PNG, type: "png" } },
  period: "5 Jan 2026 - 11 Jan 2026 (Europe/Berlin)",
  kpis: [
    { label: "Posts published", value: 12, change: 20 },
    { label: "Engagement", value: 3400, change: -5.5 },
    { label: "Engagement rate", value: 4.2, change: null, suffix: "%" },
  ],
  trend: Array.from({ length: 7 }, (_, i) => ({ date: `2026-01-0${i + 5}`, value: (i * 37) % 11 })),
  networks: [
    { name: "X", value: 120 },
    { name: "Instagram", value: 300 },
  ],
  weekdays: ["Sunday", "Monday", "Tuesday"].map((day, i) => ({ day, value: i * 10, bestHour: i ? 9 + i : null })),
  topPosts: [{ text: caption, networks: "X, Instagram", engagement: 99, reach: 1000, thumbnail: null }],
});
/** Nine columns of long headers: the table that printed "Engage" and "Rea" before. */
const platforms = {
  name: "Platforms",
  columns: [
    "Platform",
    "Posts",
    "Likes",
    "Comments",
    "Shares",
    "Reach",
    "Impressions",
    "Engagement",
    "Engagement rate (%)",
  ],
  rows: [["Google Business Profile", 3, 1200, 45, 9, 123456, 234567, 1254, 1.02]],
};
const posts = {
  name: "Posts",
  columns: ["Published", "Platform", "Post"],
  rows: Array.from({ length: 80 }, (_, i) => [
    `2026-01-${10 + (i % 9)}`,
    "X",
    `Post number ${i} ${"with a long caption ".repeat(4)}`,
  ]),
};

/** Each page's text as a reader extracts it. */
async function pagesOf(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return { pdf, text: text as string[] };
}

describe("PDF report", () => {
  it("a cover naming the workspace and period, every header whole, vector charts, long tables on more pages", {
    timeout: 60_000,
  }, async () => {
    const bytes = await renderPdf(
      { title: "Summary Report", sheets: [platforms, posts], story: story("Fresh bread") },
      fonts,
    );
    const { pdf, text } = await pagesOf(bytes);
    expect(text[0]).toContain("Acme Bakery");
    expect(text[0]).toContain("Summary Report");
    expect(text[0]).toContain("5 Jan 2026 - 11 Jan 2026 (Europe/Berlin)");
    expect(text[0]).toContain("+20% vs previous period");
    expect(text[0]).toContain("-5.5% vs previous period");

    // Every word of every header, whole (a header may wrap between words, never inside one).
    const words = (text.join(" ").match(/\S+/g) ?? []) as string[];
    for (const header of platforms.columns) for (const word of header.split(" ")) expect(words).toContain(word);
    expect(words).toContain("Business"); // the platform's long name wraps rather than being cut
    expect(words).toContain("123,456");
    expect(text.join(" ")).not.toContain("Twitter");

    // Charts are vector paths: pages 1-2 carry constructPath operations (lines, rectangles, the trend's curve).
    const { OPS } = await getResolvedPDFJS();
    for (const n of [1, 2]) {
      const ops = await (await pdf.getPage(n)).getOperatorList();
      expect(ops.fnArray.filter((op: number) => op === OPS.constructPath).length).toBeGreaterThan(5);
    }
    expect(text[1]).toContain("Engagement per network");
    expect(text[1]).toContain("Best times to post");
    expect(text[1]).toContain("Fresh bread");

    // 80 wrapped rows continue on further pages, each repeating the header; the last row is there.
    expect(pdf.numPages).toBeGreaterThan(4);
    expect(text.at(-1)).toContain("Published");
    expect(text.join(" ")).toContain("Post number 79");
  });

  it("labels each chart grid line with its value: whole, evenly spaced steps, on an empty period too", {
    timeout: 30_000,
  }, async () => {
    const render = async (trend: number[], weekdays: number[]) => {
      const base = story("Fresh bread");
      const bytes = await renderPdf(
        {
          title: "Summary Report",
          sheets: [],
          story: {
            ...base,
            trend: trend.map((value, i) => ({ date: `2026-01-0${i + 5}`, value })),
            weekdays: weekdays.map((value, i) => ({ day: ["Sunday", "Monday", "Tuesday"][i]!, value, bestHour: null })),
          },
        },
        fonts,
      );
      return (await pagesOf(bytes)).text;
    };
    // A peak of 6 read 0, 2, 3, 5, 6 (quarters of 6, rounded) and a peak of 25 read 0, 6, 13, 19, 25.
    const text = await render([1, 6, 3], [0, 25, 10]);
    expect(text[0]).toContain("Engagement over the period\n0\n2\n4\n6\n8\n");
    expect(text[1]).toContain("Best times to post\n0\n7\n14\n21\n28\n");
    // Nothing measured yet: 0, 0, 1, 1, 1 before.
    const empty = await render([0, 0, 0], [0, 0, 0]);
    expect(empty[0]).toContain("Engagement over the period\n0\n1\n2\n3\n4\n");
  });

  it("shapes Devanagari (vowel signs before their consonant) and loads only the slices it needs", {
    timeout: 30_000,
  }, async () => {
    const loaded: string[] = [];
    const bytes = await renderPdf(
      { title: "Summary Report", sheets: [], story: story("किताब हिन्दी 🚀") },
      {
        ...fonts,
        load: (file) => {
          loaded.push(file);
          return fonts.load(file);
        },
      },
    );
    expect(loaded.sort()).toEqual(["noto-sans-devanagari-400-normal.woff", "noto-sans-latin-400-normal.woff"]);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
  });

  it("a report in ASCII and Latin-1 fetches no font file at all", async () => {
    const none = async () => {
      throw new Error("no font should be fetched");
    };
    const bytes = await renderPdf(
      { title: "Summary Report", sheets: [platforms], story: story("Café crème") },
      { faces: none, load: none },
    );
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });
});
