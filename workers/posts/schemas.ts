import { z } from "zod";
import { parseOrThrow } from "../http/validate";
import { type PostFields, postFieldsSchema } from "./rules";

/** The flag POST and PUT /api/posts accept besides the post's own fields (ADR 022). */
export const addToQueueFlag = z.object({ addToQueue: z.boolean().default(false) });

/** Only the fields the caller sent change; the rest keep their stored values. */
export function sentFields(raw: Record<string, unknown>) {
  const parsed = parseOrThrow(postFieldsSchema, raw);
  const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw)) as Partial<PostFields>;
  return { parsed, patch };
}
