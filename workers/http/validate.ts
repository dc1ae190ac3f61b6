import type { Context } from "hono";
import { z } from "zod";
import { Invalid } from "../errors";
import { HttpError } from "./envelope";
import { issueMessage } from "./issue-message";

/**
 * The first issue's message is what the user sees: the schema's, where it puts the spec's wording, else the field
 * and what it must be (`issueMessage`). Any zod schema works, `zod` or `zod/mini` (the auth schemas are mini: they
 * also run on the sign-in page).
 */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) return parsed.data;
  throw new Invalid(issueMessage(parsed.error.issues[0], input));
}

/** The JSON body as sent ({} when empty), for a caller that parses it further on; malformed JSON is a 400. */
export async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Malformed JSON body.");
  }
}

export async function readJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseOrThrow(schema, await readBody(c));
}
