import type { ClaimMark } from "../http/idempotency";
import { type PostFields, schedules } from "../posts";
import { type Actor, ensureActorCan } from "../tenancy/actor";
import { postWriteActions } from "../tenancy/roles";
import { needsApproval } from "../workspaces";
import { type CommandDeps, labelChoices, linkChoices, postActivity, submissionWrites } from "./deps";

/**
 * Creates a post: who may save it (scheduling is an approver's or a publisher's), whether it goes to approval
 * (ADR 016), the rules and pre-flight, then the post, its targets, its own link choices and labels (ADR 105), the
 * approval request, its notices to the approvers and the activity entry in one batch, and its media staged when it is due soon. Bulk import runs this
 * for each row. A request's Idempotency-Key claim is marked with the post in that batch (ADR 125).
 */
export async function createPost(deps: CommandDeps, actor: Actor, fields: PostFields, mark?: ClaimMark) {
  const wants = schedules(fields);
  const submit = wants && needsApproval(actor.workspace);
  for (const action of postWriteActions({ own: true, schedules: wants && !submit })) ensureActorCan(actor, action);
  const draft = await deps.drafts.draftNew(actor, fields, submit);
  const labels = await labelChoices(deps, actor, draft.id, fields);
  const post = { id: draft.id, content: fields.content, publishNow: fields.publishNow === true, at: draft.at };
  const submission = await submissionWrites(deps, actor, post, submit);
  await deps.posts.commit([
    draft.post,
    ...deps.moves.add(draft.targets),
    ...draft.media,
    ...linkChoices(deps, actor, draft.id, fields),
    ...labels,
    ...submission.writes,
    postActivity(deps, actor, submit ? "submitted" : "created", draft.id, fields.content, draft.at),
    ...(mark ? [mark(draft.id)] : []),
  ]);
  await deps.approvals.sendNotices(submission.mail);
  await deps.publishing.stageSoon(draft.id, draft.targets, draft.at);
  return deps.posts.get(actor.workspace.id, draft.id);
}
