import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import type { PDFRawStream } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { bioClicksDaily, bioPages, posts } from "../../db/schema/index";
import { PLATFORMS } from "../../platform-profile";
import { call } from "../../test/helpers";
import { fileOf, jpegBytes } from "../../test/media-fixtures";
import { drizzleOf } from "../../test/shards";
import { day, PERIOD, seedFixture, utc } from "../fixture.test-helper";
import { loadTargetRows } from "../post-reads";

let fx: Awaited<ReturnType<typeof seedFixture>>;
beforeAll(async () => {
  fx = await seedFixture();
});

const download = (token: string, query: string) =>
  SELF.fetch(`http://localhost/api/analytics/export?${query}`, { headers: { Authorization: `Bearer ${token}` } });
/** The CSVs below hold no quoted cells, so lines and commas are the whole grammar. */
const csvRows = async (kind: string) =>
  (await (await download(fx.a.token, `format=csv&report=${kind}&${PERIOD}`)).text())
    .trimEnd()
    .split("\r\n")
    .map((l) => l.split(","));
/** Sheet names of a workbook, read from its zip without a spreadsheet library. */
const sheetNames = async (kind: string) => {
  const files = unzipSync(
    new Uint8Array(await (await download(fx.a.token, `format=xlsx&report=${kind}&${PERIOD}`)).arrayBuffer()),
  );
  return [...strFromU8(files["xl/workbook.xml"]!).matchAll(/<sheet name="([^"]+)"/g)].map((m) => m[1]);
};
/** A header in words starts with a capital ("Total posts"); a key ("totalPosts") does not. */
const isWords = (header: string) => /^[A-Z]/.test(header);

