import { z } from "zod";

/** The API's answer for a workspace's brand. */
export const BrandData = z.object({
  color: z.string().nullable(),
  effectiveColor: z.string(),
  logoUrl: z.string().nullable(),
});
