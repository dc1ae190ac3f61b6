import { Conflict } from "../errors";
import { linksFixed, PostLinkReplies } from "../links";
import { type PostFields, schedules } from "../posts";
import { type Actor, ensureActorCan } from "../tenancy/actor";
import { postWriteActions } from "../tenancy/roles";
import { needsApproval } from "../workspaces";
import { type CommandDeps, labelChoices, linkChoices, postActivity, submissionWrites } from "./deps";

/**
 * Edits a post with the sent fields (the planner's reschedule too): any write that schedules goes back to
 * approval when approval applies, an approved post's edit too; a write that does not withdraws a pending request.
 * Link choices sent with it are written in its batch, unless a channel already went out with the old ones; labels
 * sent with it too (they name its campaign for channels yet to go out, and in reports for the rest).
 */
export async function updatePost(deps: CommandDeps, actor: Actor, id: string, patch: Partial<PostFields>) {
  const edit = await deps.drafts.editOf(actor.workspace.id, id, patch);
  if (patch.links && linksFixed(edit.existing)) throw new Conflict(PostLinkReplies.live);
  const wants = schedules(edit.fields);
  const submit = wants && needsApproval(actor.workspace);
  for (const action of postWriteActions({ own: edit.owner === actor.userId, schedules: wants && !submit }))
    ensureActorCan(actor, action);
  const draft = await deps.drafts.draftEdit(actor, id, edit, submit);
  const labels = await labelChoices(deps, actor, id, patch);
  const submitted = submit && draft.fresh.length > 0;
  const post = { id, content: edit.fields.content, publishNow: edit.fields.publishNow === true, at: draft.at };
  const submission = await submissionWrites(deps, actor, post, submitted);
  await deps.posts.commit([
    draft.post,
    ...deps.moves.drop(draft.replaced),
    ...deps.moves.add(draft.fresh),
    ...draft.media,
    ...linkChoices(deps, actor, id, patch),
    ...labels,
    deps.approvals.withdrawal(id),
    ...submission.writes,
    postActivity(deps, actor, submitted ? "submitted" : "edited", id, edit.fields.content, draft.at),
  ]);
  await deps.approvals.sendNotices(submission.mail);
  await deps.publishing.stageSoon(id, draft.fresh, draft.at);
  return deps.posts.get(actor.workspace.id, id);
}
