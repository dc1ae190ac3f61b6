import type { Actor } from "../posts";
import { accountsOf, type PostFields } from "../posts";
import type { CommandDeps } from "./deps";

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
 * Add to queue (ADR 022), for a new post and an edit alike: each chosen account's next free slot, then the post is
 * saved by `save` with the normal rules and its channels moved to their slots. Where approval applies the post is
 * submitted for its earliest slot.
 */
export async function saveToQueue<Saved extends { _id: string; status: string }>(
  deps: Pick<CommandDeps, "posts" | "queue">,
  actor: Actor,
  fields: PostFields,
  save: (fields: PostFields) => Promise<Saved>,
) {
  const slots = await deps.queue.placements(
    actor.workspace,
    accountsOf(fields).map((t) => t.accountId),
  );
  const saved = await save(queuedFields(fields, slots));
  if (saved.status === "pending_approval") return saved;
  await deps.queue.place(actor.workspace, saved._id, slots);
  return deps.posts.get(actor.workspace.id, saved._id);
}
