import { describe, expect, it } from "vitest";
import { facesNeeded, needsUnicodeFont, REPLACEMENT, textRuns } from "./pdf-text";

const latin = {
  file: "latin.woff",
  ranges: [
    [0x0000, 0x00ff],
    [0xfffd, 0xfffd],
  ] as Array<[number, number]>,
};
const deva = {
  file: "deva.woff",
  ranges: [
    [0x0900, 0x097f],
    [0x200c, 0x200d],
  ] as Array<[number, number]>,
};
const cjk = {
  file: "cjk.woff",
  ranges: [
    [0x4f60, 0x4f60],
    [0x597d, 0x597d],
  ] as Array<[number, number]>,
};
const faces = [latin, deva, cjk];

describe("PDF text runs", () => {
  it("keeps what Helvetica draws in the standard font, so an ASCII or Latin-1 report loads no font file", () => {
    expect(textRuns("Café, naïve", faces)).toEqual([{ text: "Café, naïve", face: null }]);
    // Decomposed accents are composed first: still one standard run.
    expect(textRuns("Cafe\u0301", faces)).toEqual([{ text: "Café", face: null }]);
    expect(needsUnicodeFont("Café\tcrème\n")).toBe(false);
    expect(needsUnicodeFont("नमस्ते")).toBe(true);
  });

  it("gives each script the first face that covers it, a Devanagari syllable staying whole", () => {
    expect(textRuns("Hi नमस्ते, 你好!", faces)).toEqual([
      { text: "Hi ", face: null },
      { text: "नमस्ते", face: "deva.woff" },
      { text: ", ", face: null },
      { text: "你好", face: "cjk.woff" },
      { text: "!", face: null },
    ]);
    expect(facesNeeded(["plain", "你"], faces)).toEqual([cjk]);
  });

  it("draws an uncovered grapheme (an emoji with its skin tone) as one visible replacement mark, never '?'", () => {
    expect(textRuns("Go 👍🏽 now", faces)).toEqual([
      { text: "Go ", face: null },
      { text: REPLACEMENT, face: "latin.woff" },
      { text: " now", face: null },
    ]);
    // Without any font file (they could not be loaded) only then does "?" stand in.
    expect(textRuns("a你", [])).toEqual([{ text: "a?", face: null }]);
  });
});
