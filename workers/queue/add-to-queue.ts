import { z } from "zod";
import { accountsOf, type PostFields } from "../posts/rules";
import type { Actor } from "../posts/store";
import type { Services } from "../services";

/** The flag POST and PUT /api/posts accept besides the post's own fields. */
export const addToQueueFlag = z.object({ addToQueue: z.boolean().default(false) });
export const ADDED_TO_QUEUE = "Post added to the queue";

/** The post scheduled for its earliest slot (its channels are then moved to their own). */
export function queuedFields(fields: PostFields, slots: Map<string, number>): PostFields {
  return {
    ...fields,
    status: "scheduled",
    publishNow: false,
    scheduledDate: new Date(Math.min(...slots.values())).toISOString(),
  };
}

/**
 * Add to queue: each chosen account's next free slot, then the post is saved with the normal rules and
 * its channels moved to their slots. Where approval applies the post is submitted for its earliest slot.
 */
export async function saveToQueue<Saved extends { _id: string; status: string }>(
  services: Services,
  actor: Actor,
  fields: PostFields,
  save: (fields: PostFields) => Promise<Saved>,
) {
  const slots = await services.queue.placements(
    actor.workspace,
    accountsOf(fields).map((t) => t.accountId),
  );
  const saved = await save(queuedFields(fields, slots));
  if (saved.status === "pending_approval") return saved;
  await services.queue.place(actor.workspace.id, saved._id, slots);
  return services.posts.get(actor.workspace.id, saved._id);
}