describe("GET /api/analytics/export", () => {
  it("CSV: each report kind holds its own table, headed in words", async () => {
    const res = await download(fx.a.token, `format=csv&report=content&${PERIOD}`);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="postline-content-${day(5)}-${day(12)}.csv"`,
    );

    const content = await csvRows("content");
    const api = (
      await call<"GET /api/analytics/content-performance">(`/api/analytics/content-performance?${PERIOD}`, {
        token: fx.a.token,
      })
    ).body.data.contentTypes[0];
    expect(content).toEqual([
      ["Content type", "Performance", "Posts", "Avg engagement", "Avg reach", "Engagement rate (%)"],
      [
        "Text",
        api.performance,
        String(api.count),
        String(api.avgEngagement),
        String(api.avgReach),
        String(api.engagementRate),
      ],
    ]);
    const summary = await csvRows("summary");
    expect(summary.slice(0, 3)).toEqual([
      ["Metric", "This period", "Previous period", "Change (%)"],
      ["Total posts", "5", "1", "400"],
      ["Total likes", "75", "10", "650"],
    ]);
    // Followers per day and platform; Facebook was not measured before Jan 7, so its first days are empty.
    const growth = await csvRows("growth");
    expect(growth.slice(0, 4)).toEqual([
      ["Date", "Facebook", "Instagram", "LinkedIn"],
      [day(5), "", "1000", "300"],
      [day(6), "", "1000", "300"],
      [day(7), "500", "1000", "300"],
    ]);
    const detailed = await csvRows("detailed");
    expect(detailed[0]).toEqual([
      "Published",
      "Platform",
      "Post",
      "Impressions",
      "Reach",
      "Likes",
      "Comments",
      "Shares",
      "Saves",
      "Clicks",
      "Engagement",
    ]);
    expect(detailed[1]).toEqual([
      `${day(5)} 09:00`,
      "Instagram",
      "Post p1 #launch #ai",
      "200",
      "150",
      "20",
      "4",
      "2",
      "5",
      "6",
      "26",
    ]);
    expect(detailed).toHaveLength(6); // header + the period's 5 published targets
    for (const rows of [content, summary, growth, detailed]) expect(rows[0]!.filter((h) => !isWords(h))).toEqual([]);
    // B's export holds B's post only.
    const other = (await (await download(fx.b.token, `format=csv&report=detailed&${PERIOD}`)).text())
      .trimEnd()
      .split("\r\n");
    expect(other.slice(1).map((l) => l.split(",")[2])).toEqual(["Post pb #launch"]);
  });

  it("the Posts table's read keeps the period's newest targets, oldest first", async () => {
    const range = { start: utc(5, 0), end: utc(12, 0), platforms: null };
    const all = await loadTargetRows(fx.db, fx.a.user.id, range);
    expect(all).toHaveLength(5);
    expect(await loadTargetRows(fx.db, fx.a.user.id, range, undefined, { newest: 2 })).toEqual(all.slice(3));
  });

  // The exports' top posts rank a period up to now in one statement that repeats the platform filter (ADR 118).
  it("CSV: a period up to now with every platform listed holds the same rows as with all of them", async () => {
    const rows = async (platforms: string) => {
      const res = await download(fx.a.token, `format=csv&report=detailed&period=1y&platforms=${platforms}`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const listed = await rows(PLATFORMS.join(","));
    expect(listed).toContain("Facebook,Post p4 ,999,999,99,9,9,9,9,117");
    expect(listed).toBe(await rows("all"));
  });

  it("XLSX: each report kind has its own sheets", async () => {
    expect(await sheetNames("summary")).toEqual(["Overview", "Platforms", "Top posts", "Engagement"]);
    expect(await sheetNames("growth")).toEqual(["Growth", "Followers per day"]);
    expect(await sheetNames("content")).toEqual(["Content types", "Hashtags", "Top posts", "Posts", "Link clicks"]);
    expect(await sheetNames("detailed")).toEqual([
      "Overview",
      "Engagement",
      "Audience",
      "Content types",
      "Growth",
      "Followers per day",
      "Hashtags",
      "Timing",
      "Platforms",
      "Inbox",
      "Posts",
      "Link clicks",
    ]);
  });

  it("XLSX: a spreadsheet library reads the detailed workbook back", { timeout: 30_000 }, async () => {
    const res = await download(fx.a.token, `format=xlsx&report=detailed&${PERIOD}`);
    expect(res.status).toBe(200);
    const { default: ExcelJS } = await import("exceljs");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.getWorksheet("Overview")!.getRow(2).values).toEqual([undefined, "Total posts", 5, 1, 400]);
    expect(wb.getWorksheet("Hashtags")!.getRow(1).values).toEqual([
      undefined,
      "Hashtag",
      "Impressions",
      "Reach",
      "Posts",
      "Engagement",
      "Engagement per reach (%)",
    ]);
    expect(wb.getWorksheet("Hashtags")!.getRow(2).values).toEqual([undefined, "#launch", 620, 500, 3, 61, 12.2]);
    expect(wb.getWorksheet("Growth")!.getRow(2).values).toEqual([
      undefined,
      "Facebook",
      500,
      500,
      0,
      0,
      `${day(7)} 07:00`,
    ]);
    expect(wb.getWorksheet("Posts")!.rowCount).toBe(6);
  });

  it("XLSX: link-in-bio clicks of the period are a source of their own in the Link clicks sheet", async () => {
    const workspaceId = fx.a.user.id;
    await fx.db.insert(bioPages).values({
      workspaceId,
      handle: `fx-${workspaceId.slice(0, 8)}`,
      title: "Fixture",
      links: [{ id: "ab12", label: "Order online", url: "https://shop.example/order" }],
    });
    await fx.db.insert(bioClicksDaily).values([
      { workspaceId, item: "link-ab12", day: day(6), clicks: 3 },
      { workspaceId, item: "link-ab12", day: day(8), clicks: 2 },
      { workspaceId, item: "link-ab12", day: day(20), clicks: 9 }, // after the period
    ]);
    const res = await download(fx.a.token, `format=xlsx&report=content&${PERIOD}`);
    const { default: ExcelJS } = await import("exceljs");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.getWorksheet("Link clicks")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Source", "Post", "Link", "Clicks"]);
    expect(sheet.getRow(2).values).toEqual([undefined, "Link in bio", undefined, "Order online", 5]);
    expect(sheet.rowCount).toBe(2);
  });

  it("PDF: a cover in the workspace's brand (its name, logo and the period), charts, then the tables", {
    timeout: 30_000,
  }, async () => {
    const brand = await call<"PUT /api/brand">("/api/brand", {
      token: fx.a.token,
      method: "PUT",
      body: { color: "#1d4ed8" },
    });
    expect(brand.body.data.effectiveColor).toBe("#1d4ed8");
    const form = new FormData();
    form.append("logo", fileOf(jpegBytes(64, 64), "logo.jpg"));
    expect((await call("/api/brand/logo", { token: fx.a.token, method: "PUT", body: form })).status).toBe(200);

    const res = await download(fx.a.token, `format=pdf&report=summary&${PERIOD}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pages = await pdfPageTexts(bytes);
    const workspace = (await call<"GET /api/workspaces">("/api/workspaces", { token: fx.a.token })).body.data
      .workspaces[0]!.name;
    expect(pages[0]).toContain(workspace);
    expect(pages[0]).toContain("Summary Report");
    expect(pages[0]).toContain("vs previous period");
    expect(pages[1]).toContain("Engagement per network");
    expect(pages.join("\n")).not.toContain("Twitter");
    // The logo is embedded as an image on the cover.
    const { PDFDocument, PDFName, PDFDict } = await import("pdf-lib");
    const cover = (await PDFDocument.load(bytes)).getPage(0);
    const images = cover.node.Resources()!.lookup(PDFName.of("XObject"), PDFDict);
    expect(images.keys().length).toBe(1);

    // The preview is the same document, shown inline and framed only by our own pages.
    const inline = await download(fx.a.token, `format=pdf&report=summary&view=inline&${PERIOD}`);
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline; filename="postline-summary-/);
    expect(inline.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect((await pdfPageTexts(new Uint8Array(await inline.arrayBuffer())))[0]).toBe(pages[0]);
  });

  it("PDF: captions in any script print as written, from embedded font subsets", { timeout: 30_000 }, async () => {
    const fonts = await env.ASSETS.fetch("https://assets.invalid/fonts/manifest.json");
    expect(
      fonts.status,
      "The PDF fonts are static assets in public/fonts: run `npm run build` (or `node scripts/copy-fonts.ts`) once",
    ).toBe(200);
    await fonts.body?.cancel();
    const caption = "Café, naïve, नमस्ते, 你好 🚀";
    await (await drizzleOf(fx.b.user.id)).update(posts).set({ content: caption }).where(eq(posts.id, fx.ids.pb));
    const res = await download(fx.b.token, `format=pdf&report=summary&${PERIOD}`);
    expect(res.status).toBe(200);
    const pages = await pdfPageTexts(new Uint8Array(await res.arrayBuffer()));
    // Top posts: the caption as written; the emoji (no font covers it) as a visible replacement mark.
    expect(pages.join("\n")).toContain("Café, naïve, नमस्ते, 你好 \uFFFD");
    expect(pages.join("\n")).not.toContain("?");
  });

  it("validates the format and needs a session", async () => {
    expect(
      (await call<"GET /api/analytics/export">(`/api/analytics/export?format=docx`, { token: fx.a.token })).body,
    ).toEqual({
      success: false,
      message: "format must be csv, xlsx or pdf.",
    });
    expect((await call<"GET /api/analytics/export">(`/api/analytics/export?format=csv`)).status).toBe(401);
  });
});

/**
 * The text a PDF shows, one string per page: each `Tj` decoded with its font's ToUnicode map (the embedded
 * subsets) or as WinAnsi (the standard fonts). Enough for pdf-lib's own output: hex strings, one font per run.
 */
async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const { PDFDocument, PDFDict, PDFName, PDFArray, decodePDFRawStream } = await import("pdf-lib");
  const doc = await PDFDocument.load(bytes);
  const streamText = (s: unknown) => strFromU8(decodePDFRawStream(s as PDFRawStream).decode());
  return doc.getPages().map((page) => {
    const fonts = page.node.Resources()!.lookup(PDFName.of("Font"), PDFDict);
    const decoders = new Map<string, (hex: string) => string>();
    for (const [name, ref] of fonts.entries()) {
      const font = doc.context.lookup(ref, PDFDict);
      const toUnicode = font.lookup(PDFName.of("ToUnicode"));
      if (!toUnicode) {
        decoders.set(name.decodeText(), (hex) => String.fromCharCode(...hex.match(/../g)!.map((h) => parseInt(h, 16))));
        continue;
      }
      const map = new Map<string, string>();
      for (const [, glyph, unicode] of streamText(toUnicode).matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g))
        map.set(glyph!.toUpperCase(), String.fromCharCode(...unicode!.match(/..../g)!.map((h) => parseInt(h, 16))));
      decoders.set(name.decodeText(), (hex) =>
        hex
          .toUpperCase()
          .match(/..../g)!
          .map((g) => map.get(g) ?? "\u0000")
          .join(""),
      );
    }
    const contents = page.node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    let font = "";
    let out = "";
    for (const op of streams
      .map(streamText)
      .join("\n")
      .matchAll(/\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj/g)) {
      if (op[1]) font = op[1];
      else if (op[2] !== undefined) out += decoders.get(font)!(op[2]);
    }
    return out;
  });
}
