import type { Context } from "hono";
import type { z } from "zod";
import { HttpError, Messages } from "./envelope";

/** The first issue's message is what the user sees; schemas put the spec's wording there. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue && !issue.message.startsWith("Invalid input") && !issue.message.startsWith("Invalid option") ? issue.message : Messages.validation;
  throw new HttpError(400, message);
}

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
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
