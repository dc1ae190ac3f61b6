import type { Actor } from "../posts";
import { ensureActorCan } from "../tenancy/actor";
import { postWriteActions } from "../tenancy/roles";
import { type CommandDeps, postActivity } from "./deps";

/**
 * Deletes a post (its author's, or any with `posts.manage`), and with `deleteRemote` its published copies first.
 * The message says which platforms kept their copy.
 */
export async function deletePost(deps: CommandDeps, actor: Actor, id: string, deleteRemote: boolean) {
  const ws = actor.workspace.id;
  const post = await deps.posts.ownedPost(ws, id);
  for (const action of postWriteActions({ own: post.userId === actor.userId, schedules: false }))
    ensureActorCan(actor, action);
  // Checked before anything is deleted on the platforms; the DELETE checks again, atomically.
  await deps.posts.ensureNotSending(id);
  const remote = deleteRemote ? await deps.publishing.deleteRemote(ws, id) : [];
  await deps.posts.remove(ws, id);
  // The entry outlives the post: the log keeps who deleted what.
  await postActivity(deps, actor, "deleted", id, post.content, deps.now());
  await deps.forgetDashboard(ws);
  const refused = remote.filter((r) => !r.deleted);
  const message = refused.length
    ? `Post deleted here; not deleted on ${refused.map((r) => `${r.platform} (${r.message})`).join(", ")}`
    : "Post deleted successfully";
  return { id, remote, message };
}
