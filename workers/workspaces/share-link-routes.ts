import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { parseOrThrow, readJson } from "../http/validate";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { reviewAsClient } from "./client-review";
import { SHARED_TIMINGS, ShareReplies } from "./share-link-rules";
import { clientReviewInput, ShareData, shareLinkInput, shareLinkQuery } from "./share-schemas";

const SharedMedia = z.looseObject({ id: z.string(), url: z.string() });

/** What a client sees through a link (share-links.ts `open`). */
const SharedPosts = z.object({
  label: z.string().nullable(),
  expiresAt: z.string(),
  posts: z.array(
    z.looseObject({
      id: z.string(),
      content: z.string(),
      platforms: z.array(z.string()),
      scheduledDate: z.string().nullable(),
      timing: z
        .enum(SHARED_TIMINGS)
        .describe(
          "planned (its time is ahead), was_planned (its time has passed), not_scheduled (a draft, one sent back included), held (for the changes a client asked for) or published",
        ),
      publishedAt: z.string().nullable(),
      channels: z.array(
        z
          .looseObject({
            platform: z.string(),
            username: z.string(),
            displayName: z.string(),
            caption: z
              .string()
              .describe(
                "The text this channel publishes: its own text when it has one, else the post's content with its hashtags",
              ),
            thread: z.array(z.string()).describe("X and Threads: the thread's parts after the caption, in order"),
            title: z.string().nullable(),
            firstComment: z.string().nullable(),
            format: z.string(),
            media: z.array(SharedMedia).describe("The media this channel publishes, in order"),
            options: z
              .object({
                contentWarning: z
                  .string()
                  .optional()
                  .describe("Mastodon: the content warning readers see in place of the post until they open it"),
              })
              .describe("What readers see of the channel's settings; the others name ids and stay out"),
          })
          .describe("Each channel as it will publish (its own version where it has one, ADR 021)"),
      ),
      media: z.array(SharedMedia),
      reviews: z.array(
        z.object({ decision: z.string(), comment: z.string().nullable(), createdAt: z.string().nullable() }),
      ),
    }),
  ),
});

const tag = "Client approval links";
describeRoute({
  method: "post",
  path: "/api/share-links",
  tag,
  summary: "Share posts (chosen, or those planned in a date range) with a client for approval; the URL is shown once",
  body: shareLinkInput,
  data: ShareData.created,
  status: 201,
});
describeRoute({
  method: "get",
  path: "/api/share-links",
  tag,
  summary: "The workspace's client links (with postId, only those that share that post)",
  query: shareLinkQuery,
  data: ShareData.links,
});
describeRoute({
  method: "delete",
  path: "/api/share-links/{id}",
  tag,
  summary: "Revoke a client link: it answers 410 from then on",
  data: ShareData.link,
});
describeRoute({
  method: "get",
  path: "/api/share/{token}",
  tag,
  auth: false,
  summary:
    "What a client sees through a link: its posts, each channel with what it publishes, and the decisions made (404 unknown, 410 revoked or expired)",
  errors: [410],
  data: SharedPosts,
});
describeRoute({
  method: "post",
  path: "/api/share/{token}/posts/{postId}/review",
  tag,
  auth: false,
  summary: "A client approves or asks for changes (with a comment) on one of the link's posts; the author is told",
  body: clientReviewInput,
  status: 201,
  data: z.looseObject({ decision: z.string(), comment: z.string().nullable() }),
});

export const shareLinkRoutes = new Hono<SignedInEnv>()
  .post("/", requirePermission("posts.approve"), async (c) => {
    const input = await readJson(c, shareLinkInput);
    const link = await c.var.services.shareLinks.create(actorOf(c), input);
    return ok(c, link, ShareReplies.created, 201);
  })
  .get("/", requirePermission("posts.approve"), async (c) => {
    const { postId } = parseOrThrow(shareLinkQuery, c.req.query());
    return ok(c, { links: await c.var.services.shareLinks.list(c.var.workspace.id, postId) });
  })
  .delete("/:id", requirePermission("posts.approve"), async (c) =>
    ok(c, await c.var.services.shareLinks.revoke(actorOf(c), c.req.param("id")), ShareReplies.revoked),
  );

/** No session: the token is the client's whole authority, and it reaches only the link's posts. */
export const publicShareRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    const token = c.req.param("token");
    return ok(c, await (await c.var.services.servicesForToken(token)).shareLinks.open(token));
  })
  .post("/:token/posts/:postId/review", async (c) => {
    const link = { token: c.req.param("token"), postId: c.req.param("postId") };
    const { review, message } = await reviewAsClient(c.var.services, c.req.raw, link, () =>
      readJson(c, clientReviewInput),
    );
    return ok(c, review, message, 201);
  });
