import { runForm } from "~/lib/form-action.server";
import { brandService } from "../../workers/branding/index";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import { clientReviewInput, reviewAsClient } from "../../workers/workspaces/index";

/**
 * A client's Approve or Request changes on a shared post: POST /api/share/:token/posts/:postId/review as a form,
 * with its rate limit, schema and message. No session: the token is the client's whole authority. The reply
 * names the post, so a plain post's answer shows under that post.
 */
export async function clientReviewAction(request: Request, { services }: AppContext, token: string) {
  const form = await request.formData();
  const postId = String(form.get("id") ?? "");
  return runForm(
    "review",
    async () => {
      const { message } = await reviewAsClient(services, request, { token, postId }, () =>
        parseOrThrow(clientReviewInput, {
          decision: form.get("decision") ?? undefined,
          comment: form.get("comment") ?? undefined,
        }),
      );
      return { ok: true as const, intent: "review", id: postId, message };
    },
    postId,
  );
}

/** The brand of the workspace that shared the link (ADR 085), shown above its posts. */
/** The brand of the link's workspace, read on the shard its token named (`shard`). */
export const reviewBrand = (
  { services }: AppContext,
  shard: { db: AppContext["services"]["db"] },
  workspaceId: string,
) => brandService({ db: shard.db, env: services.env, now: services.now }).get(workspaceId);
