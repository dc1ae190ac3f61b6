import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { inboxCursor, inboxListQuery, inboxReplyBody } from "../inbox";
import type { Actor } from "../posts";
import type { Services } from "../services";
import type { Action } from "../tenancy/roles";

type Run = (action: Action, work: () => Promise<object>) => Promise<CallToolResult>;

const item = z.looseObject({
  id: z.string(),
  platform: z.string(),
  kind: z.string(),
  author: z.string(),
  text: z.string(),
  status: z.string(),
  assigneeId: z.string().nullable(),
});

/** The engagement inbox for agents (ADR 084): read the items, and answer one on its network, once. */
export function inboxTools(
  server: McpServer,
  services: Services,
  actor: Actor,
  run: Run,
  hints: { reads: object; publishes: object },
) {
  const ws = actor.workspace.id;
  server.registerTool(
    "list_inbox",
    {
      title: "Inbox items",
      description:
        "The workspace's comments and mentions, newest first: open by default (status open|done|all), by network, label; next: pass it as before for the next page",
      // `before` as it is sent (a string), checked and read by inboxListQuery below as GET /api/inbox reads it.
      inputSchema: inboxListQuery
        .pick({ status: true, platform: true, label: true, limit: true })
        .partial()
        .extend({ before: inboxCursor.optional().describe("The previous page's next: where this page starts") }),
      outputSchema: z.object({ items: z.array(item), open: z.number(), next: z.string().nullable() }),
      annotations: hints.reads,
    },
    (q) =>
      run("workspace.read", async () => {
        const { status, platform, label, before, limit } = inboxListQuery.parse(q);
        return services.inbox.list(
          ws,
          { status: status === "all" ? undefined : status, platform, label, before, limit },
          actor.userId,
        );
      }),
  );
  server.registerTool(
    "reply_to_inbox_item",
    {
      title: "Reply to an inbox item",
      description:
        "Answer a comment or mention on its network as the account, once (a second call is refused); the item is then done",
      inputSchema: inboxReplyBody.extend({ itemId: z.string().min(1).max(100) }),
      outputSchema: item,
      annotations: hints.publishes,
    },
    ({ itemId, text }) => run("inbox.reply", () => services.inbox.reply(actor, itemId, text)),
  );
}
