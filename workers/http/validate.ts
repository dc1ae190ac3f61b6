import type { Context } from "hono";
import { z } from "zod";
import { HttpError, Messages } from "./envelope";

/**
 * The first issue's message is what the user sees; schemas put the spec's wording there.
 * Any zod schema works, `zod` or `zod/mini` (the auth schemas are mini: they also run on the sign-in page).
 */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message =
    issue && !issue.message.startsWith("Invalid input") && !issue.message.startsWith("Invalid option")
      ? issue.message
      : Messages.validation;
  throw new HttpError(400, message);
}

export async function readJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  const text = await c.req.text();
  if (text.trim() === "") body = {};
  else {
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, "Malformed JSON body.");
    }
  }
  return parseOrThrow(schema, body);
}
