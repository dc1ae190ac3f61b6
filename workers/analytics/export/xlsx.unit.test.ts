import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { columnName, toXlsxBytes, xmlText } from "./xlsx";

describe("xlsx writer", () => {
  it("names columns like a spreadsheet", () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AB", "ZZ", "AAA"]);
  });

  it("escapes markup and drops characters XML cannot carry", () => {
    expect(xmlText(`<a & "b">\u0001 ok 😀`)).toBe("&lt;a &amp; &quot;b&quot;&gt; ok 😀");
  });

  it("writes a zip whose sheets hold numbers as values and text as shared strings; names are made valid and unique", () => {
    const bytes = toXlsxBytes(
      [
        {
          name: "Overview",
          columns: ["metric", "value"],
          rows: [
            ["=cmd()", 75],
            ["gap", null],
          ],
        },
        { name: "Overview", columns: ["a"], rows: [] },
        { name: "A/very:long*name[that]exceeds thirty-one", columns: ["a"], rows: [] },
      ],
      { title: "T & C", creator: "Postline", created: new Date(Date.UTC(2026, 0, 1)) },
    );
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe("PK");
    const files = unzipSync(bytes);
    const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
    expect(sheet).toContain('<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>75</v></c></row>');
    expect(sheet).toContain('<row r="3"><c r="A3" t="s"><v>3</v></c></row>');
    expect(strFromU8(files["xl/sharedStrings.xml"]!)).toContain('<si><t xml:space="preserve">=cmd()</t></si>');
    const workbook = strFromU8(files["xl/workbook.xml"]!);
    expect([...workbook.matchAll(/name="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "Overview",
      "Overview (2)",
      "A very long name that exceeds t",
    ]);
  });
});
