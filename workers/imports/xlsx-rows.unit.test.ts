import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { dateCell, parseXlsx, timeCell } from "./xlsx-rows";

describe("XLSX import cells", () => {
  it("reads serial numbers, day fractions, Excel date cells and text as the sheet's wall time", () => {
    expect(dateCell(46_113)).toEqual({ date: "2026-04-01" });
    expect(dateCell(46_113.375)).toEqual({ date: "2026-04-01", time: "09:00" });
    expect(dateCell(new Date(Date.UTC(2026, 3, 1, 17, 30)))).toEqual({ date: "2026-04-01", time: "17:30" });
    expect(dateCell(" 2026-04-01 ")).toEqual({ date: "2026-04-01" });
    expect(dateCell(null)).toEqual({ date: "" });
    expect(timeCell(0.375)).toBe("09:00");
    expect(timeCell(0.53125 - 1e-9)).toBe("12:45"); // float noise rounds to the minute
    expect(timeCell(46_113.75)).toBe("18:00");
    expect(timeCell(new Date(Date.UTC(1899, 11, 30, 8, 5)))).toBe("08:05");
    expect(timeCell("09:00")).toBe("09:00");
  });

  it("reads a workbook Excel wrote: date- and time-formatted cells, blank rows keep the sheet's numbering", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Posts");
    ws.addRow(["Text", "Channels", "Date", "Time", "Timezone", "Media", "First comment"]);
    ws.addRow(["Launch", "twitter", new Date(Date.UTC(2026, 3, 1)), new Date(Date.UTC(1899, 11, 30, 9, 30))]);
    ws.getCell("C2").numFmt = "yyyy-mm-dd";
    ws.getCell("D2").numFmt = "hh:mm";
    ws.addRow([]);
    ws.addRow(["Later", "linkedin", new Date(Date.UTC(2026, 3, 2, 16, 45)), null, "Asia/Kolkata", "a.jpg|b.jpg"]);
    ws.getCell("C4").numFmt = "yyyy-mm-dd hh:mm";
    wb.addWorksheet("Notes").addRow(["not read"]);
    const rows = await parseXlsx((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    expect(rows).toEqual([
      {
        row: 2,
        text: "Launch",
        channels: "twitter",
        date: "2026-04-01",
        time: "09:30",
        timezone: "",
        media: "",
        first_comment: "",
      },
      {
        row: 4,
        text: "Later",
        channels: "linkedin",
        date: "2026-04-02",
        time: "16:45",
        timezone: "Asia/Kolkata",
        media: "a.jpg|b.jpg",
        first_comment: "",
      },
    ]);
  });

  it("says which columns are missing, in the CSV import's words", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("Posts").addRow(["Caption", "Date"]);
    await expect(parseXlsx((await wb.xlsx.writeBuffer()) as ArrayBuffer)).rejects.toThrow(
      "The file is missing the columns: text, channels",
    );
  });
});
