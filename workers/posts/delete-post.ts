import { invalidateDashboard } from "../http/dashboard-cache";
import type { PublishingService } from "../publishing/service";
import type { Actor, PostStore } from "./store";

/**
 * Deletes a post, and with `deleteRemote` its published copies first; shared by DELETE /api/posts/:id and
 * the pages' delete form. The message says which platforms kept their copy.
 */
export async function deletePost(
  services: { posts: PostStore; publishing: PublishingService },
  actor: Actor,
  id: string,
  deleteRemote: boolean,
) {
  // Checked before anything is deleted on the platforms; remove() checks again, atomically.
  await services.posts.ensureDeletable(actor, id);
  const remote = deleteRemote ? await services.publishing.deleteRemote(actor.workspace.id, id) : [];
  await services.posts.remove(actor, id);
  await invalidateDashboard(actor.workspace.id);
  const refused = remote.filter((r) => !r.deleted);
  const message = refused.length
    ? `Post deleted here; not deleted on ${refused.map((r) => `${r.platform} (${r.message})`).join(", ")}`
    : "Post deleted successfully";
  return { id, remote, message };
}
