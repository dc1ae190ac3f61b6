import { z } from "zod";

/** Postline's own accent: a workspace without a colour of its own. */
export const DEFAULT_BRAND_COLOR = "#4338ca";
/** White text on the brand colour (report covers, page headers) needs WCAG's 3:1 for large text. */
export const MIN_CONTRAST = 3;
export const LOGO_MAX_BYTES = 512 * 1024;
/** The two image types a PDF draws natively (so reports can show the logo). */
export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;

export const BrandMessages = {
  color: "Colour must be a hex colour like #1d4ed8.",
  logoType: "The logo must be a PNG or JPEG image.",
  logoSize: "The logo must be 512 KB or smaller.",
  logoMissing: "Choose a logo file to upload.",
  saved: "Brand saved",
  logoSaved: "Logo uploaded",
  logoRemoved: "Logo removed",
} as const;

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

const formatRatio = (r: number) => `${Math.floor(r * 10) / 10}:1`;

/** A brand colour: `#rgb` or `#rrggbb`, stored lower-case in six digits, dark enough for white text on it. */
export const brandColor = z
  .string({ error: BrandMessages.color })
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, BrandMessages.color)
  .transform((v) => (v.length === 4 ? `#${[...v.slice(1)].map((c) => c + c).join("")}` : v).toLowerCase())
  .superRefine((hex, ctx) => {
    const ratio = contrastWithWhite(hex);
    if (ratio < MIN_CONTRAST)
      ctx.addIssue({
        code: "custom",
        message: `Pick a darker colour: white text on ${hex} has a contrast of ${formatRatio(ratio)}, and reports need at least 3:1.`,
      });
  });

/** PUT /api/brand: the colour, or null for Postline's own. */
export const brandInput = z.object({ color: brandColor.nullable() });
export type BrandInput = z.output<typeof brandInput>;
