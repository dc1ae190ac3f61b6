import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { AnalyticsService, docs as analyticsDocs, bestTimesQuery, periodQuery, resolveRange } from "../analytics";
import { Invalid } from "../errors";
import type { AppEnv } from "../http/app-env";
import { fail } from "../http/envelope";
import { failureOf } from "../http/failure";
import { describeRoute } from "../http/route-registry";
import type { Actor } from "../posts";
import { postFieldsSchema } from "../posts";
import { upcomingTargets } from "../publishing";
import type { Services } from "../services";
import { API_KEY_SCOPES } from "../tenancy/key-scopes";
import type { WorkspaceContext } from "../tenancy/membership";
import { ensurePermitted } from "../tenancy/middleware";
import type { Action } from "../tenancy/roles";
import type { ApiKeyContext } from "./api-keys";
import { engineTools } from "./mcp-engine";
import { inboxTools } from "./mcp-inbox";
import { postId } from "./mcp-inputs";
import { McpOutputs } from "./mcp-outputs";

/** Who a tool call acts for: the API key's member, in the key's workspace, with the member's current role. */
interface Caller {
  services: Services;
  apiKey: ApiKeyContext;
  workspace: WorkspaceContext;
  user: { id: string; timezone: string };
}

export const MCP_KEY_REQUIRED = "The MCP endpoint takes an API key: send Authorization: Bearer pl_…";
export const MCP_POST_ONLY = "This MCP endpoint is stateless: send JSON-RPC messages with POST.";

const draftInput = postFieldsSchema.omit({ status: true, publishNow: true, scheduledDate: true });
const scheduleInput = postFieldsSchema.omit({ status: true, publishNow: true }).extend({
  scheduledDate: postFieldsSchema.shape.scheduledDate.unwrap().unwrap(),
});
const publishInput = draftInput.partial().extend({
  postId: postId.optional().describe("Publish this existing draft; without it, a new post is created from the fields"),
});

/**
 * MCP tool annotations (hints an agent's host shows or acts on, e.g. asking before a write). Postline's tools
 * touch only the workspace's own data, except the two that publish to the social networks (openWorld).
 */
const reads = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const adds = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
const publishes = { ...adds, openWorldHint: true } as const;

/** A tool's answer: the data as structured content and as JSON text (for clients that read only text). */
const answer = (data: object): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(data) }],
  structuredContent: data as Record<string, unknown>,
});

/** Runs a tool as its REST route would: the same permission check, the same service; refusals become tool errors. */
async function run(caller: Caller, action: Action, work: () => Promise<object>): Promise<CallToolResult> {
  try {
    ensurePermitted({ apiKey: caller.apiKey, workspace: caller.workspace, role: caller.workspace.role }, action);
    return answer(await work());
  } catch (err) {
    const failure = failureOf(err);
    if (!failure) throw err;
    return {
      isError: true,
      content: [{ type: "text", text: failure.message }],
      ...(failure.data ? { structuredContent: failure.data } : {}),
    };
  }
}

