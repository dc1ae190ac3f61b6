import { describe, expect, it } from "vitest";
import { insertFacebookComments } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { dbOf } from "../test/shards";

type User = Awaited<ReturnType<typeof registerUser>>;

const keyOf = async (u: User) =>
  (await call<"POST /api/keys">("/api/keys", { token: u.token, body: { name: "agent", scopes: ["read"] } })).body.data
    .token as string;

let rpcId = 0;
/** One tools/call to /mcp, as an MCP client sends it over Streamable HTTP. */
async function listInbox(key: string, args: Record<string, unknown>) {
  const res = await call("/mcp", {
    token: key,
    body: { jsonrpc: "2.0", id: ++rpcId, method: "tools/call", params: { name: "list_inbox", arguments: args } },
    headers: { Accept: "application/json, text/event-stream" },
    origin: null,
  });
  expect(res.status).toBe(200);
  return (
    res.body as unknown as { result: { isError?: boolean; content: Array<{ text: string }>; structuredContent?: any } }
  ).result;
}

describe("MCP list_inbox", () => {
  it("pages with before as GET /api/inbox does: next names its place, so items of one second come once each", async () => {
    const u = await registerUser();
    const ws = u.user.id;
    const newest = Date.now() - 60_000;
    // Networks stamp comments to the second: five arrive at once.
    await insertFacebookComments(ws, 5, newest);
    const db = await dbOf(ws);
    await db.prepare("UPDATE inbox_items SET created_at = ? WHERE workspace_id = ?").bind(newest, ws).run();
    const key = await keyOf(u);

    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await listInbox(key, { status: "all", limit: 2, ...(before ? { before } : {}) });
      expect(res.isError, res.content[0]?.text).toBeFalsy();
      seen.push(...res.structuredContent.items.map((i: { id: string }) => i.id));
      before = res.structuredContent.next ?? undefined;
      if (!before) break;
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4].map((i) => `${ws}-i${i}`).sort());

    // The REST API's pages, item for item.
    const rest = await call<"GET /api/inbox">("/api/inbox?status=all&limit=2", { token: u.token });
    const first = await listInbox(key, { status: "all", limit: 2 });
    expect(first.structuredContent.next).toBe(rest.body.data.next);
    const restNext = await call<"GET /api/inbox">(
      `/api/inbox?status=all&limit=2&before=${encodeURIComponent(rest.body.data.next!)}`,
      { token: u.token },
    );
    const second = await listInbox(key, { status: "all", limit: 2, before: first.structuredContent.next });
    expect(second.structuredContent.items.map((i: { id: string }) => i.id)).toEqual(
      restNext.body.data.items.map((i) => i.id),
    );

    const bad = await listInbox(key, { before: "yesterday" });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toContain("before takes the next of the page before.");
  });
});
