import { describe, expect, it } from "vitest";
import { toCsv } from "./formats";

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
});
