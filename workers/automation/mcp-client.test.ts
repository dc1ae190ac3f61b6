import { SELF } from "cloudflare:test";
import {
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser, uploadImage } from "../test/helpers";

const ORIGIN = "http://localhost";
const toSelf = (url: string | URL, init?: RequestInit) => SELF.fetch(String(url), init);

/** The MCP SDK's own client over Streamable HTTP, with an API key; it checks each answer against the tool's outputSchema. */
async function connect(token: string) {
  const client = new Client(
    { name: "sdk-client-test", version: "1.0.0" },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
    fetch: toSelf,
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

describe("MCP through the SDK's client", () => {
  it("lists every tool with an outputSchema and all four annotations; the answers validate against them", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "linkedin");
    const image = await uploadImage(u.token);
    const key = await call<"POST /api/keys">("/api/keys", {
      token: u.token,
      body: { name: "sdk", scopes: ["read", "write"] },
    });
    const client = await connect(key.body.data.token as string);

    const { tools } = await client.listTools();
    expect(tools).toHaveLength(17);
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(
        HINTS.map((h) => typeof tool.annotations?.[h]),
        tool.name,
      ).toEqual(HINTS.map(() => "boolean"));
    }
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name);
    expect(readOnly.sort()).toEqual([
      "analytics_summary",
      "best_times",
      "campaign_report",
      "get_post_status",
      "link_clicks",
      "list_categories",
      "list_channels",
      "list_feeds",
      "list_inbox",
      "list_saved_pieces",
      "list_upcoming",
      "validate_post",
    ]);
    // Only publishing and answering the inbox reach beyond Postline, to the networks; nothing deletes or overwrites.
    expect(
      tools
        .filter((t) => t.annotations?.openWorldHint)
        .map((t) => t.name)
        .sort(),
    ).toEqual(["publish_now", "reply_to_inbox_item", "schedule_post"]);
    expect(tools.filter((t) => t.annotations?.destructiveHint)).toEqual([]);
    expect(hints.create_draft).toMatchObject({ readOnlyHint: false, idempotentHint: false });

    // callTool validates structuredContent against the listed outputSchema and throws when it does not fit.
    const fields = {
      content: "Drafted by the SDK",
      platforms: ["linkedin"],
      selectedAccounts: { linkedin: [account] },
      images: [image],
    };
    const channels = await client.callTool({ name: "list_channels", arguments: {} });
    expect(channels.structuredContent).toEqual({ channels: [expect.objectContaining({ _id: account })] });
    const draft = await client.callTool({ name: "create_draft", arguments: fields });
    expect(draft.isError, JSON.stringify(draft.content)).toBeFalsy();
    const id = (draft.structuredContent as { _id: string })._id;
    const checked = await client.callTool({ name: "validate_post", arguments: { ...fields, status: "draft" } });
    expect(checked.structuredContent).toMatchObject({ valid: true, messages: [], problems: [] });
    const status = await client.callTool({ name: "get_post_status", arguments: { postId: id } });
    expect(status.structuredContent).toMatchObject({ id, status: "draft", channels: [{ platform: "linkedin" }] });
    for (const [name, args] of [
      ["list_upcoming", {}],
      ["analytics_summary", { period: "7d" }],
      ["best_times", {}],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    }
    // A refusal is a tool error, which carries no structured content to validate.
    const refused = await client.callTool({ name: "publish_now", arguments: { postId: id } });
    expect(refused).toMatchObject({ isError: true, content: [{ text: 'This API key lacks the "publish" scope.' }] });
    await client.close();
  });

  it("without a key, the 401 names RFC 9728 metadata that lists no authorization server: API keys only", async () => {
    const res = await SELF.fetch(`${ORIGIN}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    await res.body?.cancel();
    expect(res.status).toBe(401);
    const { resourceMetadataUrl } = extractWWWAuthenticateParams(res);
    expect(resourceMetadataUrl?.href).toBe(`${ORIGIN}/.well-known/oauth-protected-resource/mcp`);

    // The SDK's own discovery reads and validates it, as the MCP inspector would before any OAuth.
    const metadata = await discoverOAuthProtectedResourceMetadata(`${ORIGIN}/mcp`, { resourceMetadataUrl }, toSelf);
    expect(metadata).toEqual({
      resource: `${ORIGIN}/mcp`,
      resource_name: "Postline",
      authorization_servers: [],
      bearer_methods_supported: ["header"],
      scopes_supported: ["read", "write", "publish"],
      resource_documentation: `${ORIGIN}/api/docs`,
    });
    const root = await SELF.fetch(`${ORIGIN}/.well-known/oauth-protected-resource`, {
      headers: { Origin: "https://agent.example" },
    });
    expect(root.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await root.json()).toEqual({ ...metadata, resource: ORIGIN });
    // The documentation it names is there.
    expect((await SELF.fetch(metadata.resource_documentation!)).status).toBe(200);
  });
});
