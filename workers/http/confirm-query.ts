import { z } from "zod";

/**
 * `?confirm=true` on a removal that affects posts (a file they use, an account they publish through): the first call
 * without it changes nothing and answers 409 naming those posts.
 */
export const confirmQuery = z.object({
  confirm: z
    .enum(["true", "false"], { error: "confirm is true or false" })
    .default("false")
    .describe("true: go ahead although posts depend on it (without it, a 409 names them)")
    .transform((v) => v === "true"),
});
