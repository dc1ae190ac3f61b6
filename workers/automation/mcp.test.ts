import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../app";
import { PostMessages } from "../posts/rules";
import { call, registerUser, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { dbOf } from "../test/shards";
import { MCP_KEY_REQUIRED, MCP_POST_ONLY } from "./mcp";

type User = Awaited<ReturnType<typeof registerUser>>;

const keyOf = async (u: User, scopes: string[]) =>
  (await call<"POST /api/keys">("/api/keys", { token: u.token, body: { name: `agent ${scopes}`, scopes } })).body.data
    .token as string;

let rpcId = 0;
/** One JSON-RPC call to /mcp, as an MCP client sends it over Streamable HTTP. */
async function rpc(token: string, method: string, params: Record<string, unknown> = {}) {
  const res = await call("/mcp", {
    token,
    body: { jsonrpc: "2.0", id: ++rpcId, method, params },
    headers: { Accept: "application/json, text/event-stream" },
    origin: null,
  });
  return { status: res.status, ...(res.body as unknown as { result?: any; error?: { message: string } }) };
}

const tool = (token: string, name: string, args: Record<string, unknown> = {}) =>
  rpc(token, "tools/call", { name, arguments: args }).then(
    (r) => r.result as { isError?: boolean; content: Array<{ text: string }>; structuredContent?: any },
  );

const postsOf = async (u: User) =>
  (await (
    await dbOf(u.user.id)
  )
    .prepare("SELECT count(*) AS n FROM posts WHERE workspace_id = ?")
    .bind(u.user.id)
    .first<{ n: number }>())!.n;

describe("MCP server at /mcp", () => {
  it("initializes, lists its tools, and schedules a post that then publishes through the emulator", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "linkedin");
    const image = await uploadImage(u.token);
    const key = await keyOf(u, ["read", "write", "publish"]);

    const init = await rpc(key, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "test-agent", version: "1.0.0" },
    });
    expect(init.status).toBe(200);
    expect(init.result.serverInfo.name).toBe("postline");
    expect(init.result.capabilities.tools).toBeDefined();

    const listed = await rpc(key, "tools/list");
    expect(listed.result.tools.map((t: { name: string }) => t.name).sort()).toEqual([
      "add_to_category",
      "analytics_summary",
      "best_times",
      "campaign_report",
      "create_draft",
      "get_post_status",
      "link_clicks",
      "list_categories",
      "list_channels",
      "list_feeds",
      "list_inbox",
      "list_saved_pieces",
      "list_upcoming",
      "publish_now",
      "reply_to_inbox_item",
      "schedule_post",
      "validate_post",
    ]);
    const schedule = listed.result.tools.find((t: { name: string }) => t.name === "schedule_post");
    expect(schedule.inputSchema.required).toContain("scheduledDate");

    const channels = (await tool(key, "list_channels")).structuredContent.channels;
    expect(channels).toEqual([expect.objectContaining({ platform: "linkedin" })]);
    const fields = {
      content: "Scheduled by an agent",
      platforms: ["linkedin"],
      selectedAccounts: { linkedin: [channels[0]._id] },
      images: [image],
    };
    // The same zod schema as the REST API: its message comes back as a tool error.
    const invalid = await rpc(key, "tools/call", {
      name: "schedule_post",
      arguments: { ...fields, scheduledDate: "soon" },
    });
    expect(invalid.result.isError).toBe(true);
    expect(invalid.result.content[0].text).toContain(PostMessages.scheduleInvalid);
    expect(await postsOf(u)).toBe(0);

    const scheduled = await tool(key, "schedule_post", {
      ...fields,
      scheduledDate: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.isError, scheduled.content[0]!.text).toBeFalsy();
    const id = scheduled.structuredContent._id as string;
    expect(scheduled.structuredContent.status).toBe("scheduled");
    const upcoming = (await tool(key, "list_upcoming")).structuredContent.upcoming;
    expect(upcoming).toEqual([expect.objectContaining({ postId: id, platform: "linkedin", status: "scheduled" })]);

    // An hour later: the cron claims it and the queue publishes it on the emulator.
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET due_at = ? WHERE post_id = ?")
      .bind(Date.now() - 1000, id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const status = await vi.waitFor(
      async () => {
        const s = (await tool(key, "get_post_status", { postId: id })).structuredContent;
        if (s.status !== "published") throw new Error(`still ${s.status}`);
        return s;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(status.channels).toEqual([
      expect.objectContaining({
        platform: "linkedin",
        status: "published",
        permalink: expect.stringMatching(/^https:/),
      }),
    ]);

    const summary = await tool(key, "analytics_summary", { period: "30d" });
    expect(summary.isError, summary.content[0]!.text).toBeFalsy();
    const best = await tool(key, "best_times", {});
    expect(best.isError, best.content[0]!.text).toBeFalsy();

    // The published post goes in an evergreen category, and the category lists it.
    const made = await call<"POST /api/categories">("/api/categories", {
      token: u.token,
      body: { name: "Agent tips", slots: [{ day: 1, time: "09:00" }] },
    });
    const added = await tool(key, "add_to_category", { categoryId: made.body.data.id, postId: id });
    expect(added.isError, added.content[0]!.text).toBeFalsy();
    const listedCategories = (await tool(key, "list_categories")).structuredContent.categories;
    expect(listedCategories).toEqual([
      expect.objectContaining({ name: "Agent tips", posts: [expect.objectContaining({ postId: id, timesQueued: 0 })] }),
    ]);

    // The content engine's reads: saved pieces, feeds, and link clicks (none yet) with the API's own refusals.
    await call("/api/pieces", { token: u.token, body: { kind: "hashtags", name: "Agent tags", body: "#agents" } });
    const pieces = (await tool(key, "list_saved_pieces")).structuredContent.pieces;
    expect(pieces).toEqual([expect.objectContaining({ kind: "hashtags", name: "Agent tags", body: "#agents" })]);
    expect((await tool(key, "list_feeds")).structuredContent).toEqual({ feeds: [] });
    const clicks = await tool(key, "link_clicks", { postId: id });
    expect(clicks.structuredContent).toMatchObject({ total: 0, byChannel: [], byPost: [], bio: { total: 0 } });
    await call("/api/labels", { token: u.token, body: { name: "Agent launch", color: "#c53030" } });
    const campaigns = (await tool(key, "campaign_report")).structuredContent.campaigns;
    expect(campaigns).toEqual([expect.objectContaining({ name: "Agent launch", posts: 0, clicks: 0 })]);
    const backwards = await tool(key, "link_clicks", { from: "2031-02-02", to: "2031-02-01" });
    expect([backwards.isError, backwards.content[0]!.text]).toEqual([
      true,
      expect.stringContaining("The start date must not be after the end date"),
    ]);
  });

  it("a read-scoped key reads but cannot call write tools; other keys' workspaces stay apart; no key, no MCP", async () => {
    const [u, other] = [await registerUser(), await registerUser()];
    const readOnly = await keyOf(u, ["read"]);
    const draft = await tool(readOnly, "create_draft", { content: "Not allowed" });
    expect(draft.isError).toBe(true);
    expect(draft.content[0]!.text).toBe('This API key lacks the "write" scope.');
    const publish = await tool(readOnly, "publish_now", { content: "Not allowed", platforms: ["linkedin"] });
    expect(publish.content[0]!.text).toBe('This API key lacks the "publish" scope.');
    expect(await postsOf(u)).toBe(0);
    expect((await tool(readOnly, "list_channels")).structuredContent).toEqual({ channels: [] });

    const mine = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { content: "Mine", platforms: ["linkedin"], status: "draft" },
    });
    const otherKey = await keyOf(other, ["read", "write", "publish"]);
    const peek = await tool(otherKey, "get_post_status", { postId: mine.body.data._id });
    expect(peek).toMatchObject({ isError: true, content: [{ text: "The requested resource was not found." }] });

    const session = await call("/mcp", {
      token: u.token,
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      origin: null,
    });
    expect(session.status).toBe(401);
    expect(session.body).toEqual({ success: false, message: MCP_KEY_REQUIRED });
  });

  it("is stateless: GET (no stream to open) and DELETE (no session to end) answer 405 and name POST", async () => {
    const u = await registerUser();
    for (const method of ["GET", "DELETE"]) {
      const res = await call("/mcp", { token: u.token, method, origin: null });
      expect([res.status, res.body, res.headers.get("Allow")], method).toEqual([
        405,
        { success: false, message: MCP_POST_ONLY },
        "POST",
      ]);
    }
  });
});
