import { Hono } from "hono";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d, noData } from "../http/route-registry";
import { readJson } from "../http/validate";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { categoryService } from "./deps";
import {
  CategoryAnswer,
  CategoryList,
  CategoryReplies,
  categoryCreateBody,
  categoryPatchBody,
  categoryPostBody,
  categoryPostSummary,
} from "./schemas";

const T = "Categories";
d({
  method: "get",
  path: "/api/categories",
  tag: T,
  summary: "The workspace's evergreen categories and their posts",
  data: CategoryList,
});
d({
  method: "post",
  path: "/api/categories",
  tag: T,
  summary: "Make an evergreen category: weekly slots its posts are re-queued into, in turn",
  body: categoryCreateBody,
  data: CategoryAnswer,
  status: 201,
  errors: [409],
});
d({
  method: "patch",
  path: "/api/categories/{id}",
  tag: T,
  summary: "Change a category's name, slots, gap or end date",
  body: categoryPatchBody,
  data: CategoryAnswer,
  errors: [409],
});
d({ method: "delete", path: "/api/categories/{id}", tag: T, summary: "Remove a category", data: noData });
d({
  method: "post",
  path: "/api/categories/{id}/posts",
  tag: T,
  summary: "Put a post in a category",
  body: categoryPostBody,
  data: CategoryAnswer,
  status: 201,
  errors: [409],
});
d({
  method: "delete",
  path: "/api/categories/{id}/posts/{postId}",
  tag: T,
  summary: "Take a post out of a category",
  data: CategoryAnswer,
});

/** /api/categories (ADR 076). A category fills the queue by itself, so changing one takes the right to schedule. */
export const categoryRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) =>
    ok(c, { categories: await categoryService(c.var.services).list(c.var.workspace) }),
  )
  .post("/", requirePermission("posts.publish"), async (c) => {
    const body = await readJson(c, categoryCreateBody);
    const category = await categoryService(c.var.services).add(actorOf(c), body);
    await loggedWrite(c, {
      action: "category_added",
      subject: "category",
      subjectId: category.id,
      summary: category.name,
    });
    return ok(c, category, CategoryReplies.added, 201);
  })
  .patch("/:id", requirePermission("posts.publish"), async (c) => {
    const body = await readJson(c, categoryPatchBody);
    const category = await categoryService(c.var.services).update(c.var.workspace, c.req.param("id"), body);
    await loggedWrite(c, {
      action: "category_changed",
      subject: "category",
      subjectId: category.id,
      summary: category.name,
    });
    return ok(c, category, CategoryReplies.updated);
  })
  .delete("/:id", requirePermission("posts.publish"), async (c) => {
    const gone = await categoryService(c.var.services).remove(c.var.workspace.id, c.req.param("id"));
    await loggedWrite(c, { action: "category_deleted", subject: "category", subjectId: gone.id, summary: gone.name });
    return ok(c, null, CategoryReplies.removed);
  })
  .post("/:id/posts", requirePermission("posts.publish"), async (c) => {
    const { postId } = await readJson(c, categoryPostBody);
    const category = await categoryService(c.var.services).addPost(c.var.workspace, c.req.param("id"), postId);
    await loggedWrite(c, {
      action: "category_post_added",
      subject: "category",
      subjectId: category.id,
      summary: categoryPostSummary(category, postId),
    });
    return ok(c, category, CategoryReplies.postAdded, 201);
  })
  .delete("/:id/posts/:postId", requirePermission("posts.publish"), async (c) => {
    const { id, postId } = c.req.param();
    const category = await categoryService(c.var.services).removePost(c.var.workspace, id, postId);
    await loggedWrite(c, {
      action: "category_post_removed",
      subject: "category",
      subjectId: category.id,
      summary: categoryPostSummary(category, postId),
    });
    return ok(c, category, CategoryReplies.postRemoved);
  });
