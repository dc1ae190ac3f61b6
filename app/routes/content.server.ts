import { filtersOf, postsQuery } from "~/components/content/post-filters";
import { signedIn } from "~/lib/page-session.server";
import type { AppContext } from "../../workers/context";
import { failureOf } from "../../workers/http/failure";
import { parseOrThrow } from "../../workers/http/validate";
import { labelService } from "../../workers/labels/index";
import { listPostsSchema, toListQuery } from "../../workers/posts/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";
import { allows } from "../../workers/tenancy/roles";

/**
 * The posts tab's list for the URL's filters, as GET /api/posts reads it (`workspace.read`, its schema and query):
 * a refused filter (a malformed date) shows the API's message in the list's place. `canShare`: the role may make
 * approval links (`posts.approve`, as /posts/:id/share requires), so each card links there without JavaScript.
 * `labels`: the workspace's, for the Label filter (ADR 094).
 */
export async function contentPosts(ctx: AppContext, url: URL) {
  const { auth, actor, vars } = signedIn(ctx, url);
  const canShare = allows(actor.workspace, "posts.approve");
  try {
    ensurePermitted(vars, "workspace.read");
    const query = Object.fromEntries(new URLSearchParams(postsQuery(filtersOf(url.searchParams))));
    const [listed, labels] = await Promise.all([
      ctx.services.posts.list(
        actor.workspace.id,
        // From and to are days as the cards show their dates: in the user's zone.
        toListQuery(parseOrThrow(listPostsSchema, query), auth.user.timezone),
      ),
      labelService(ctx.services).list(actor.workspace.id),
    ]);
    return { posts: listed.posts, message: null, canShare, labels };
  } catch (err) {
    const failure = failureOf(err);
    if (!failure) throw err;
    return { posts: [], message: failure.message, canShare, labels: [] };
  }
}
