import { Hono } from "hono";
import { z } from "zod";
import { FEED_MODES } from "../db/schema/feeds";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d, noData } from "../http/route-registry";
import { readJson } from "../http/validate";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { feedService } from "./deps";
import { FeedReplies, feedCreateBody, feedPatchBody } from "./schemas";

/** feedView: a feed and its last check (ISO 8601 instants, as every answer's times). */
const Feed = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string().nullable(),
  mode: z.enum(FEED_MODES),
  accountIds: z.array(z.string()),
  template: z.string(),
  lastCheckedAt: z.iso.datetime().nullable(),
  nextCheckAt: z.iso.datetime(),
  lastError: z.string().nullable(),
  failures: z.number(),
  posted: z.number(),
});

d({
  method: "get",
  path: "/api/feeds",
  tag: "Feeds",
  summary: "The workspace's feeds, each with its last check",
  data: z.object({ feeds: z.array(Feed) }),
});
d({
  method: "post",
  path: "/api/feeds",
  tag: "Feeds",
  summary: "Follow an RSS, Atom or JSON feed: new items become drafts or go to the chosen channels' queues",
  body: feedCreateBody,
  data: Feed,
});
d({
  method: "patch",
  path: "/api/feeds/{id}",
  tag: "Feeds",
  summary: "Change where a feed's items go and their template",
  body: feedPatchBody,
  data: Feed,
});
d({ method: "delete", path: "/api/feeds/{id}", tag: "Feeds", summary: "Stop following a feed", data: noData });
d({
  method: "post",
  path: "/api/feeds/{id}/check",
  tag: "Feeds",
  summary: "Check a feed now",
  data: z.object({ posted: z.number(), error: z.string().nullable(), feed: Feed }),
});

/** /api/feeds (ADR 068). Following a feed can fill the queue, so changing feeds takes the right to schedule. */
export const feedRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) =>
    ok(c, { feeds: await feedService(c.var.services).list(c.var.workspace.id) }),
  )
  .post("/", requirePermission("posts.publish"), async (c) => {
    const body = await readJson(c, feedCreateBody);
    const feed = await feedService(c.var.services).add(actorOf(c), body);
    await loggedWrite(c, {
      action: "feed_added",
      subject: "feed",
      subjectId: feed.id,
      summary: feed.title ?? feed.url,
    });
    return ok(c, feed, FeedReplies.added, 201);
  })
  .patch("/:id", requirePermission("posts.publish"), async (c) => {
    const body = await readJson(c, feedPatchBody);
    const feed = await feedService(c.var.services).update(c.var.workspace.id, c.req.param("id"), body);
    await loggedWrite(c, {
      action: "feed_changed",
      subject: "feed",
      subjectId: feed.id,
      summary: feed.title ?? feed.url,
    });
    return ok(c, feed, FeedReplies.updated);
  })
  .delete("/:id", requirePermission("posts.publish"), async (c) => {
    const gone = await feedService(c.var.services).remove(c.var.workspace.id, c.req.param("id"));
    await loggedWrite(c, {
      action: "feed_deleted",
      subject: "feed",
      subjectId: gone.id,
      summary: gone.title ?? gone.url,
    });
    return ok(c, null, FeedReplies.removed);
  })
  .post("/:id/check", requirePermission("posts.publish"), async (c) => {
    const { result, feed } = await feedService(c.var.services).checkNow(c.var.workspace.id, c.req.param("id"));
    return ok(c, { ...result, feed }, FeedReplies.checked(result.posted, result.error));
  });