/** The MCP server with its tools (ADR 019), each calling the services the REST API calls, with the REST API's zod schemas. */
export function buildMcpServer(caller: Caller): McpServer {
  const server = new McpServer(
    { name: "postline", version: "1.0.0" },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  postTools(server, caller);
  readTools(server, caller);
  const runAs = (action: Action, work: () => Promise<object>) => run(caller, action, work);
  const actor: Actor = { userId: caller.user.id, workspace: caller.workspace, keyScopes: caller.apiKey.scopes };
  engineTools(server, caller.services, actor, runAs, { reads, adds });
  inboxTools(server, caller.services, actor, runAs, { reads, publishes });
  return server;
}

/** The tools that write posts: drafts, checks, scheduling and publishing. */
function postTools(server: McpServer, caller: Caller) {
  const { services, workspace } = caller;
  const actor: Actor = { userId: caller.user.id, workspace, keyScopes: caller.apiKey.scopes };
  const ws = workspace.id;
  server.registerTool(
    "list_channels",
    {
      title: "List channels",
      description: "The workspace's connected social accounts (channels) and their status",
      outputSchema: McpOutputs.channels,
      annotations: reads,
    },
    () => run(caller, "workspace.read", async () => ({ channels: await services.accounts.list(ws) })),
  );
  server.registerTool(
    "create_draft",
    {
      title: "Create a draft",
      description: "Save a post as a draft (nothing is scheduled)",
      inputSchema: draftInput,
      outputSchema: McpOutputs.post,
      annotations: adds,
    },
    (fields) =>
      run(caller, "posts.write", async () => {
        const draft = postFieldsSchema.parse({ ...fields, status: "draft" });
        return (await services.postCommands.create(actor, draft)).post;
      }),
  );
  server.registerTool(
    "validate_post",
    {
      title: "Validate a post",
      description: "Every check the composer runs (limits, media, each channel, the schedule); creates nothing",
      inputSchema: postFieldsSchema,
      outputSchema: McpOutputs.validation,
      annotations: reads,
    },
    (fields) =>
      run(caller, "posts.write", async () => {
        const { messages, problems } = await services.posts.preflight(actor, fields);
        return { valid: messages.length === 0 && problems.length === 0, messages, problems };
      }),
  );
  server.registerTool(
    "schedule_post",
    {
      title: "Schedule a post",
      description: "Create a post scheduled for scheduledDate (ISO 8601, or a local date and time in timezone)",
      inputSchema: scheduleInput,
      outputSchema: McpOutputs.post,
      annotations: publishes,
    },
    (fields) =>
      run(caller, "posts.publish", async () => {
        const scheduled = postFieldsSchema.parse({ ...fields, status: "scheduled" });
        return (await services.postCommands.create(actor, scheduled)).post;
      }),
  );
  server.registerTool(
    "publish_now",
    {
      title: "Publish now",
      description: "Publish an existing draft, or a new post from the fields, at once",
      inputSchema: publishInput,
      outputSchema: McpOutputs.post,
      annotations: publishes,
    },
    ({ postId: id, ...fields }) =>
      run(caller, "posts.publish", async () => {
        const { post } = id
          ? await services.postCommands.publish(actor, id)
          : await services.postCommands.create(actor, postFieldsSchema.parse({ ...fields, publishNow: true }));
        return post;
      }),
  );
}

/** The tools that only read: a post's status, what is due and the analytics. */
function readTools(server: McpServer, caller: Caller) {
  const { services, workspace } = caller;
  const ws = workspace.id;
  const analytics = () =>
    new AnalyticsService(services.db, { workspaceId: ws, userId: caller.user.id }, caller.user.timezone);
  server.registerTool(
    "get_post_status",
    {
      title: "Post status",
      description: "A post's status and each channel's (status, link, error)",
      inputSchema: z.object({ postId }),
      outputSchema: McpOutputs.status,
      annotations: reads,
    },
    ({ postId: id }) =>
      run(caller, "workspace.read", async () => {
        const post = await services.posts.get(ws, id);
        return { id: post._id, status: post.status, channels: post.platformPosts };
      }),
  );
  server.registerTool(
    "list_upcoming",
    {
      title: "Upcoming posts",
      description: "The next channels due to publish, soonest first",
      outputSchema: McpOutputs.upcoming,
      annotations: reads,
    },
    () =>
      run(caller, "workspace.read", async () => ({ upcoming: await upcomingTargets(services.db, ws, services.now()) })),
  );
  server.registerTool(
    "analytics_summary",
    {
      title: "Analytics summary",
      description: "Followers, reach, engagement and posts for a period (7d, 30d, 90d, 1y or custom)",
      inputSchema: periodQuery,
      outputSchema: analyticsDocs.overview.data,
      annotations: reads,
    },
    (query) =>
      run(caller, "workspace.read", async () => {
        try {
          return await analytics().overview(resolveRange(query, services.now(), caller.user.timezone));
        } catch (err) {
          if (err instanceof RangeError) throw new Invalid(err.message);
          throw err;
        }
      }),
  );
  server.registerTool(
    "best_times",
    {
      title: "Best times to post",
      description: "When the workspace's posts get the most engagement, per weekday and hour",
      inputSchema: bestTimesQuery,
      outputSchema: analyticsDocs.bestTimes.data,
      annotations: reads,
    },
    ({ platform }) => run(caller, "workspace.read", () => analytics().bestTimes(platform ?? null)),
  );
}

/** JSON-RPC 2.0 as MCP sends it: a request (or notification), or a batch. */
const JSON_RPC_MESSAGE = {
  type: "object",
  properties: {
    jsonrpc: { const: "2.0" },
    id: { type: ["string", "integer"] },
    method: { type: "string", examples: ["initialize", "tools/list", "tools/call"] },
    params: { type: "object" },
  },
  required: ["jsonrpc", "method"],
};
const JSON_RPC_REQUEST = { anyOf: [JSON_RPC_MESSAGE, { type: "array", items: JSON_RPC_MESSAGE }] };
const JSON_RPC_RESPONSE = {
  type: "object",
  properties: {
    jsonrpc: { const: "2.0" },
    id: { type: ["string", "integer", "null"] },
    result: { type: "object" },
    error: {
      type: "object",
      properties: { code: { type: "integer" }, message: { type: "string" }, data: {} },
      required: ["code", "message"],
    },
  },
  required: ["jsonrpc"],
};

describeRoute({
  method: "post",
  path: "/mcp",
  tag: "MCP",
  summary:
    "Model Context Protocol (Streamable HTTP, stateless, JSON answers) for AI agents, with an API key; tools: list_channels, create_draft, validate_post, schedule_post, publish_now, get_post_status, list_upcoming, analytics_summary, best_times, list_categories, add_to_category, list_inbox, reply_to_inbox_item, list_feeds, list_saved_pieces, link_clicks, campaign_report",
  description:
    "JSON-RPC 2.0 over MCP Streamable HTTP, not the envelope: send `Accept: application/json, text/event-stream`; answers are JSON-RPC results or errors. Stateless: no session, GET answers 405. Without a key: 401 with `WWW-Authenticate` naming the resource metadata (RFC 9728).",
  bodyContent: { "application/json": { schema: JSON_RPC_REQUEST } },
  answer: { "application/json": { schema: JSON_RPC_RESPONSE } },
});

/**
 * POST /mcp: a stateless Streamable HTTP endpoint (a fresh server and transport per request, JSON answers, no
 * session), so any Worker instance answers any call. Authenticated with an API key only.
 */
export const mcpRoutes = new Hono<AppEnv>()
  .use(bodyLimit({ maxSize: 1024 * 1024, onError: (c) => fail(c, 413, "Request body too large.") }))
  .all("/", async (c) => {
    // Stateless: no stream to open (GET) and no session to end (DELETE); the spec's answer is 405.
    if (c.req.method === "GET" || c.req.method === "DELETE") return fail(c, 405, MCP_POST_ONLY, { Allow: "POST" });
    const { apiKey, auth, workspace, services } = c.var;
    if (!apiKey || !auth || !workspace) {
      const metadata = `${new URL(c.req.url).origin}${PROTECTED_RESOURCE_PATH}/mcp`;
      return fail(c, 401, MCP_KEY_REQUIRED, {
        "WWW-Authenticate": `Bearer realm="postline", resource_metadata="${metadata}"`,
      });
    }
    const server = buildMcpServer({ services, apiKey, workspace, user: auth.user });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(c.req.raw);
  });

export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";

/**
 * RFC 9728 metadata for the API (`…/oauth-protected-resource`) and the MCP endpoint (`…/mcp`, which the 401
 * names): bearer API keys in the Authorization header, with their scopes. No authorization server is listed
 * because there is none: keys come from Settings → API, so an MCP client asks for one instead of starting OAuth.
 */
export const protectedResourceRoutes = new Hono<AppEnv>().get("/:resource{mcp}?", (c) => {
  const origin = new URL(c.req.url).origin;
  return c.json({
    resource: c.req.param("resource") ? `${origin}/mcp` : origin,
    resource_name: "Postline",
    authorization_servers: [],
    bearer_methods_supported: ["header"],
    scopes_supported: [...API_KEY_SCOPES],
    resource_documentation: `${origin}/api/docs`,
  });
});
