// Apart from rules.ts's zod schemas: Settings → Workspace checks the colour as it is typed, and importing rules.ts
// would put zod into that tab's first load (ADR 045).

/** White text on the brand colour (report covers, page headers) needs WCAG's 3:1 for large text. */
export const MIN_CONTRAST = 3;

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of white text on `hex` (1 to 21). */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
