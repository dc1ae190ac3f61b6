import { describe, expect, it } from "vitest";
import { pdfText, toCsv } from "./formats";

describe("export formats", () => {
  it("CSV quotes what needs it and never lets a cell run as a formula", () => {
    expect(
      toCsv({
        name: "t",
        columns: ["Post", "Likes"],
        rows: [
          ['Say "hi", all', 3],
          ["=1+1", null],
        ],
      }),
    ).toBe('Post,Likes\r\n"Say ""hi"", all",3\r\n\'=1+1,\r\n');
  });

  it("PDF text keeps Latin-1 accents the standard font can print; other scripts are still replaced", () => {
    expect(pdfText("café crème")).toBe("café crème");
    expect(pdfText("café 🚀 नमस्ते 你好")).toBe("café ? ?????? ??");
    expect(pdfText(null)).toBe("-");
  });
});
