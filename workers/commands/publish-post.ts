import type { ClaimMark } from "../http/idempotency";
import { type Actor, ensureActorCan } from "../tenancy/actor";
import { needsApproval } from "../workspaces";
import { type CommandDeps, postActivity, submissionWrites } from "./deps";

/**
 * Publish Now on a saved post: its unsent channels become due now (the caller hands them to the dispatcher), or
 * wait for approval where it applies; a pending request is replaced. The request's Idempotency-Key claim is marked
 * in the same batch (ADR 125).
 */
export async function publishPost(deps: CommandDeps, actor: Actor, id: string, mark?: ClaimMark) {
  ensureActorCan(actor, "posts.publish");
  const plan = await deps.drafts.publishOf(actor, id);
  const submit = needsApproval(actor.workspace);
  const draft = deps.drafts.draftPublish(id, plan, submit);
  const post = { id, content: plan.content, publishNow: true, at: draft.at };
  const submission = await submissionWrites(deps, actor, post, submit);
  await deps.posts.commit([
    draft.post,
    ...deps.moves.dueNow(draft.waiting, draft.status, draft.at),
    deps.approvals.withdrawal(id),
    ...submission.writes,
    postActivity(deps, actor, submit ? "submitted" : "publish_requested", id, plan.content, draft.at),
    ...(mark ? [mark(id)] : []),
  ]);
  await deps.approvals.sendNotices(submission.mail);
  return deps.posts.get(actor.workspace.id, id);
}
