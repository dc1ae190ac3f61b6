import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as lucide from "lucide-react";
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Writes public/icons.svg, the sprite app/components/ui/icons.tsx draws from (ADR 134): a `<symbol>` for each icon it
 * declares (`spriteIcon("Name")`), holding the shapes lucide-react itself renders for that export, so the sprite is
 * lucide's drawing, not a copy of it. Run by `npm run build` and `npm run dev`; the file is not committed.
 */
const root = fileURLToPath(new URL("..", import.meta.url));

/** The lucide exports `icons.tsx` declares. */
export function declaredIcons(source: string): string[] {
  return [...source.matchAll(/spriteIcon\("(\w+)"\)/g)].map((m) => m[1]!);
}

/** The sprite for `names`: each one's shapes as lucide renders them, inside a symbol named by it. */
export function iconSprite(names: string[]): string {
  const symbols = names.map((name) => {
    const icon = (lucide as unknown as Record<string, FunctionComponent | undefined>)[name];
    if (!icon) throw new Error(`lucide-react has no icon named ${name}`);
    const svg = renderToStaticMarkup(createElement(icon));
    const shapes = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = declaredIcons(readFileSync(join(root, "app/components/ui/icons.tsx"), "utf8"));
  mkdirSync(join(root, "public"), { recursive: true });
  writeFileSync(join(root, "public/icons.svg"), iconSprite(names));
}
