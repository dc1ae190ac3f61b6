import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";
import { holdBody } from "./body-drain";

const MB = 1024 * 1024;

/** A body of `size` bytes sent in 64 KB chunks, counting what the server pulled. */
function countedBody(size: number) {
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const sent = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent.bytes >= size) return controller.close();
        const part = chunk.subarray(0, Math.min(chunk.byteLength, size - sent.bytes));
        sent.bytes += part.byteLength;
        controller.enqueue(part);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, sent };
}

/** Posts `size` bytes; an empty Content-Length in `headers` sends the body chunked, with no length. */
async function post(path: string, size: number, headers: Record<string, string> = {}) {
  const { stream, sent } = countedBody(size);
  const all = { "Content-Type": "application/json", "Content-Length": String(size), ...headers };
  const res = await SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    body: stream,
    // A declared length, as browsers and fetch send: the API's body limit then answers without reading.
    headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== "")),
  });
  const text = await res.text();
  return { status: res.status, text, sent: sent.bytes };
}

describe("the edge drains a body the app answered without reading", () => {
  it.each([
    ["an unknown route (404)", "/health", 1],
    ["the MCP endpoint without a key (413 before the key check)", "/mcp", 5],
    ["a signed-out write (401)", "/api/posts", 1],
    ["a body over the JSON limit (413)", "/api/posts", 5],
  ])("%s: every byte is read before the answer leaves", async (_name, path, mb) => {
    const size = mb * MB - 10;
    const res = await post(path, size);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.sent).toBe(size);
  });

  it("a body over the limit sent without a length is read to its end, though the limit holds its stream", async () => {
    const size = 5 * MB;
    const res = await post("/api/posts", size, { "Content-Length": "" });
    expect(res).toEqual({
      status: 413,
      text: JSON.stringify({ success: false, message: "Request body too large." }),
      sent: size,
    });
  });

  it("a refused API key's body is read too, and the next request is answered", async () => {
    const res = await post("/api/posts", MB - 10, { Authorization: "Bearer pl_not-a-key" });
    expect(res).toEqual({
      status: 401,
      text: JSON.stringify({ success: false, message: "This API key is invalid, revoked or expired." }),
      sent: MB - 10,
    });
    const u = await registerUser();
    expect((await call("/api/auth/me", { token: u.token })).status).toBe(200);
  });

  it("hands the app the whole body when it reads it", async () => {
    const { request, drain } = holdBody(
      new Request("http://localhost/x", { method: "POST", body: JSON.stringify({ a: "é".repeat(100_000) }) }),
    );
    expect(await request.json()).toEqual({ a: "é".repeat(100_000) });
    await drain();
  });

  it("stops draining at its limit and cancels the rest", async () => {
    const { stream, sent } = countedBody(2 * MB);
    const { drain } = holdBody(new Request("http://localhost/x", { method: "POST", body: stream }), MB);
    await drain();
    expect(sent.bytes).toBeGreaterThan(MB);
    expect(sent.bytes).toBeLessThan(2 * MB);
  });
});
