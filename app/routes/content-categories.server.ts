import { data } from "react-router";
import { runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import {
  CategoryReplies,
  categoryCreateBody,
  categoryPostBody,
  categoryPostSummary,
  categoryService,
} from "../../workers/categories/index";
import type { AppContext } from "../../workers/context";
import { recordWrite, type Written } from "../../workers/http/activity";
import { parseOrThrow } from "../../workers/http/validate";
import { excerpt, listPostsSchema, toListQuery } from "../../workers/posts/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";

/** Content → Categories: the categories as GET /api/categories reads them, and recent posts that can join one. */
export async function categoriesTabData(ctx: AppContext, url: URL) {
  const { workspace, vars } = signedIn(ctx, url);
  ensurePermitted(vars, "workspace.read");
  const [categories, recent] = await Promise.all([
    categoryService(ctx.services).list(workspace),
    ctx.services.posts.list(
      workspace.id,
      toListQuery(parseOrThrow(listPostsSchema, { limit: "50" }), workspace.timezone),
    ),
  ]);
  return {
    categories,
    posts: recent.posts
      .filter((p) => p.platforms.length > 0 && p.metadata.source !== "evergreen")
      .map((p) => ({ id: p._id, excerpt: excerpt(p.content) })),
    /** The slots' zone: a card names it beside them, since their next one is shown in the user's. */
    slotZone: workspace.timezone,
  };
}

/** The slots a form names: each ticked day at each listed time ("09:00, 17:30"). */
function slotsOf(form: FormData) {
  const times = String(form.get("times") ?? "")
    .split(/[\s,]+/)
    .filter(Boolean);
  return form.getAll("days").flatMap((day) => times.map((time) => ({ day: Number(day), time })));
}

/** Content → Categories' forms: add, remove, put a post in and take it out, with the API's rules and messages. */
export async function categoriesAction(form: FormData, ctx: AppContext, url: URL) {
  const { actor, vars } = signedIn(ctx, url);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const categories = categoryService(ctx.services);
  // Each change is in the activity log, as the API's category routes record it.
  const log = (action: Written["action"], c: { id: string; name: string }, summary = c.name) =>
    recordWrite(
      ctx.services,
      { workspaceId: actor.workspace.id, userId: actor.userId },
      {
        action,
        subject: "category",
        subjectId: c.id,
        summary,
      },
    );
  return runForm(
    intent,
    async () => {
      ensurePermitted(vars, "posts.publish");
      switch (intent) {
        case "category-add": {
          const body = parseOrThrow(categoryCreateBody, {
            name: form.get("name") ?? "",
            slots: slotsOf(form),
            minGapDays: form.get("minGapDays") || undefined,
            endsOn: form.get("endsOn") ?? null,
          });
          await log("category_added", await categories.add(actor, body));
          return { ok: true as const, intent, message: CategoryReplies.added };
        }
        case "category-remove":
          await log("category_deleted", await categories.remove(actor.workspace.id, id));
          return { ok: true as const, intent, id, message: CategoryReplies.removed };
        case "category-post-add": {
          const { postId } = parseOrThrow(categoryPostBody, { postId: form.get("postId") ?? "" });
          const category = await categories.addPost(actor.workspace, id, postId);
          await log("category_post_added", category, categoryPostSummary(category, postId));
          return { ok: true as const, intent, id, message: CategoryReplies.postAdded };
        }
        case "category-post-remove": {
          const postId = String(form.get("postId") ?? "");
          const category = await categories.removePost(actor.workspace, id, postId);
          await log("category_post_removed", category, categoryPostSummary(category, postId));
          return { ok: true as const, intent, id, message: CategoryReplies.postRemoved };
        }
        default:
          return data<FormReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
      }
    },
    id || undefined,
  );
}
