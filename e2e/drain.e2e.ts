import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { serverUrl } from "./browser";
import { newUser } from "./helpers";

/**
 * Refusals of large bodies on the real local server (workerd, as `npm start` runs it): whoever answers
 * without reading a body (a 401, a key's missing scope, a 404, a 413, a 429), the Worker entry reads it to
 * its end first (ADR 061), so the refused client gets its envelope and no later request, from it or from
 * another client on its own connections, answers `500 Network connection lost`.
 */
const baseUrl = serverUrl();
const MB = 1024 * 1024;

/** The first client: Node's fetch (undici, pooled keep-alive connections). */
async function refused(method: string, path: string, size: number, headers: Record<string, string>) {
  try {
    const res = await fetch(`${baseUrl}${path}`, { method, body: new Uint8Array(size).fill(120), headers });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { status: 0, body: String(err) };
  }
}

/** The first client's own next request. */
async function health() {
  try {
    const res = await fetch(`${baseUrl}/health`);
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { status: 0, body: String(err) };
  }
}

/** The second client: node:http on a fresh connection each time (no agent), nothing shared with fetch. */
function second(path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(`${baseUrl}${path}`, { agent: false, headers: { Authorization: `Bearer ${token}` } });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (part) => {
        body += part;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (err) => resolve({ status: 0, body: String(err) }));
    req.end();
  });
}

async function signUp() {
  const user = newUser("Dora Drain");
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ displayName: user.name, email: user.email, password: user.password }),
  });
  expect(res.status).toBe(201);
  const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0]!;
  const key = async (scopes: string[]) => {
    const made = await fetch(`${baseUrl}/api/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: baseUrl },
      body: JSON.stringify({ name: scopes.join("+"), scopes }),
    });
    expect(made.status).toBe(201);
    return ((await made.json()) as { data: { token: string } }).data.token;
  };
  return { readKey: await key(["read"]), spentKey: await key(["read", "write"]) };
}

describe("a refused large body never breaks a later request", () => {
  it("1, 5 and 11 MB bodies to refused routes, each followed by normal requests from a second client: 0 failures", async () => {
    const { readKey, spentKey } = await signUp();
    // Spend one key's window (120 a minute) so its next request is a 429.
    await Promise.all(Array.from({ length: 120 }, () => second("/api/auth/me", spentKey)));
    const json = { "Content-Type": "application/json" };
    const upload = { "Content-Type": "multipart/form-data; boundary=x" };
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    // Uploads take up to 100 MB, so 5 and 11 MB reach the auth, scope and rate checks unread.
    const cases: [string, string, Record<string, string>, number][] = [
      ["POST", "/api/posts", json, 401],
      ["POST", "/api/media/upload", upload, 401],
      ["POST", "/api/posts", { ...json, ...bearer(readKey) }, 403],
      ["POST", "/api/media/upload", { ...upload, ...bearer(readKey) }, 403],
      ["POST", "/api/no-such-route", { ...json, ...bearer(readKey) }, 404],
      ["POST", "/health", json, 404],
      ["POST", "/mcp", json, 401],
      ["POST", "/api/media/upload", { ...upload, ...bearer(spentKey) }, 429],
      ["PUT", "/api/posts/nope", { ...json, ...bearer(readKey) }, 403],
    ];
    const failures: string[] = [];
    let answered = 0;
    for (const size of [1, 5, 11]) {
      for (const [method, path, headers, expected] of cases) {
        // Under the 1 MB JSON limit at 1 MB; over it (413) at 5 and 11, except for uploads.
        const bytes = size * MB - 1024;
        const want =
          bytes > MB && headers["Content-Type"] === json["Content-Type"] && path !== "/health" ? 413 : expected;
        const [res, ...after] = await Promise.all([
          refused(method, path, bytes, headers),
          second("/api/posts", readKey),
          second("/api/auth/me", readKey),
        ]);
        const next = await Promise.all([second("/api/posts", readKey), health()]);
        answered += 1 + after.length + next.length;
        const envelope = res.body.startsWith('{"success":false');
        if (res.status !== want || !envelope) failures.push(`${method} ${path} ${size} MB: ${res.status} ${res.body}`);
        for (const r of [...after, ...next])
          if (r.status !== 200) failures.push(`after ${method} ${path} ${size} MB: ${r.status} ${r.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(answered).toBe(3 * cases.length * 5);
  });
});
