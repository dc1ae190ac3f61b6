import { z } from "zod";

/** A UTM value as the links' settings and a post's own choices accept it (letters, digits, spaces, `.-_`). */
export const utmValue = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter the ${what}`)
    .max(100, `The ${what} must be at most 100 characters`)
    .regex(/^[\w.\- ]+$/, `The ${what} may use letters, digits, spaces, dots, dashes and underscores only`);

/**
 * A post's own link treatment (ADR 094): shortened or not, its UTM campaign and medium (null inherits the
 * workspace's). Part of the post's write (ADR 105), so a post published at once already has them.
 */
export const postLinkChoicesSchema = z.object({
  shorten: z.boolean({ error: "Please say whether this post's links are shortened (true or false)" }).default(true),
  utmCampaign: utmValue("UTM campaign").nullable().default(null),
  utmMedium: utmValue("UTM medium").nullable().default(null),
});
export type PostLinkChoicesInput = z.output<typeof postLinkChoicesSchema>;
