import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { categoryPostSummary, categoryService } from "../categories";
import { feedService } from "../feeds";
import { recordWrite } from "../http/activity";
import { campaignQuery, labelService } from "../labels";
import { clicksQuery } from "../links";
import { pieceService } from "../pieces";
import type { Actor } from "../posts";
import type { Services } from "../services";
import type { Action } from "../tenancy/roles";
import { postId } from "./mcp-inputs";
import { McpOutputs } from "./mcp-outputs";

type Run = (action: Action, work: () => Promise<object>) => Promise<CallToolResult>;
type Hints = { reads: object; adds: object };

/** The content engine for agents: evergreen categories, feeds, saved pieces and link clicks. */
export function engineTools(server: McpServer, services: Services, actor: Actor, run: Run, hints: Hints) {
  categoryTools(server, services, actor, run, hints);
  contentTools(server, services, actor, run, hints);
}

/** The evergreen categories (ADR 076): what they hold, and putting a post in one. */
function categoryTools(server: McpServer, services: Services, actor: Actor, run: Run, hints: Hints) {
  const { workspace } = actor;
  server.registerTool(
    "list_categories",
    {
      title: "Evergreen categories",
      description: "The workspace's evergreen categories: slots, gap, end, next slot, and their posts in turn",
      outputSchema: McpOutputs.categories,
      annotations: hints.reads,
    },
    () => run("workspace.read", async () => ({ categories: await categoryService(services).list(workspace) })),
  );
  server.registerTool(
    "add_to_category",
    {
      title: "Add a post to a category",
      description: "Put a post in an evergreen category: it is re-queued into the category's slots in turn",
      inputSchema: z.object({ categoryId: z.string().min(1).max(100), postId }),
      outputSchema: McpOutputs.categories.shape.categories.element,
      annotations: hints.adds,
    },
    ({ categoryId, postId: id }) =>
      run("posts.publish", async () => {
        const category = await categoryService(services).addPost(workspace, categoryId, id);
        // In the activity log as POST /api/categories/:id/posts records it.
        await recordWrite(
          services,
          { workspaceId: workspace.id, userId: actor.userId },
          {
            action: "category_post_added",
            subject: "category",
            subjectId: category.id,
            summary: categoryPostSummary(category, id),
          },
        );
        return category;
      }),
  );
}

/** What the content engine holds (ADR 087, 094): feeds and their health, link clicks, saved pieces and campaigns. */
function contentTools(server: McpServer, services: Services, actor: Actor, run: Run, hints: Hints) {
  const { workspace } = actor;
  const read = (
    name: string,
    title: string,
    description: string,
    outputSchema: z.ZodObject,
    work: () => Promise<object>,
  ) =>
    server.registerTool(name, { title, description, outputSchema, annotations: hints.reads }, () =>
      run("workspace.read", work),
    );
  read(
    "list_feeds",
    "Feeds",
    "The workspace's RSS/Atom/JSON feeds, when each was checked and why one failed",
    McpOutputs.feeds,
    async () => ({
      feeds: await feedService(services).list(workspace.id),
    }),
  );
  read(
    "list_saved_pieces",
    "Saved pieces",
    "Hashtag groups, caption templates and channel signatures",
    McpOutputs.pieces,
    async () => ({
      pieces: await pieceService(services).list(workspace.id),
    }),
  );
  server.registerTool(
    "link_clicks",
    {
      title: "Link clicks",
      description:
        "Clicks of short links and the link-in-bio page between two UTC days (YYYY-MM-DD; the last 30 by default): total, per channel, per post",
      inputSchema: clicksQuery,
      outputSchema: McpOutputs.clicks,
      annotations: hints.reads,
    },
    (q) =>
      run("workspace.read", async () => {
        const { links: _, ...sums } = await services.links.clicks(workspace.id, q);
        return sums;
      }),
  );
  server.registerTool(
    "campaign_report",
    {
      title: "Campaign report",
      description:
        "Each label (campaign) with its posts, how many are published, their link clicks between two UTC days (YYYY-MM-DD; the last 30 by default), impressions and engagement",
      inputSchema: campaignQuery,
      outputSchema: McpOutputs.campaigns,
      annotations: hints.reads,
    },
    (q) => run("workspace.read", () => labelService(services).report(workspace.id, q)),
  );
}
