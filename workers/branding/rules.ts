import { z } from "zod";
import { contrastWithWhite, MIN_CONTRAST } from "./contrast";

/** Postline's own accent: a workspace without a colour of its own. */
export const DEFAULT_BRAND_COLOR = "#4338ca";
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
