import { dayOf } from "~/components/planner/calendar";
import { plannerState } from "~/components/planner/planner-state";
import { loadOrThrow } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import { listPostsSchema, toListQuery } from "../../workers/posts/query";
import { ensurePermitted } from "../../workers/workspaces/middleware";

/**
 * The visible range's posts and the drafts, as GET /api/posts reads them (`workspace.read`, the same schema
 * and query): `limit=100&from=<first day>&to=<last day>` and `status=draft&limit=50`. The range is the URL's
 * (`plannerState`), around the user's today when the URL names no day.
 */
export function plannerData(ctx: AppContext, url: URL) {
  const { auth, actor, vars } = signedIn(ctx, url);
  const { services } = ctx;
  return loadOrThrow(async () => {
    ensurePermitted(vars, "workspace.read");
    const today = dayOf(services.now(), auth.user.timezone);
    const { days } = plannerState(url.searchParams, today);
    const list = async (query: Record<string, string>) =>
      (await services.posts.list(actor, toListQuery(parseOrThrow(listPostsSchema, query), actor.workspace.timezone)))
        .posts;
    const [posts, drafts] = await Promise.all([
      list({ limit: "100", from: days[0]!, to: days.at(-1)! }),
      list({ status: "draft", limit: "50" }),
    ]);
    return { today, posts, drafts };
  });
}
