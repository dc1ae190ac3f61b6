import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { readJson } from "../http/validate";
import { actorOf, requirePermission } from "../tenancy/middleware";

export const commentInput = z.object({
  body: z.string().trim().min(1, "Write a comment first.").max(5000, "Keep the comment under 5,000 characters."),
});

const tag = "Comments";
const Comment = z.object({
  id: z.string(),
  body: z.string(),
  author: z.object({ id: z.string(), displayName: z.string().nullable() }),
  mentions: z.array(z.string()),
  createdAt: z.string(),
});
describeRoute({
  method: "get",
  path: "/api/posts/{id}/comments",
  tag,
  summary: "The team's internal comments on a post, oldest first",
  data: z.object({ comments: z.array(Comment) }),
});
describeRoute({
  method: "post",
  path: "/api/posts/{id}/comments",
  tag,
  summary: "Comment on a post; @Name or @emailname mentions a member, who is told in-app and by email",
  body: commentInput,
  status: 201,
  data: Comment,
});

export const commentRoutes = new Hono<SignedInEnv>()
  .get("/:id/comments", requirePermission("workspace.read"), async (c) =>
    ok(c, { comments: await c.var.services.comments.list(c.var.workspace.id, c.req.param("id")) }),
  )
  .post("/:id/comments", requirePermission("posts.comment"), async (c) => {
    const { body } = await readJson(c, commentInput);
    const comment = await c.var.services.comments.add(actorOf(c), c.req.param("id"), body);
    return ok(c, comment, "Comment added", 201);
  });
