import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../test/helpers";
import { PERIOD, seedFixture } from "../fixture.test-helper";

let fx: Awaited<ReturnType<typeof seedFixture>>;
beforeAll(async () => {
  fx = await seedFixture();
});

const download = (token: string, query: string) => SELF.fetch(`http://localhost/api/analytics/export?${query}`, { headers: { Authorization: `Bearer ${token}` } });

describe("GET /api/analytics/export", () => {
  it("CSV rows match the API", async () => {
    const res = await download(fx.a.token, `format=csv&report=content&${PERIOD}`);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="postline-content-2026-01-05-2026-01-12.csv"');
    const api = await call(`/api/analytics/content-performance?${PERIOD}`, { token: fx.a.token });
    const t = api.body.data.contentTypes[0];
    expect(await res.text()).toBe(
      `type,performance,count,avgEngagement,avgReach,engagementRate\r\n${t.type},${t.performance},${t.count},${t.avgEngagement},${t.avgReach},${t.engagementRate}\r\n`,
    );
    const summary = await (await download(fx.a.token, `format=csv&report=summary&${PERIOD}`)).text();
    expect(summary.split("\r\n").slice(0, 3)).toEqual(["metric,value,previous,changePercent", "totalPosts,5,1,400", "totalLikes,75,10,650"]);
  });

  it("XLSX: a sheet per tab, parsed back with exceljs", { timeout: 30_000 }, async () => {
    const res = await download(fx.a.token, `format=xlsx&report=detailed&${PERIOD}`);
    expect(res.status).toBe(200);
    const { default: ExcelJS } = await import("exceljs");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Overview", "Engagement", "Audience", "Content", "Growth", "Hashtags", "Timing", "Platforms", "Posts"]);
    const overview = wb.getWorksheet("Overview")!;
    expect(overview.getRow(3).values).toEqual([undefined, "totalLikes", 75, 10, 650]);
    const tags = wb.getWorksheet("Hashtags")!;
    expect(tags.getRow(2).values).toEqual([undefined, "#launch", 620, 500, 3, 61, 12.2]);
    expect(wb.getWorksheet("Posts")!.rowCount).toBe(6); // header + 5 targets
  });

  it("PDF: %PDF header and one page per section", { timeout: 30_000 }, async () => {
    const res = await download(fx.a.token, `format=pdf&report=summary&${PERIOD}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { PDFDocument } = await import("pdf-lib");
    // KPIs, Platforms, Top posts, Engagement: four short sections.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(4);
  });

  it("validates the format and needs a session", async () => {
    expect((await call(`/api/analytics/export?format=docx`, { token: fx.a.token })).body).toEqual({ success: false, message: "format must be csv, xlsx or pdf." });
    expect((await call(`/api/analytics/export?format=csv`)).status).toBe(401);
  });
});
