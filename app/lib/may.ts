import { useRouteLoaderData } from "react-router";
import type { loader as appLoader } from "~/routes/app-layout";
import type { Action } from "../../workers/tenancy/roles";

/**
 * What the signed-in member may do in the open workspace, read from the app layout's data (ADR 127): `may(action)`
 * for whether to show or enable a control, `why(action)` for the one line beside a disabled one (the server's
 * words, the same as its 403). The server still decides; this only keeps the pages from offering what it refuses.
 */
export function useMay() {
  const data = useRouteLoaderData<typeof appLoader>("app");
  const refused: Partial<Record<Action, string>> = data?.workspace.refused ?? {};
  const userId = data?.user.id;
  const may = (action: Action) => !refused[action];
  return {
    may,
    why: (action: Action) => refused[action],
    /**
     * Whether this member's Schedule, Publish Now and Add to queue submit the post for approval instead (the server's
     * `needsApproval`: a contributor's always, everyone's where the workspace requires approval; ADR 128).
     */
    submits: data?.workspace.submits ?? false,
    /** Edit or delete a post: one's own with `posts.write`, anyone's with `posts.manage` (the server's rule). */
    mayChangePost: (post: { authorId?: string | null }) =>
      may("posts.manage") || (may("posts.write") && post.authorId === userId),
  };
}
