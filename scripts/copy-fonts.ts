import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Copies the PDF export's Unicode fonts (OFL, from @fontsource) into public/fonts/, which the build serves as
 * static assets (ADR 026), with a manifest of the characters each file covers (the CSS unicode-range of each
 * slice). Run by `npm run build` and `npm run dev`; the files are not committed. WOFF, not WOFF2: zlib is
 * cheaper for the Worker to unpack than brotli.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const out = join(root, "public", "fonts");
/** In the order the PDF tries them: Noto Sans (Latin, Greek, Cyrillic, Vietnamese, Devanagari), then CJK. */
const FAMILIES = ["noto-sans", "noto-sans-sc"];

const parseRange = (r: string): [number, number] => {
  const [from, to = from] = r.trim().replace(/^U\+/i, "").split("-");
  return [Number.parseInt(from!, 16), Number.parseInt(to!, 16)];
};

mkdirSync(out, { recursive: true });
const faces: Array<{ file: string; ranges: Array<[number, number]> }> = [];
for (const family of FAMILIES) {
  const dir = join(root, "node_modules", "@fontsource", family);
  const css = readFileSync(join(dir, "400.css"), "utf8");
  for (const block of css.split("@font-face").slice(1)) {
    const file = /url\(\.\/files\/([\w.-]+\.woff)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) throw new Error(`${family}/400.css: a face without a .woff file or unicode-range`);
    copyFileSync(join(dir, "files", file), join(out, file));
    faces.push({ file, ranges: range.split(",").map(parseRange) });
  }
  copyFileSync(join(dir, "LICENSE"), join(out, `${family}-LICENSE.txt`));
}
writeFileSync(join(out, "manifest.json"), JSON.stringify({ faces }));
console.log(`copy-fonts: ${faces.length} font files in public/fonts`);
