import { parseOrThrow } from "../http/validate";
import type { Services } from "../services";
import { type PostFields, postFieldsSchema } from "./rules";
import type { Actor } from "./store";

/** What the posts API and the planner's action answer after a write (one set of words). */
export const PostReplies = {
  updated: "Post updated successfully",
  /** Where approval applies (ADR 016), Schedule and Publish Now answer this instead of scheduling. */
  submitted: "Post submitted for approval",
} as const;

type Deps = Pick<Services, "posts" | "approvals" | "webhooks">;

/** A write that ended in a submission for approval: announced to the approvers and the webhooks. */
export async function announceSubmitted(
  services: Omit<Deps, "posts">,
  actor: Actor,
  post: { _id: string; content: string },
) {
  await services.approvals.announce(actor, post);
  await services.webhooks.emit(actor.workspace.id, "approval.requested", {
    postId: post._id,
    submittedBy: actor.userId,
  });
}

/** Only the fields the caller sent change; the rest keep their stored values. */
export function sentFields(raw: Record<string, unknown>) {
  const parsed = parseOrThrow(postFieldsSchema, raw);
  const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw)) as Partial<PostFields>;
  return { parsed, patch };
}

/**
 * PUT /api/posts/:id (without addToQueue) and the planner's reschedule: the sent fields change; a post that now
 * needs approval goes back to pending and is announced. Answers the post and the reply's message.
 */
export async function updatePost(services: Deps, actor: Actor, id: string, patch: Partial<PostFields>) {
  const post = await services.posts.update(actor, id, patch);
  if (post.status !== "pending_approval") return { post, message: PostReplies.updated };
  await announceSubmitted(services, actor, post);
  return { post, message: PostReplies.submitted };
}
