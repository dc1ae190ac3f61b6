import { z } from "zod";
import { parseOrThrow } from "../http/validate";
import { type PostFields, postFieldsSchema } from "./rules";

/** The flag POST and PUT /api/posts accept besides the post's own fields (ADR 022). */
export const addToQueueFlag = z.object({ addToQueue: z.boolean().default(false) });

/** DELETE /api/posts/{id}?deleteRemote=true also deletes the post on the networks that allow it. */
export const deleteQuery = z.object({
  deleteRemote: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

/** Marking an unconfirmed channel published: its link on the network, when the member has it. */
export const confirmBody = z.object({
  permalink: z.string().url("Please enter the post's link (a URL)").max(2048).optional(),
});

/** Only the fields the caller sent change; the rest keep their stored values. */
export function sentFields(raw: Record<string, unknown>) {
  const parsed = parseOrThrow(postFieldsSchema, raw);
  const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw)) as Partial<PostFields>;
  return { parsed, patch };
}
